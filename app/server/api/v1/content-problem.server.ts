import type { RouterContextProvider } from 'react-router'
import { getInstance } from '#app/middleware/i18next.ts'
import type { ContentError } from '#modules/content/index.ts'
import { problem } from '../problem.server.ts'

/** A refused content operation as a problem: the same German texts as the pages, a stable code. */
export function contentProblem(context: Readonly<RouterContextProvider>, error: ContentError, reasons?: Array<string>) {
	if (error === 'not_found') return problem(context, 404, 'not_found')
	if (error === 'request_conflict') return problem(context, 409, 'idempotency_conflict')
	if (error === 'preflight') return problem(context, 422, 'preflight', { reasons: reasons ?? [] })
	if (error === 'invalid_media') return problem(context, 422, 'invalid_media', { reasons: reasons ?? [] })
	if (error === 'published_locked') return problem(context, 409, 'published_locked')
	if (error.startsWith('schedule:')) {
		const detail = getInstance(context).t(`scheduling:${error.slice('schedule:'.length)}` as 'scheduling:errors.inPast')
		return problem(context, 422, 'invalid_schedule', { detail })
	}
	return problem(context, 409, 'invalid_transition')
}
