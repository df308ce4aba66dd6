import { PlatformError } from '#modules/publishing/ports.ts'
import { call, type HttpResult } from '../http.ts'
import type { AdapterSettings } from '../settings.ts'
import { badResponse, invalid, isRefusedHost, mastodonError } from './errors.ts'

export type Json = Record<string, unknown>

export type RequestOptions = {
	method?: string
	token?: string | null
	query?: Record<string, string | undefined>
	/** A JSON body. */
	json?: unknown
	/** A form body (the token endpoint). */
	form?: URLSearchParams
	/** A body as bytes, or streamed (a video), with its content type (the multipart media upload). */
	raw?: { body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>; contentType: string }
	headers?: Record<string, string>
	/** Creates something (a status): a lost answer is an unknown outcome (see ../http.ts). */
	creates?: boolean
	signal?: AbortSignal
	/** Instead of settings.timeoutMs (a video upload takes longer than an API call). */
	timeoutMs?: number
}

/**
 * Calls to the instances users name: every request goes through settings.userFetch (the SSRF-safe
 * fetcher; in test mode the sandbox fake below /host/<host>/), never settings.fetch. A host the fetcher
 * refuses is 'server_blocked' (nothing was sent).
 */
export function createMastodonClient(settings: Pick<AdapterSettings, 'userFetch' | 'timeoutMs'>) {
	async function send(server: string, path: string, options: RequestOptions = {}): Promise<HttpResult> {
		const seen: { error?: unknown } = {}
		const fetcher = (async (input: string | URL | Request, init?: RequestInit) => {
			try {
				return await settings.userFetch(input, init)
			} catch (error) {
				seen.error = error
				throw error
			}
		}) as typeof fetch
		// Plain header objects: the safe fetcher takes them as a record.
		const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
		if (options.token) headers.authorization = `Bearer ${options.token}`
		let body: BodyInit | undefined
		if (options.json !== undefined) {
			body = JSON.stringify(options.json)
			headers['content-type'] = 'application/json'
		} else if (options.form) {
			body = options.form.toString()
			headers['content-type'] = 'application/x-www-form-urlencoded'
		} else if (options.raw) {
			body = options.raw.body
			headers['content-type'] = options.raw.contentType
		}
		try {
			return await call({ fetch: fetcher, timeoutMs: options.timeoutMs ?? settings.timeoutMs }, urlOf(server, path, options.query), {
				method: options.method ?? 'GET',
				headers,
				body,
				creates: options.creates,
				signal: options.signal,
			})
		} catch (error) {
			if (isRefusedHost(seen.error)) throw invalid('server_blocked', seen.error.message)
			if (error instanceof PlatformError && error.kind === 'unknown_outcome' && neverConnected(seen.error)) {
				throw new PlatformError({ kind: 'transient', code: 'network', message: error.message })
			}
			throw error
		}
	}

	/** A JSON object from a 2xx answer; anything else a PlatformError. */
	async function request(server: string, path: string, options: RequestOptions = {}): Promise<Json> {
		const result = await send(server, path, options)
		if (result.status < 200 || result.status >= 300) throw mastodonError(result, { creates: options.creates })
		if (!result.json || typeof result.json !== 'object' || Array.isArray(result.json)) {
			throw badResponse(`HTTP ${result.status} without a JSON object`, { creates: options.creates, status: result.status })
		}
		return result.json as Json
	}

	/** A JSON array from a 2xx answer (timelines, lists). */
	async function list(server: string, path: string, options: RequestOptions = {}): Promise<Array<Json>> {
		const result = await send(server, path, options)
		if (result.status < 200 || result.status >= 300) throw mastodonError(result)
		if (!Array.isArray(result.json)) throw badResponse(`HTTP ${result.status} without a JSON array`, { status: result.status })
		return (result.json as Array<unknown>).filter((item): item is Json => Boolean(item) && typeof item === 'object')
	}

	return { send, request, list }
}

export type MastodonClient = ReturnType<typeof createMastodonClient>

function urlOf(server: string, path: string, query: RequestOptions['query']) {
	const url = new URL(path, `${server.replace(/\/+$/, '')}/`)
	for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.append(key, value)
	return url.toString()
}

/** A name that does not resolve or a refused connection: the request never left. */
function neverConnected(error: unknown) {
	let cause: unknown = error
	for (let depth = 0; cause && depth < 4; depth++) {
		const code = (cause as { code?: unknown }).code
		if (code === 'ENOTFOUND' || code === 'ECONNREFUSED' || code === 'EAI_AGAIN') return true
		cause = (cause as { cause?: unknown }).cause
	}
	return false
}

export function str(value: unknown): string | null {
	if (typeof value === 'string' && value) return value
	return typeof value === 'number' ? String(value) : null
}

export function num(value: unknown): number | null {
	return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/** Mastodon's ISO 8601 created_at as a Date (epoch for a missing or broken one). */
export function dateOf(value: unknown) {
	const date = new Date(typeof value === 'string' ? value : '')
	return Number.isNaN(date.getTime()) ? new Date(0) : date
}
