import { WebReadError } from '#modules/media/index.ts'
import { createRequestGuard } from '#modules/publishing/ports.ts'
import { parseJson } from '../http.ts'
import type { AdapterSettings } from '../settings.ts'
import { badResponse, blueskyError, failure, type XrpcResult } from './errors.ts'

export type Json = Record<string, unknown>

type Options = {
	/** The access or refresh JWT, sent as Bearer. */
	token?: string | null
	/** The request may create a record: a lost answer is an unknown outcome (reconcile, never resend blindly). */
	creates?: boolean
	signal?: AbortSignal
	/** Instead of settings.timeoutMs (a video upload takes longer than a call). */
	timeoutMs?: number
}

/**
 * XRPC over `settings.userFetch` only: every host here (the handle's, plc.directory, the PDS) is one
 * a user named or that a user's DID document names, so each request passes the SSRF-safe fetcher's
 * rules (in test mode: the sandbox fake). A refused host never gets a request.
 */
export function createXrpc(settings: Pick<AdapterSettings, 'userFetch' | 'timeoutMs' | 'directoryUrl' | 'insecureHosts'>) {
	/** One request; network failures as PlatformError, the HTTP answer as it came. */
	async function send(url: string, init: RequestInit & Options = {}): Promise<XrpcResult> {
		const { token, creates, signal: outer, timeoutMs, ...rest } = init
		if (creates) await createRequestGuard.getStore()?.beforeCreate()
		const timeout = AbortSignal.timeout(timeoutMs ?? settings.timeoutMs)
		const signal = outer ? AbortSignal.any([outer, timeout]) : timeout
		const headers = new Headers(rest.headers)
		if (token) headers.set('authorization', `Bearer ${token}`)
		let response: Response
		try {
			// A streamed body (a video) is sent as it is read: fetch needs half duplex for it.
			const streamed = rest.body instanceof ReadableStream ? { duplex: 'half' } : {}
			response = await settings.userFetch(url, { ...rest, ...streamed, headers, signal, redirect: 'manual' } as RequestInit)
		} catch (error) {
			throw networkFailure(error, timeout.aborted, creates)
		}
		let text: string
		try {
			text = await response.text()
		} catch (error) {
			throw networkFailure(error, timeout.aborted, creates)
		}
		return { status: response.status, headers: response.headers, text, json: parseJson(text) }
	}

	/** An XRPC call on `service` (a PDS or the entryway); a non-2xx answer throws. */
	async function call(service: string, nsid: string, init: RequestInit & Options & { query?: Record<string, string | Array<string>> } = {}): Promise<Json> {
		const { query, ...rest } = init
		const url = new URL(`/xrpc/${nsid}`, service)
		for (const [key, value] of Object.entries(query ?? {})) for (const one of [value].flat()) url.searchParams.append(key, one)
		const result = await send(url.href, rest)
		if (result.status < 200 || result.status >= 300) throw blueskyError(result, nsid, { creates: rest.creates })
		if (!result.json || typeof result.json !== 'object') throw badResponse(`${nsid} answered HTTP ${result.status} without JSON`, { creates: rest.creates })
		return result.json as Json
	}

	return {
		/** Where identities are resolved: the PLC directory, and the self-hosted servers development allows over http. */
		identity: { plcUrl: (settings.directoryUrl ?? 'https://plc.directory').replace(/\/+$/, ''), insecureHosts: settings.insecureHosts ?? [] },
		send,
		call,
		get: (service: string, nsid: string, query: Record<string, string | Array<string>>, options: Options = {}) => call(service, nsid, { ...options, query }),
		post: (service: string, nsid: string, body: unknown, options: Options = {}) =>
			call(service, nsid, { ...options, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
		/**
		 * The official client on `service` for what it does best (RichText.detectFacets resolving
		 * mentions), with its requests through the same fetch. Loaded on first use: @atproto/api takes
		 * ~0.4 s to import, which every server start and test file would pay.
		 */
		agent: async (service: string) => {
			const { Agent } = await import('@atproto/api')
			return new Agent(async (path: string, init: RequestInit) => {
				const result = await send(new URL(path, service).href, { method: init.method, headers: init.headers, body: init.body })
				return new Response(result.text, { status: result.status, headers: result.headers })
			})
		},
	}
}

export type Xrpc = ReturnType<typeof createXrpc>

/**
 * A refused address (the SSRF rules) is the user's input, not a network problem; a refused
 * connection never reached the network; anything else on a creating request may have arrived.
 */
function networkFailure(error: unknown, timedOut: boolean, creates = false) {
	const message = error instanceof Error ? error.message : String(error)
	if (error instanceof WebReadError && (error.code === 'blocked_address' || error.code === 'invalid_url')) {
		return failure('invalid_request', 'server_blocked', message)
	}
	const refused = isConnectionRefused(error)
	const code = timedOut || (error instanceof WebReadError && error.code === 'timeout') ? 'timeout' : 'network'
	return failure(creates && !refused ? 'unknown_outcome' : 'transient', code, message)
}

function isConnectionRefused(error: unknown): boolean {
	if (error instanceof WebReadError) return false
	const cause = (error as { cause?: { code?: string } } | null)?.cause
	return cause?.code === 'ECONNREFUSED' || cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN'
}

export function str(value: unknown): string | null {
	return typeof value === 'string' && value ? value : null
}

export function num(value: unknown): number | null {
	return typeof value === 'number' && Number.isFinite(value) ? value : null
}
