import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { readFormDataWithin, type FormReadOptions } from './body-limit.server.ts'

const MAX_FORM_BYTES = 256 * 1024

/**
 * Reads a form body (refusing oversized ones, also without a Content-Length, and malformed ones:
 * see readFormDataWithin) and validates it with the shared zod schema. Never throws for anything
 * a browser can send; the caller answers `submission.reply()` on failure. A form of a shape no
 * browser sends (too deep field names, too many fields) throws a 400 response before it is parsed.
 */
export async function parseForm<S extends z.ZodType>(request: Request, schema: S, options: FormReadOptions = {}) {
	const read = await readFormDataWithin(request, MAX_FORM_BYTES, options)
	const formData = read instanceof FormData ? read : new FormData()
	return { formData, submission: parseWithZod(formData, { schema }) }
}
