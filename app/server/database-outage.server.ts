import type { MiddlewareFunction, RouterContextProvider } from 'react-router'
import { databaseOutageContext } from '#app/context.ts'
import { isDatabaseUnavailable } from '#modules/core/db-errors.ts'
import { serviceUnavailable } from './session.server.ts'

// The session middleware answers the German 503 when the database is unreachable before a request
// starts. When it goes away later, in a loader or action, React Router catches the error: a page
// shows the German error page, but a resource route (API, uploads, the creator's stream) would get
// React Router's last-resort answer, an English "Unexpected Server Error" 500. handleError
// (entry.server.tsx) sees the error first and marks the request; this middleware then answers it
// with the German 503 and its Retry-After instead.

/** Root middleware, after i18next (the 503's text) and before the session. */
export const databaseOutageMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
	const outage = { seen: false }
	context.set(databaseOutageContext, outage)
	const response = await next()
	return outage.seen && isLastResortAnswer(response) ? serviceUnavailable(context) : response
}

/** Called from handleError: remembers that this request failed because the database was unreachable. */
export function noteDatabaseOutage(error: unknown, context: Readonly<RouterContextProvider> | undefined) {
	if (!context || !isDatabaseUnavailable(error)) return
	const outage = context.get(databaseOutageContext)
	if (outage) outage.seen = true
}

/** React Router's own 500 for an error no boundary rendered (server-runtime returnLastResortErrorResponse). */
function isLastResortAnswer(response: Response) {
	return response.status === 500 && response.headers.get('Content-Type') === 'text/plain'
}
