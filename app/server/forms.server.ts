import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'

const MAX_FORM_BYTES = 256 * 1024

/**
 * Reads a form body (refusing oversized ones) and validates it with the shared zod schema.
 * Never throws for anything a browser can send; the caller answers `submission.reply()` on failure.
 */
export async function parseForm<S extends z.ZodType>(request: Request, schema: S) {
	const length = Number(request.headers.get('content-length') ?? 0)
	let formData: FormData
	if (length > MAX_FORM_BYTES) {
		formData = new FormData()
	} else {
		try {
			formData = await request.formData()
		} catch {
			formData = new FormData()
		}
	}
	return { formData, submission: parseWithZod(formData, { schema }) }
}
