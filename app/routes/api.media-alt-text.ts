import { z } from 'zod'
import type { Route } from './+types/api.media-alt-text'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { readBodyWithin } from '#app/server/body-limit.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { suggestAltText } from '#modules/posting/index.ts'

// 'Alt-Text vorschlagen' (ADR 0060): POST { requestId, mediaId } as JSON for an image of the user's post.
// Answers { ok: true, altText } (not saved: the editor puts it into the image's field) or
// { ok: false, code, message } with the German message. Once per request id: a repeat gets the first answer.

const SuggestSchema = z.object({ requestId: z.uuid(), mediaId: z.uuid() })

const noStore = { 'Cache-Control': 'no-store' }

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const t = getInstance(context).t
	const refuse = (code: string, message: string, status: number, headers: Record<string, string> = {}) => Response.json({ ok: false, code, message }, { status, headers: { ...noStore, ...headers } })
	if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } })
	const body = await readBodyWithin(request, 4 * 1024).catch(() => null)
	if (body === 'too_large') return refuse('invalid', t('posting:altText.invalid'), 413)
	const parsed = SuggestSchema.safeParse(parseJson(body))
	if (!parsed.success) return refuse('invalid', t('posting:altText.invalid'), 400)
	const services = context.get(servicesContext)
	const admitted = await services.generation.admit(user.id, 'altText')
	if (!admitted.ok) return refuse('rate_limited', t('posting:altText.rateLimited'), 429, { 'Retry-After': String(admitted.retryAfterSeconds) })
	const outcome = await suggestAltText(services, user.id, { requestId: parsed.data.requestId.toLowerCase(), mediaId: parsed.data.mediaId.toLowerCase() }, request.signal)
	if (outcome.ok) return Response.json(outcome, { headers: noStore })
	if (outcome.code === 'not_found') return refuse('not_found', t('posting:altText.notFound'), 404)
	if (outcome.code === 'not_image') return refuse('not_image', t('posting:altText.notImage'), 422)
	return refuse('request_conflict', t('posting:altText.conflict'), 409)
}

export function loader() {
	return new Response(null, { status: 405, headers: { Allow: 'POST' } })
}

function parseJson(body: Uint8Array | null) {
	try {
		return body ? JSON.parse(new TextDecoder().decode(body)) : null
	} catch {
		return null
	}
}
