import { Transform } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from 'react-router'
import { requestInfoContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { noteDatabaseOutage } from '#app/server/database-outage.server.ts'

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
	return new Promise((resolve, reject) => {
		let shellRendered = false
		const userAgent = request.headers.get('user-agent')
		const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
		const { pipe, abort } = renderToPipeableStream(
			<I18nextProvider i18n={getInstance(loadContext)}>
				<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
			</I18nextProvider>,
			{
				nonce,
				[readyOption]() {
					shellRendered = true
					const body = coalescing()
					const stream = createReadableStreamFromReadable(body)
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
					pipe(body)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					if (shellRendered) console.error(error)
				},
			},
		)
		setTimeout(abort, streamTimeout + 1000)
	})
}

/**
 * Joins the many small writes React makes in one tick into one chunk. The response is gzipped and
 * every chunk that reaches it is flushed on its own (React Router flushes after each write), so
 * small chunks cost CPU and compress about three times worse. What React sends later (a suspended
 * boundary) still goes out on its own tick.
 */
function coalescing() {
	let pending: Array<Buffer> = []
	let scheduled = false
	return new Transform({
		transform(chunk: Buffer, _encoding, done) {
			pending.push(chunk)
			if (!scheduled) {
				scheduled = true
				setImmediate(() => {
					scheduled = false
					if (pending.length) this.push(Buffer.concat(pending))
					pending = []
				})
			}
			done()
		},
		flush(done) {
			if (pending.length) this.push(Buffer.concat(pending))
			pending = []
			done()
		},
	})
}
