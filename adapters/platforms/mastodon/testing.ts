import { randomBytes } from 'node:crypto'
import { fetch as undiciFetch } from 'undici'
import { expect } from 'vitest'
import type { ConnectedAccount, PublishTarget } from '#modules/publishing/ports.ts'
import { createSandboxNetwork, listenSandbox } from '../sandbox/network.ts'
import { SandboxStore } from '../sandbox/store.ts'
import { consent } from '../sandbox/testing.ts'
import { sandboxUserFetch } from '../sandbox/user-hosts.ts'
import type { AdapterSettings } from '../settings.ts'
import { createMastodonAdapter, type MastodonAdapterOptions } from './adapter.ts'
import { mastodon } from './index.ts'
import { createMastodonFake, type MastodonFakeOptions } from './sandbox.ts'

export { consent, firstRequests, losingAnswers, recordingHooks, withDeadline } from '../sandbox/testing.ts'

type Options = Omit<MastodonFakeOptions, 'base' | 'store' | 'redirectAllowed'> &
	MastodonAdapterOptions &
	Partial<Pick<AdapterSettings, 'timeoutMs'>> & {
		/** Wraps the loopback fetch behind userFetch (to fail or observe requests). */
		wrap?: (fetcher: typeof fetch) => typeof fetch
	}

/** A tiny valid PNG (1×1), and what the stub image host serves. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex')
export const IMAGES: Record<string, { status: number; body?: Uint8Array }> = {
	'https://bilder.example/bild.png': { status: 200, body: PNG },
	'https://bilder.example/text.txt': { status: 200, body: Buffer.from('kein Bild') },
	'https://bilder.example/riesig.png': { status: 200, body: Buffer.concat([PNG, Buffer.alloc(17 * 1024 * 1024)]) },
	// What the SSRF-safe media fetcher answers for a refused address.
	'https://bilder.example/verboten.png': { status: 403 },
}

/** The Mastodon fake on its own loopback port and an adapter whose userFetch reaches it (as in test mode). */
export async function mastodonSandbox(options: Options = {}) {
	const { mediaPolls, statusDelayMs, pollIntervalMs = 1, maxPollMs = 2_000, timeoutMs = 5_000, wrap = (f: typeof fetch) => f } = options
	const store = new SandboxStore()
	// Read by the fake on every request, so a test may slow it down after connecting.
	const tuning = { statusDelayMs }
	const fake = (context: Parameters<typeof createMastodonFake>[0]) =>
		createMastodonFake({
			...context,
			mediaPolls,
			get statusDelayMs() {
				return tuning.statusDelayMs
			},
		})
	const server = await listenSandbox((base) => createSandboxNetwork({ publicBase: base, store, fakes: { mastodon: fake }, callbackUrls: [`${base}/connect/mastodon/callback`], controls: true }))
	let sent = 0
	const counted = wrap(((input: string | URL | Request, init?: RequestInit) => {
		sent += 1
		// undici's own fetch, as server/platforms.ts and the safe fetcher use (not Node's global one).
		return undiciFetch(input as string, init as never) as unknown as Promise<Response>
	}) as typeof fetch)
	const settings: AdapterSettings = {
		...mastodon.sandboxEndpoints(server.base, server.base),
		clientId: 'sandbox-mastodon',
		clientSecret: 'sandbox-secret',
		sandbox: true,
		fetch: (() => {
			throw new Error('Mastodon requests must go through settings.userFetch')
		}) as typeof fetch,
		mediaFetch: (async (input: string | URL | Request) => {
			const image = IMAGES[String(input)] ?? { status: 404 }
			return new Response(image.body ? new Uint8Array(image.body) : null, { status: image.status })
		}) as typeof fetch,
		userFetch: sandboxUserFetch(`${server.base}/mastodon`, counted),
		// Read on every request: a test shortens it for one action with withDeadline (sandbox/testing.ts).
		timeoutMs,
	}
	const adapter = createMastodonAdapter(settings, { pollIntervalMs, maxPollMs })
	return Object.assign(server, {
		store,
		router: server.network.routers.mastodon!,
		adapter,
		settings,
		tuning,
		redirectUri: `${server.base}/connect/mastodon/callback`,
		/** Requests that reached the loopback fetch behind userFetch. */
		sent: () => sent,
	})
}

export type MastodonSandbox = Awaited<ReturnType<typeof mastodonSandbox>>

/** The whole connect flow on `input`: resolve, register, consent, exchange. */
export async function connect(sandbox: MastodonSandbox, input = 'mastodon.example'): Promise<ConnectedAccount> {
	const url = await sandbox.adapter.resolveServer!(input)
	const registered = await sandbox.adapter.registerClient!({ server: url, redirectUri: sandbox.redirectUri })
	const server = { url, ...registered }
	const codeVerifier = randomBytes(32).toString('base64url')
	const { location } = await consent(sandbox.adapter.authorizationUrl({ state: 'st4te', codeVerifier, redirectUri: sandbox.redirectUri, server }), 'allow')
	expect(location?.searchParams.get('state')).toBe('st4te')
	return sandbox.adapter.exchangeCode({ code: location!.searchParams.get('code')!, codeVerifier, redirectUri: sandbox.redirectUri, server })
}

export function targetOf(account: ConnectedAccount): PublishTarget {
	return { accountId: account.accountId, pageId: account.pages[0]!.pageId, accessToken: account.token.accessToken, server: account.token.server ?? null }
}
