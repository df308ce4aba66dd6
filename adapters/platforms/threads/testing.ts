import { expect } from 'vitest'
import type { ConnectedAccount, PublishTarget } from '#modules/publishing/ports.ts'
import { createSandboxNetwork, listenSandbox } from '../sandbox/network.ts'
import { SandboxStore } from '../sandbox/store.ts'
import { consent } from '../sandbox/testing.ts'
import type { AdapterSettings } from '../settings.ts'
import { createThreadsAdapter, type ThreadsAdapterOptions } from './adapter.ts'
import { threads } from './index.ts'
import { createThreadsFake, type ThreadsFakeOptions } from './sandbox.ts'

export { consent, firstRequests, losingAnswers, recordingHooks } from '../sandbox/testing.ts'

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

export async function connect(sandbox: ThreadsSandbox): Promise<ConnectedAccount> {
	const redirectUri = `${sandbox.base}/connect/threads/callback`
	const { location } = await consent(sandbox.adapter.authorizationUrl({ state: 'st4te', codeVerifier: 'unused', redirectUri }), 'allow')
	expect(location?.searchParams.get('state')).toBe('st4te')
	return sandbox.adapter.exchangeCode({ code: location!.searchParams.get('code')!, codeVerifier: 'unused', redirectUri })
}

export function targetOf(account: ConnectedAccount): PublishTarget {
	return { accountId: account.accountId, pageId: account.pages[0]!.pageId, accessToken: account.token.accessToken }
}
