import type { Route } from './+types/events'
import { servicesContext, userContext } from '#app/context.ts'

const HEARTBEAT_MS = 25_000

// Server-sent change events of the signed-in user: only the topic, never data; the page then
// revalidates its loaders, which read through the user-scoped modules as always.
export function loader({ request, context }: Route.LoaderArgs) {
	// Not requireUser: EventSource cannot follow a redirect to the sign-in page, while a 401 makes
	// it stop reconnecting for good (the next page load opens a new stream).
	const user = context.get(userContext)
	if (!user) return new Response('Nicht angemeldet', { status: 401, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

	const liveEvents = context.get(servicesContext).liveEvents
	const encoder = new TextEncoder()
	let stop = () => {}
	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			const send = (text: string) => {
				try {
					controller.enqueue(encoder.encode(text))
				} catch {
					stop()
				}
			}
			const unsubscribe = liveEvents.subscribe(user.id, (topic) => {
				send(`event: change\ndata: ${JSON.stringify({ topic })}\n\n`)
			})
			// Keeps proxies from closing an idle connection.
			const heartbeat = setInterval(() => send(': ping\n\n'), HEARTBEAT_MS)
			const onAbort = () => {
				stop()
				try {
					controller.close()
				} catch {
					// already closed
				}
			}
			stop = () => {
				clearInterval(heartbeat)
				unsubscribe()
				request.signal.removeEventListener('abort', onAbort)
			}
			if (request.signal.aborted) return onAbort()
			request.signal.addEventListener('abort', onAbort)
			send('retry: 3000\n\n')
		},
		cancel() {
			stop()
		},
	})

	return new Response(body, {
		headers: {
			'Content-Type': 'text/event-stream; charset=utf-8',
			'Cache-Control': 'no-store',
			'X-Accel-Buffering': 'no',
		},
	})
}
