import { call, form } from '../http.ts'
import type { AdapterSettings } from '../settings.ts'
import { badResponse, graphErrorOf, threadsError } from './errors.ts'

export type Json = Record<string, unknown>

type Options = { creates?: boolean; signal?: AbortSignal }

/** Graph calls for one adapter: JSON in, PlatformError out. Tokens travel as `access_token` like in Meta's docs. */
export function createThreadsClient(settings: AdapterSettings) {
	const api = settings.apiBase.replace(/\/+$/, '')
	// Token exchange and refresh live at the host root (graph.threads.net/access_token), not below /v1.0.
	const root = api.replace(/\/v\d+(\.\d+)?$/, '')

	async function request(url: string, init: RequestInit & Options = {}): Promise<Json> {
		const result = await call(settings, url, init)
		if (result.status < 200 || result.status >= 300 || graphErrorOf(result.json)) throw threadsError(result, { creates: init.creates })
		if (!result.json || typeof result.json !== 'object') throw badResponse(`HTTP ${result.status} without a JSON body`, { creates: init.creates, status: result.status })
		return result.json as Json
	}

	const query = (params: Record<string, string>) => new URLSearchParams(params).toString()
	const path = (segments: Array<string>) => segments.map(encodeURIComponent).join('/')

	return {
		api,
		root,
		request,
		get: (segments: Array<string>, token: string, params: Record<string, string> = {}, options: Options = {}) =>
			request(`${api}/${path(segments)}?${query({ ...params, access_token: token })}`, options),
		post: (segments: Array<string>, token: string, params: Record<string, string | null>, options: Options = {}) =>
			request(`${api}/${path(segments)}`, { method: 'POST', body: form({ ...params, access_token: token }), ...options }),
		/** A GET below the host root (token exchange and refresh). */
		getRoot: (name: string, params: Record<string, string>) => request(`${root}/${name}?${query(params)}`),
		/** Follows Graph's absolute `paging.next`, but only back to the API's own origin (it carries the token). */
		follow: (next: unknown) => (typeof next === 'string' && URL.canParse(next) && new URL(next).origin === new URL(api).origin ? request(next) : null),
	}
}

export type ThreadsClient = ReturnType<typeof createThreadsClient>

export function str(value: unknown): string | null {
	if (typeof value === 'string' && value) return value
	return typeof value === 'number' ? String(value) : null
}

export function num(value: unknown): number | null {
	return typeof value === 'number' && Number.isFinite(value) ? value : null
}
