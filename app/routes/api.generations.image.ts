import { z } from 'zod'
import type { Route } from './+types/api.generations.image'
import { servicesContext } from '#app/context.ts'
import { readFormDataWithin } from '#app/server/body-limit.server.ts'
import { requireUser } from '#app/server/guards.server.ts'

/** `isPlatform`: the registry's check; an unknown platform is a malformed request. */
const regenerateSchema = (isPlatform: (id: string) => boolean) => z.object({
	requestId: z.uuid(),
	platform: z.string().max(30).refine(isPlatform),
	content: z.string().max(70_000),
	agentId: z.union([z.uuid(), z.literal('')]).transform((v) => v || null),
})

// 'Bild neu generieren' in the creator's preview: one image for one platform, charged once per
// requestId; a repeated requestId answers the first request's outcome (409 'in_progress' while it runs).
export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const form = await readFormDataWithin(request, 256 * 1024, { refused: () => Response.json({ ok: false, code: 'failed' }, { status: 400 }) })
	if (form === 'too_large') return Response.json({ ok: false, code: 'request_too_large' }, { status: 413 })
	const { generation, publishing } = context.get(servicesContext)
	const parsed = regenerateSchema(publishing.platforms.has).safeParse(form ? Object.fromEntries(form) : {})
	if (!parsed.success) return Response.json({ ok: false, code: 'failed' }, { status: 400 })
	const admitted = await generation.admit(user.id, 'regeneration')
	if (!admitted.ok) return Response.json({ ok: false, code: 'rate_limited' }, { status: 429, headers: { 'Retry-After': String(admitted.retryAfterSeconds), 'Cache-Control': 'no-store' } })
	const outcome = await generation.regenerateImage(user.id, parsed.data, request.signal)
	const status = outcome.ok ? 200 : outcome.code === 'insufficient_credits' ? 402 : outcome.code === 'in_progress' ? 409 : 422
	return Response.json(outcome, { status, headers: { 'Cache-Control': 'no-store' } })
}

export function loader() {
	return new Response(null, { status: 405, headers: { Allow: 'POST' } })
}
