import { isbot } from 'isbot'
import { I18nextProvider } from 'react-i18next'
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from 'react-router'
import { loggerContext, requestInfoContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { noteDatabaseOutage } from '#app/server/database-outage.server.ts'
import { renderDocument } from '#app/server/document-render.server.tsx'
import { createLogger, errorFields } from '#modules/core/logger.server.ts'

export const streamTimeout = 5_000

const fallbackLogger = createLogger()

/**
 * Errors React Router reports, as one JSON line of the server's logger (never the console): a refused
 * request (an error response under 500: no route, no action) without its stack trace, at debug, so a
 * client cannot flood the log; anything else at error with its stack. A database outage is noted for
 * the root middleware.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
	noteDatabaseOutage(error, context)
	if (request.signal.aborted) return
	// No context when React Router refused the load context itself.
	const logger = (context as RouterContextProvider | undefined)?.get(loggerContext) ?? fallbackLogger
	const { pathname } = new URL(request.url)
	if (isRouteErrorResponse(error) && error.status < 500) {
		logger.debug('request_refused', { method: request.method, path: pathname, status: error.status })
		return
	}
	const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined
	logger.error('request_failed', { method: request.method, path: pathname, ...errorFields(inner ?? error) })
}

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	const nonce = loadContext.get(requestInfoContext).nonce
	const userAgent = request.headers.get('user-agent')
	return renderDocument(
		<I18nextProvider i18n={getInstance(loadContext)}>
			<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
		</I18nextProvider>,
		{
			request,
			status: responseStatusCode,
			headers: responseHeaders,
			nonce,
			waitForAll: Boolean((userAgent && isbot(userAgent)) || routerContext.isSpaMode),
			abortAfterMs: streamTimeout + 1000,
			logError: (error) => (loadContext.get(loggerContext) ?? fallbackLogger).error('render_failed', { path: new URL(request.url).pathname, ...errorFields(error) }),
		},
	)
}
