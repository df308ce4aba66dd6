import { expect } from 'vitest'
import type { Checkpoint, ConnectedAccount, PublishTarget } from '#modules/publishing/ports.ts'
import { createSandboxNetwork, listenSandbox } from '../sandbox/network.ts'
import { SandboxStore } from '../sandbox/store.ts'
import type { AdapterSettings } from '../settings.ts'
import { createThreadsAdapter, type ThreadsAdapterOptions } from './adapter.ts'
import { threads } from './index.ts'
import { createThreadsFake, type ThreadsFakeOptions } from './sandbox.ts'

type Options = Omit<ThreadsFakeOptions, 'base' | 'store' | 'redirectAllowed'> & ThreadsAdapterOptions & Partial<Pick<AdapterSettings, 'timeoutMs' | 'fetch'>>

/** The Threads fake on its own loopback port and an adapter pointed at it. */
export async function threadsSandbox(options: Options = {}) {
	const { processingPolls, publishDelayMs, pollIntervalMs = 1, maxPollMs = 2_000, timeoutMs = 5_000, fetch = globalThis.fetch } = options
	const store = new SandboxStore()
	const fake = processingPolls || publishDelayMs ? (context: Parameters<typeof createThreadsFake>[0]) => createThreadsFake({ ...context, processingPolls, publishDelayMs }) : createThreadsFake
	const server = await listenSandbox((base) => createSandboxNetwork({ publicBase: base, store, fakes: { threads: fake }, callbackUrls: [`${base}/connect/threads/callback`] }))
	const settings: AdapterSettings = {
		...threads.sandboxEndpoints(server.base, server.base),
		clientId: 'sandbox-client',
		clientSecret: 'sandbox-secret',
		sandbox: true,
		fetch,
		mediaFetch: fetch,
		userFetch: fetch,
		timeoutMs,
	}
	const adapter = createThreadsAdapter(settings, { pollIntervalMs, maxPollMs })
	return Object.assign(server, { store, router: server.network.routers.threads!, adapter, settings })
}

export type ThreadsSandbox = Awaited<ReturnType<typeof threadsSandbox>>

const decode = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))

/** The consent page as a browser sees it: its hidden fields plus the button pressed, posted back. */
export async function consent(authorizeUrl: string, decision: 'allow' | 'deny') {
	const page = await fetch(authorizeUrl)
	const html = await page.text()
	const fields = new URLSearchParams([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [decode(m[1]!), decode(m[2]!)]))
	fields.set('decision', decision)
	const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1]
	const answer = await fetch(new URL(action!, authorizeUrl), { method: 'POST', body: fields, redirect: 'manual' })
	return { page, html, status: answer.status, location: answer.headers.get('location') ? new URL(answer.headers.get('location')!) : null }
}

export async function connect(sandbox: ThreadsSandbox): Promise<ConnectedAccount> {
	const redirectUri = `${sandbox.base}/connect/threads/callback`
	const { location } = await consent(sandbox.adapter.authorizationUrl({ state: 'st4te', codeVerifier: 'unused', redirectUri }), 'allow')
	expect(location?.searchParams.get('state')).toBe('st4te')
	return sandbox.adapter.exchangeCode({ code: location!.searchParams.get('code')!, codeVerifier: 'unused', redirectUri })
}

export function targetOf(account: ConnectedAccount): PublishTarget {
	return { accountId: account.accountId, pageId: account.pages[0]!.pageId, accessToken: account.token.accessToken }
}

export function recordingHooks() {
	const checkpoints: Array<Checkpoint> = []
	return {
		checkpoints,
		latest: () => Object.assign({}, ...checkpoints) as Checkpoint,
		hooks: { checkpoint: async (data: Checkpoint) => void checkpoints.push(data) },
	}
}
