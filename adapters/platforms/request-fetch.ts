import { Agent, fetch as undiciFetch, interceptors, request, type Dispatcher } from 'undici'

/** Statuses whose response has no body (a Response built with one throws). */
const NULL_BODY = new Set([101, 103, 204, 205, 304])
/** The methods fetch writes in capitals whatever their case (fetch's "normalize a method"). */
const NORMALIZED_METHODS = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT'])

type Prepared = { body: string | Uint8Array | undefined; contentType: string | null }

/**
 * A fetch for the adapters' calls to a platform's own API (AdapterSettings.fetch), sent through undici's
 * `request` instead of its `fetch`: the same answer (status, headers, the body read whole) at about a
 * third of the CPU, because it skips the WHATWG Request, its stream of the body and the fetch algorithm's
 * steps (ADR 0023, ninth addendum). Redirects are followed as fetch follows them (undici's redirect
 * interceptor: 303, and 301/302 after a POST, become a GET; credentials are dropped across origins);
 * `redirect: 'manual'` hands back the 3xx. What it does not take the same way (a Request object,
 * FormData or a stream as body, `redirect: 'error'`) goes to Node's fetch unchanged (undici's own fetch
 * would send Node's FormData as "[object FormData]"). Errors are
 * fetch's: the signal's reason when aborted, else a TypeError('fetch failed') with the cause.
 * Unlike fetch it asks for no compression (`accept-encoding`), so answers come uncompressed.
 */
export function createRequestFetch(): typeof fetch {
	const direct = new Agent()
	const following = direct.compose(interceptors.redirect({ maxRedirections: 20 }))
	return (async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
		// A streamed body (a video, ADR 0058) through undici's own fetch: Node's held the whole body in memory.
		if (init.body instanceof ReadableStream) return undiciFetch(input as string, { ...init, duplex: 'half' } as never) as unknown as Promise<Response>
		const prepared = typeof input === 'string' || input instanceof URL ? await prepareBody(init.body) : null
		if (!prepared || init.redirect === 'error') return globalThis.fetch(input, init)
		const signal = init.signal ?? undefined
		const method = normalizeMethod(init.method ?? 'GET')
		try {
			const answer = await request(String(input), {
				method: method as Dispatcher.HttpMethod,
				headers: headersOf(init.headers, prepared.contentType),
				body: prepared.body,
				signal,
				dispatcher: init.redirect === 'manual' ? direct : following,
			})
			const bytes = (await answer.body.bytes()) as Uint8Array<ArrayBuffer>
			return new Response(NULL_BODY.has(answer.statusCode) ? null : bytes, { status: answer.statusCode, headers: responseHeaders(answer.headers) })
		} catch (error) {
			if (signal?.aborted) throw signal.reason ?? new DOMException('This operation was aborted', 'AbortError')
			throw new TypeError('fetch failed', { cause: error })
		}
	}) as typeof fetch
}

function normalizeMethod(method: string) {
	const upper = method.toUpperCase()
	return NORMALIZED_METHODS.has(upper) ? upper : method
}

/** The body as request sends it, with the content type fetch would add; null when only fetch takes it. */
async function prepareBody(body: RequestInit['body']): Promise<Prepared | null> {
	if (body === undefined || body === null) return { body: undefined, contentType: null }
	if (typeof body === 'string') return { body, contentType: 'text/plain;charset=UTF-8' }
	if (body instanceof URLSearchParams) return { body: body.toString(), contentType: 'application/x-www-form-urlencoded;charset=UTF-8' }
	if (body instanceof ArrayBuffer) return { body: new Uint8Array(body), contentType: null }
	if (ArrayBuffer.isView(body)) return { body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength), contentType: null }
	if (body instanceof Blob) return { body: new Uint8Array(await body.arrayBuffer()), contentType: body.type || null }
	return null
}

/** The caller's headers (any form fetch takes), with fetch's defaults where the caller set none. */
function headersOf(init: RequestInit['headers'], contentType: string | null): Record<string, string> {
	const headers: Record<string, string> = {}
	if (init instanceof Headers || Array.isArray(init)) {
		for (const [name, value] of new Headers(init)) headers[name] = value
	} else if (init) {
		for (const name of Object.keys(init)) {
			const key = name.toLowerCase()
			const value = String(init[name])
			headers[key] = key in headers ? `${headers[key]}, ${value}` : value
		}
	}
	if (contentType && !('content-type' in headers)) headers['content-type'] = contentType
	headers.accept ??= '*/*'
	headers['user-agent'] ??= 'undici'
	return headers
}

function responseHeaders(raw: Record<string, string | Array<string> | undefined>): Headers {
	const headers = new Headers()
	for (const name of Object.keys(raw)) {
		const value = raw[name]
		if (Array.isArray(value)) for (const each of value) headers.append(name, each)
		else if (value !== undefined) headers.append(name, value)
	}
	return headers
}
