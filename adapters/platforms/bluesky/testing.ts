import sharp from 'sharp'
import type { ConnectedAccount, PublishTarget } from '#modules/publishing/ports.ts'
import { createSandboxNetwork, listenSandbox } from '../sandbox/network.ts'
import { SandboxStore } from '../sandbox/store.ts'
import { sandboxUserFetch } from '../sandbox/user-hosts.ts'
import type { AdapterSettings } from '../settings.ts'
import { createBlueskyAdapter } from './adapter.ts'
import { bluesky } from './index.ts'
import { createBlueskyFake } from './sandbox.ts'

export { firstRequests, losingAnswers, recordingHooks, withDeadline } from '../sandbox/testing.ts'

/** An app password of the right format that the sandbox accepts. */
export const APP_PASSWORD = 'abcd-efgh-ijkl-mnop'
export const BLOCKED_IMAGE = 'https://blocked.example/bild.png'

type Options = Partial<Pick<AdapterSettings, 'timeoutMs' | 'mediaStream'>> & {
	/** Wraps the fetch below the sandbox's user-host mapping (lost answers, counting). */
	fetch?: typeof fetch
}

/** The Bluesky fake on its own loopback port and an adapter whose userFetch maps every host onto it. */
export async function blueskySandbox(options: Options = {}) {
	const { timeoutMs = 5_000, fetch: fetcher = globalThis.fetch, mediaStream } = options
	const store = new SandboxStore()
	const server = await listenSandbox((base) => createSandboxNetwork({ publicBase: base, store, fakes: { bluesky: createBlueskyFake }, callbackUrls: [], controls: true, names: { bluesky: bluesky.descriptor.name } }))
	const mount = `${server.base}/bluesky`
	// A refused image address answers 403 like the safe media fetcher (server/platforms.ts).
	const mediaFetch = (async (input: string | URL | Request, init?: RequestInit) =>
		String(input).startsWith(BLOCKED_IMAGE) ? new Response(null, { status: 403 }) : globalThis.fetch(input, init)) as typeof fetch
	const settings: AdapterSettings = {
		...bluesky.sandboxEndpoints(server.base, server.base),
		clientId: 'sandbox-bluesky',
		clientSecret: 'sandbox-secret',
		sandbox: true,
		fetch: globalThis.fetch,
		mediaFetch,
		...(mediaStream ? { mediaStream } : {}),
		userFetch: sandboxUserFetch(mount, fetcher),
		// Read on every request: a test shortens it for one action with withDeadline (sandbox/testing.ts).
		timeoutMs,
	}
	// A video job's reads a few milliseconds apart: the sandbox's jobs finish after two reads.
	const polling = { videoPollIntervalMs: 5, videoPollAttempts: 20 }
	const adapter = createBlueskyAdapter(settings, polling)
	return Object.assign(server, { store, mount, router: server.network.routers.bluesky!, adapter, settings, createAdapter: () => createBlueskyAdapter(settings, polling) })
}

export type BlueskySandbox = Awaited<ReturnType<typeof blueskySandbox>>

export function connect(sandbox: BlueskySandbox, identifier = 'acme.bsky.social'): Promise<ConnectedAccount> {
	return sandbox.adapter.signIn!({ identifier, password: APP_PASSWORD })
}

export function targetOf(account: ConnectedAccount): PublishTarget {
	return { accountId: account.accountId, pageId: account.pages[0]!.pageId, accessToken: account.token.accessToken, server: account.token.server }
}

/** The DID the sandbox gives a handle (through the entryway, as a client would ask). */
export async function didOf(sandbox: BlueskySandbox, handle: string) {
	const response = await fetch(`${sandbox.mount}/host/bsky.social/xrpc/com.atproto.identity.resolveHandle?handle=${handle}`)
	return ((await response.json()) as { did: string }).did
}

/** An image as a data: URL (the media fetch reads those without a request). */
export async function imageUrl(width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') {
	const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 17, g: 133, b: 254 } } })
		.toFormat(format)
		.toBuffer()
	return `data:image/${format};base64,${bytes.toString('base64')}`
}

export const xrpcRoute = (method: 'GET' | 'POST', nsid: string) => `${method} /host/:host/xrpc/${nsid}`
