import { call, type HttpResult } from '../http.ts'
import type { AdapterSettings } from '../settings.ts'
import { badResponse, linkedinError } from './errors.ts'

export const defaultVersion = '202601'

type RequestOptions = {
	method?: string
	json?: unknown
	body?: BodyInit
	headers?: Record<string, string>
	creates?: boolean
	signal?: AbortSignal
	/** Instead of settings.timeoutMs (an upload's part takes longer than an API call). */
	timeoutMs?: number
}

export type LinkedinApi = {
	/** A call below the API base (or to an absolute URL such as the upload URL); non-2xx answers throw a PlatformError. */
	request: (path: string, token: string, options?: RequestOptions) => Promise<HttpResult>
	getJson: <T>(path: string, token: string, options?: RequestOptions) => Promise<T>
}

/** LinkedIn's API with its mandatory headers: bearer token, LinkedIn-Version and Rest.li protocol 2.0.0. */
export function linkedinApi(settings: AdapterSettings): LinkedinApi {
	const version = settings.version ?? defaultVersion
	async function request(path: string, token: string, options: RequestOptions = {}) {
		const url = /^https?:\/\//.test(path) ? path : `${settings.apiBase}${path}`
		const headers: Record<string, string> = {
			authorization: `Bearer ${token}`,
			'linkedin-version': version,
			'x-restli-protocol-version': '2.0.0',
			...options.headers,
		}
		if (options.json !== undefined) headers['content-type'] = 'application/json'
		const result = await call(options.timeoutMs ? { ...settings, timeoutMs: options.timeoutMs } : settings, url, {
			method: options.method ?? 'GET',
			headers,
			body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
			creates: options.creates,
			signal: options.signal,
		})
		if (result.status < 200 || result.status > 299) throw linkedinError(result, { creates: options.creates })
		return result
	}
	async function getJson<T>(path: string, token: string, options: RequestOptions = {}) {
		const result = await request(path, token, options)
		if (result.json === null || typeof result.json !== 'object') throw badResponse(`${path.split('?')[0]} answered without JSON`, result.status)
		return result.json as T
	}
	return { request, getJson }
}

export const isOrganization = (urn: string) => urn.startsWith('urn:li:organization:')

export const encodeUrn = (urn: string) => encodeURIComponent(urn)
