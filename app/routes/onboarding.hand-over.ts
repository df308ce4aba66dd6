import { data } from 'react-router'
import type { Route } from './+types/onboarding.hand-over'
import { servicesContext } from '#app/context.ts'
import { readFormDataWithin } from '#app/server/body-limit.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { OnboardingDraftSchema } from '#modules/agents/index.ts'

// Saves the browser's onboarding draft as the signed-in user's default agent (idempotent per draftId).
export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const form = await readFormDataWithin(request, 64 * 1024, { refused: () => Response.json({ ok: false, error: 'invalid_draft' }, { status: 400 }) })
	if (form === 'too_large') return data({ ok: false, error: 'invalid_draft' }, { status: 413 })
	const raw = form?.get('draft')
	let json: unknown = null
	if (typeof raw === 'string' && raw.length <= 20_000) {
		try {
			json = JSON.parse(raw)
		} catch {
			json = null
		}
	}
	const parsed = OnboardingDraftSchema.safeParse(json)
	if (!parsed.success) return data({ ok: false, error: 'invalid_draft' }, { status: 400 })
	const result = await context.get(servicesContext).agents.saveOnboardingAgent(user.id, parsed.data)
	if (!result.ok) return data({ ok: false, error: result.error }, { status: 409 })
	return { ok: true, created: result.created }
}

export function loader() {
	throw data(null, { status: 405 })
}
