import { data } from 'react-router'
import type { Notice } from '#app/components/use-fetcher-notice.ts'

/** `unanswered`: the server's answer never arrived (it may have done the work): a retry keeps its request id. */
export type Refusal = { ok: false; notice: Notice; unanswered: true }

/**
 * For a route's clientAction: the server's answer when it is one (an object with `ok`, whatever its
 * status), otherwise a refusal carrying `notice`. A request that never arrives (network down) or a
 * server that breaks (an HTML 500, a thrown error) thus answers like a refused action: the fetcher gets
 * data with a toast, the page and its unsaved edits stay, no error boundary replaces it. The refusal
 * carries status 503, so the router skips the reload of the page's data after it: with the network
 * down that reload fails too and its error replaced the page after the toast (issue 37, 4.4). Routes
 * without a clientAction get the same from the root's client middleware (lost-answer.ts).
 */
export async function answerOrRefusal<T>(serverAction: () => Promise<unknown>, notice: Notice) {
	try {
		const result = await serverAction()
		if (result && typeof result === 'object' && 'ok' in result) return result as T
	} catch (error) {
		// A redirect (a checkout's payment page, a sign-in) is the answer, not a failure.
		if (error instanceof Response && error.status >= 300 && error.status < 400) throw error
	}
	return data<T | Refusal>({ ok: false, notice, unanswered: true }, { status: 503 })
}
