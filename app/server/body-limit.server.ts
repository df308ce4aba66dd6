import { data, type MiddlewareFunction } from 'react-router'

/**
 * NUL cannot be stored in a Postgres text or jsonb value (the insert fails), and no browser puts it
 * in a form field: a form, file name or address that carries it (raw, or as the JSON escape
 * \u0000 in a field that holds JSON) is malformed and is refused like any other malformed input.
 */
const hasNulIn = (text: string) => text.includes('\u0000') || text.includes('\\u0000')

export function hasNul(form: FormData) {
	for (const [name, value] of form) {
		if (hasNulIn(name) || hasNulIn(typeof value === 'string' ? value : value.name)) return true
	}
	return false
}

/** Root middleware: an address with a NUL byte in its path or query is answered 400 before any loader or action reads it. */
export const refuseNulMiddleware: MiddlewareFunction<Response> = ({ request }) => {
	// The URL parser percent-encodes a raw NUL, so %00 is the one way an address can carry it.
	const { pathname, search } = new URL(request.url)
	if (/%00/i.test(pathname + search)) throw data('Ungültige Adresse', { status: 400 })
}

/** The body as bytes, read only up to `maxBytes` (declared or actual); a larger one answers 'too_large' before it is buffered. */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Uint8Array | 'too_large'> {
	const declared = Number(request.headers.get('content-length') ?? '')
	if (Number.isFinite(declared) && declared > maxBytes) return 'too_large'
	if (!request.body) return new Uint8Array(0)
	const chunks: Array<Uint8Array> = []
	let seen = 0
	for await (const chunk of request.body) {
		seen += chunk.byteLength
		if (seen > maxBytes) return 'too_large'
		chunks.push(chunk)
	}
	const bytes = new Uint8Array(seen)
	let offset = 0
	for (const chunk of chunks) {
		bytes.set(chunk, offset)
		offset += chunk.byteLength
	}
	return bytes
}

/**
 * The multipart form of a request, read only up to `maxBytes`: a declared or actual larger body
 * answers 'too_large' before it is buffered (uploads have their own, smaller limits inside).
 * null: no form or a malformed one (a NUL byte included, see above).
 */
export async function readFormDataWithin(request: Request, maxBytes: number): Promise<FormData | null | 'too_large'> {
	const declared = Number(request.headers.get('content-length') ?? '')
	if (Number.isFinite(declared) && declared > maxBytes) return 'too_large'
	if (!request.body) return null
	let seen = 0
	let exceeded = false
	const limited = request.body.pipeThrough(
		new TransformStream<Uint8Array, Uint8Array>({
			transform(chunk, controller) {
				seen += chunk.byteLength
				if (seen > maxBytes) {
					exceeded = true
					controller.error(new Error('body too large'))
					return
				}
				controller.enqueue(chunk)
			},
		}),
	)
	let form: FormData
	try {
		form = await new Request(request.url, { method: request.method, headers: request.headers, body: limited, duplex: 'half' } as RequestInit).formData()
	} catch {
		return exceeded ? 'too_large' : null
	}
	return hasNul(form) ? null : form
}
