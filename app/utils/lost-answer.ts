import { data, isRouteErrorResponse, type DataStrategyResult } from 'react-router'
import { toast } from '#app/components/toast.tsx'
import type { Notice } from '#app/components/use-fetcher-notice.ts'
import type { Refusal } from '#app/utils/action-fallback.ts'
import commonTexts from '#locales/de/common.json'

type Result = DataStrategyResult
type Next = () => Promise<Record<string, Result>>

const notice: Notice = { type: 'error', title: commonTexts.lostAnswer.title, description: commonTexts.lostAnswer.text }

/**
 * An answer that never came: the request failed in the browser (network down, the server gone) or
 * what came was no answer of the app (an HTML error page the router cannot decode). What a route's
 * action or loader throws on purpose arrives as a Response or route error response and stays one.
 */
export function isLostAnswer(result: Result) {
	return result.type === 'error' && !(result.result instanceof Response) && !isRouteErrorResponse(result.result)
}

/**
 * The root's client middleware (ADR 0039): a form or fetcher submission whose answer is lost answers
 * like a refused action (action-fallback.ts) with status 503 instead of throwing to the error
 * boundary, which replaced the whole page (issue 37, 4.4). The router skips the revalidation after a
 * refused action (status >= 400), so the page keeps its data instead of failing on a second lost
 * request. The toast is shown here, for every form; a fetcher that shows its answer's notice
 * (use-fetcher-notice.ts) updates the same toast.
 */
export async function keepPageOnLostAnswer({ request }: { request: Request }, next: Next) {
	const results = await next()
	if (request.method === 'GET' || request.signal.aborted) return results
	let lost = false
	const kept: Record<string, Result> = {}
	for (const [routeId, result] of Object.entries(results)) {
		if (!isLostAnswer(result)) {
			kept[routeId] = result
			continue
		}
		lost = true
		kept[routeId] = { type: 'data', result: data({ ok: false, notice, unanswered: true } satisfies Refusal, { status: 503 }) }
	}
	if (!lost) return results
	toast.error(notice.title, { description: notice.description })
	return kept
}
