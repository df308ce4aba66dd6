import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/api.hashtags'
import { servicesContext } from '#app/context.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireUser } from '#app/server/guards.server.ts'

const HashtagSchema = z.object({ text: z.string().trim().min(1).max(10_000) })

const noStore = { 'Cache-Control': 'no-store' }

type Answer = { ok: boolean; error: 'invalid' | 'disabled' | 'failed' | null; hashtags: Array<string> }

// The hashtagOptimizer for the editors (fetchers of the draft editor and the creator preview).
// GET: is the tool on for the user? POST text: the suggestions. Refusals answer 200 with ok false,
// so a fetcher shows them as a message instead of the page's error boundary.
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const enabled = await context.get(servicesContext).toolbox.isEnabled(user.id, 'hashtagOptimizer')
	return data({ enabled }, { headers: noStore })
}

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const { submission } = await parseForm(request, HashtagSchema, { refused: () => Response.json({ ok: false, error: 'invalid', hashtags: [] } satisfies Answer, { status: 400, headers: noStore }) })
	if (submission.status !== 'success') return data<Answer>({ ok: false, error: 'invalid', hashtags: [] }, { headers: noStore })
	try {
		const result = await context.get(servicesContext).toolbox.suggestHashtags(user.id, submission.value.text)
		if (!result.ok) return data<Answer>({ ok: false, error: 'disabled', hashtags: [] }, { headers: noStore })
		return data<Answer>({ ok: true, error: null, hashtags: result.hashtags }, { headers: noStore })
	} catch (error) {
		console.error('hashtags: suggestion failed', error)
		return data<Answer>({ ok: false, error: 'failed', hashtags: [] }, { headers: noStore })
	}
}
