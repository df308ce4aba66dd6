import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { readFormDataWithin } from './body-limit.server.ts'

const MAX_FORM_BYTES = 256 * 1024

/**
 * Reads a form body (refusing oversized ones, also without a Content-Length, and malformed ones:
 * see readFormDataWithin) and validates it with the shared zod schema. Never throws for anything
 * a browser can send; the caller answers `submission.reply()` on failure.
 */
export async function parseForm<S extends z.ZodType>(request: Request, schema: S) {
	const read = await readFormDataWithin(request, MAX_FORM_BYTES)
	const formData = read instanceof FormData ? read : new FormData()
	return { formData, submission: parseWithZod(formData, { schema }) }
}
