import api from '#locales/de/api.json' with { type: 'json' }
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
 * Limits on a form's shape, checked before conform or zod see it. conform turns a name like
 * `a[0][0]…` into nested objects recursively: thousands of levels overflow the stack (a 500) after
 * tens of milliseconds of the event loop; thousands of fields took it 100-500 ms (parsing, then
 * conform and zod over them). The app's deepest field names have two levels
 * (`texts.linkedin`, `trainingTexts[0]`, `resolution_credits.720p`), its largest form about a
 * hundred fields (an agent preset with full lists).
 */
export const FORM_LIMITS = { maxDepth: 8, maxFields: 1000 }

/** How many levels a field name has for conform: one, plus one per `[` or `.` (counting stops once past `stopAt`). */
export function fieldDepth(name: string, stopAt = Number.POSITIVE_INFINITY) {
	let depth = 1
	for (let i = 0; i < name.length && depth <= stopAt; i++) {
		const c = name.charCodeAt(i)
		if (c === 0x2e || c === 0x5b) depth++
	}
	return depth
}

/** The answer to a form of a shape no page of the app sends: 400 with the German text (a route that answers JSON passes its own). */
export function refusedFormResponse() {
	return new Response(api.pages.formRefused, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}

export type FormReadOptions = {
	/** The response thrown for a refused form's shape (default: refusedFormResponse). */
	refused?: () => Response
}

/**
 * Counts the fields of a body while it streams, before it is parsed: multipart parts by their
 * delimiter (`--boundary`, once more than the parts), urlencoded pairs by '&'. null: no form type.
 */
function fieldCounter(contentType: string) {
	const multipart = /^multipart\/form-data\b.*?;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)
	if (multipart) {
		const needle = Buffer.from(`--${multipart[1] ?? multipart[2]}`)
		let tail: Buffer = Buffer.alloc(0)
		let delimiters = 0
		return (chunk: Uint8Array) => {
			// A delimiter split across two chunks: search the previous chunk's last bytes with this one.
			const window = Buffer.concat([tail, chunk])
			for (let at = window.indexOf(needle); at !== -1; at = window.indexOf(needle, at + needle.length)) delimiters++
			tail = window.subarray(Math.max(0, window.length - needle.length + 1))
			return delimiters - 1
		}
	}
	if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
		let separators = 0
		return (chunk: Uint8Array) => {
			const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
			for (let at = bytes.indexOf(0x26); at !== -1; at = bytes.indexOf(0x26, at + 1)) separators++
			return separators + 1
		}
	}
	return null
}

/** A form whose shape no page sends (see FORM_LIMITS). */
function overLimits(form: FormData) {
	let fields = 0
	for (const name of form.keys()) {
		if (++fields > FORM_LIMITS.maxFields || fieldDepth(name, FORM_LIMITS.maxDepth) > FORM_LIMITS.maxDepth) return true
	}
	return false
}

/**
 * The form (multipart or urlencoded) of a request, read only up to `maxBytes`: a declared or actual
 * larger body answers 'too_large' before it is buffered (uploads have their own, smaller limits
 * inside). null: no form or a malformed one (a NUL byte included, see above).
 * Throws a 400 response (options.refused) for a form over FORM_LIMITS: too many fields is seen while
 * the body streams, before it is parsed; too deep a name right after parsing, before anything else
 * reads the form. Every form of the app is read here (parseForm included), so every action is covered.
 */
export async function readFormDataWithin(request: Request, maxBytes: number, options: FormReadOptions = {}): Promise<FormData | null | 'too_large'> {
	const refuse = () => options.refused?.() ?? refusedFormResponse()
	const declared = Number(request.headers.get('content-length') ?? '')
	if (Number.isFinite(declared) && declared > maxBytes) return 'too_large'
	if (!request.body) return null
	const countFields = fieldCounter(request.headers.get('content-type') ?? '')
	let seen = 0
	let failure: 'too_large' | 'too_many_fields' | null = null
	const limited = request.body.pipeThrough(
		new TransformStream<Uint8Array, Uint8Array>({
			transform(chunk, controller) {
				seen += chunk.byteLength
				if (seen > maxBytes) failure = 'too_large'
				else if (countFields && countFields(chunk) > FORM_LIMITS.maxFields) failure = 'too_many_fields'
				if (failure) {
					controller.error(new Error(failure))
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
		if (failure === 'too_many_fields') throw refuse()
		return failure ?? null
	}
	if (overLimits(form)) throw refuse()
	return hasNul(form) ? null : form
}
