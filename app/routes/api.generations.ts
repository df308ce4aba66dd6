import type { Route } from './+types/api.generations'
import { servicesContext } from '#app/context.ts'
import { readFormDataWithin } from '#app/server/body-limit.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { parseGenerationForm, type GenerationEvent, type GenerationOutcome } from '#modules/generation/index.ts'

// The creator's 'Bilder generieren & Vorschau'. Answers NDJSON: a line per step while the server
// works, then the outcome. The generation goes on if the browser goes away; a retry with the same
// requestId gets the stored result without a second charge.

/** A 20 MB document plus a 10 MB image plus form fields. */
const MAX_BODY = 32 * 1024 * 1024

const ndjson = { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' }

function single(outcome: GenerationOutcome, status: number, retryAfterSeconds?: number) {
	const event: GenerationEvent = { type: 'done', outcome }
	const headers = retryAfterSeconds ? { ...ndjson, 'Retry-After': String(retryAfterSeconds) } : ndjson
	return new Response(`${JSON.stringify(event)}\n`, { status, headers })
}

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } })
	const { generation, publishing } = context.get(servicesContext)
	const form = await readFormDataWithin(request, MAX_BODY, { refused: () => single({ ok: false, code: 'failed' }, 400) })
	if (form === 'too_large') return single({ ok: false, code: 'request_too_large' }, 413)
	const input = form ? await parseGenerationForm(form, publishing.platforms.ids) : null
	if (!input) return single({ ok: false, code: 'failed' }, 400)
	const admitted = await generation.admit(user.id, 'generation')
	if (!admitted.ok) return single({ ok: false, code: 'rate_limited' }, 429, admitted.retryAfterSeconds)

	const encoder = new TextEncoder()
	let send: (event: GenerationEvent) => void = () => {}
	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			let open = true
			send = (event) => {
				if (!open) return
				try {
					controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`))
				} catch {
					open = false
				}
			}
			void generation
				.generate(user.id, input, (step) => send({ type: 'step', step }))
				.catch((): GenerationOutcome => ({ ok: false, code: 'failed' }))
				.then((outcome) => {
					send({ type: 'done', outcome })
					if (open) controller.close()
					open = false
				})
		},
		cancel() {
			send = () => {}
		},
	})
	return new Response(body, { headers: ndjson })
}

export function loader() {
	return new Response(null, { status: 405, headers: { Allow: 'POST' } })
}
