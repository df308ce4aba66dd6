import { PlatformError } from '#modules/publishing/ports.ts'
import { call, form } from '../http.ts'
import type { AdapterSettings } from '../settings.ts'
import { classifyGraphError } from './errors.ts'

export type GraphParams = Record<string, string | number | boolean | null | undefined>

export type GraphOptions = { creates?: boolean; signal?: AbortSignal }

type Settings = Pick<AdapterSettings, 'apiBase' | 'fetch' | 'timeoutMs'>

export type GraphPage<T> = { data?: Array<T>; paging?: { next?: string } }

export type Graph = {
	get: <T>(path: string, params: GraphParams, token: string, options?: GraphOptions) => Promise<T>
	post: <T>(path: string, params: GraphParams, token: string, options?: GraphOptions) => Promise<T>
	/** All items of an edge, following `paging.next` up to `maxPages`. */
	list: <T>(path: string, params: GraphParams, token: string, options?: { maxPages?: number; signal?: AbortSignal }) => Promise<Array<T>>
}

/** One Graph request: the parsed JSON object on success, a classified PlatformError otherwise. */
export async function graphRequest<T>(settings: Pick<Settings, 'fetch' | 'timeoutMs'>, url: string, init: RequestInit & GraphOptions = {}): Promise<T> {
	const result = await call(settings, url, init)
	const ok = result.status >= 200 && result.status < 300
	const body = result.json
	if (ok && body && typeof body === 'object' && !('error' in body)) return body as T
	if (ok && (!body || typeof body !== 'object')) {
		// The network accepted the request but we cannot read what it did.
		throw new PlatformError({ kind: init.creates ? 'unknown_outcome' : 'transient', code: 'transient', message: `unreadable Graph response (HTTP ${result.status})`, status: result.status })
	}
	throw classifyGraphError(result, { creates: init.creates })
}

/** A small Graph client; the token travels in the Authorization header, never in a URL we build. */
export function createGraph(settings: Settings): Graph {
	const base = settings.apiBase.replace(/\/$/, '')
	const headers = (token: string) => ({ authorization: `Bearer ${token}` })

	function url(path: string, params: GraphParams) {
		const target = new URL(`${base}/${path.replace(/^\//, '')}`)
		for (const [key, value] of Object.entries(strings(params))) target.searchParams.set(key, value)
		return target.toString()
	}

	// Graph's `next` links are absolute; a sandbox may name itself by another host than the one we
	// reach it by, and a token must never follow a link off the API host, so the link is re-based.
	function rebase(next: string) {
		let link: URL
		try {
			link = new URL(next)
		} catch {
			return null
		}
		const relative = /\/v\d+\.\d+\/(.*)$/.exec(link.pathname)?.[1]
		if (relative !== undefined) return `${base}/${relative}${link.search}`
		return link.origin === new URL(base).origin ? link.toString() : null
	}

	return {
		get: (path, params, token, options = {}) => graphRequest(settings, url(path, params), { headers: headers(token), signal: options.signal }),
		post: (path, params, token, options = {}) =>
			graphRequest(settings, url(path, {}), { method: 'POST', headers: headers(token), body: form(strings(params)), creates: options.creates, signal: options.signal }),
		async list<T>(path: string, params: GraphParams, token: string, options: { maxPages?: number; signal?: AbortSignal } = {}) {
			const items: Array<T> = []
			let next: string | null = url(path, params)
			for (let page = 0; next && page < (options.maxPages ?? 10); page++) {
				const body: GraphPage<T> = await graphRequest<GraphPage<T>>(settings, next, { headers: headers(token), signal: options.signal })
				items.push(...(body.data ?? []))
				next = body.paging?.next && body.data?.length ? rebase(body.paging.next) : null
			}
			return items
		},
	}
}

function strings(params: GraphParams) {
	const out: Record<string, string> = {}
	for (const [key, value] of Object.entries(params)) if (value !== null && value !== undefined) out[key] = String(value)
	return out
}
