import { isbot } from 'isbot'
import { I18nextProvider } from 'react-i18next'
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from 'react-router'
import { requestInfoContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { noteDatabaseOutage } from '#app/server/database-outage.server.ts'
import { renderDocument } from '#app/server/document-render.server.tsx'

export const streamTimeout = 5_000

/** React Router's default (the error on the console unless the request was aborted), and a database outage noted for the root middleware. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
	noteDatabaseOutage(error, context)
	const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined
	if (!request.signal.aborted) console.error(inner ?? error)
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
		},
	)
}
