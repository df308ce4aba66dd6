import { z } from 'zod'

// Creating actions carry a request id made in the browser (docs/decisions/0001-idempotent-writes.md).
const RequestIdSchema = z.uuid()

/** The form's `requestId` (a creating form's hidden field), or null when it is missing or not a UUID. */
export function requestIdOf(form: FormData): string | null {
	const parsed = RequestIdSchema.safeParse(form.get('requestId'))
	return parsed.success ? parsed.data : null
}
