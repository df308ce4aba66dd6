import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/prompts'
import { PromptsPage, type PromptsReply } from '#app/components/admin/prompts-page.tsx'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireAdmin } from '#app/server/guards.server.ts'
import { requestIdOf } from '#app/server/request-id.server.ts'
import { PromptFormSchema, PromptSearchSchema, PromptToggleSchema } from '#modules/generation/index.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = requireAdmin(context, request)
	const { prompts } = context.get(servicesContext).admin
	const { q } = PromptSearchSchema.parse({ q: new URL(request.url).searchParams.get('q') ?? '' })
	const title = getInstance(context).t('adminPrompts:meta.title')
	try {
		return { title, query: q, ...(await prompts.list(q)), timeZone: admin.timeZone, loadFailed: false }
	} catch (error) {
		console.error('admin: loading the prompts failed', error)
		return { title, query: q, prompts: [], counts: { total: 0, active: 0, categories: 0 }, timeZone: admin.timeZone, loadFailed: true }
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

const IntentSchema = z.object({ intent: z.enum(['save', 'toggle']) })

export async function action({ request, context }: Route.ActionArgs) {
	const admin = requireAdmin(context, request)
	const { prompts } = context.get(servicesContext).admin
	const t = getInstance(context).getFixedT('de', 'adminPrompts')
	const actor = { id: admin.id, email: admin.email }
	const fail = (description: string, status = 400, extra: Partial<PromptsReply> = {}) =>
		data<PromptsReply>({ ok: false, notice: { type: 'error', title: t('toasts.errorTitle'), description }, ...extra }, { status })

	const { formData, submission: intentCheck } = await parseForm(request, IntentSchema)
	if (intentCheck.status !== 'success') return fail(t('toasts.saveFailed'))

	if (intentCheck.value.intent === 'save') {
		const submission = parseWithZod(formData, { schema: PromptFormSchema })
		if (submission.status !== 'success') return fail(t('toasts.saveFailed'), 400, { form: submission.reply() })
		// A new prompt carries the dialog's request id: a retry or a double submit creates it once.
		const requestId = requestIdOf(formData)
		if (!submission.value.id && !requestId) return fail(t('toasts.saveFailed'))
		const result = await prompts.save(actor, submission.value, requestId ?? undefined).catch((error: unknown) => {
			console.error('admin: saving a prompt failed', error)
			return null
		})
		if (!result) return fail(t('toasts.saveFailed'), 500)
		if (!result.ok) return result.error === 'request_conflict' ? fail(getInstance(context).t('common:errors.requestConflict'), 409) : fail(t('toasts.notFound'), 404)
		const description = result.unknown.length > 0 ? t('toasts.unknownVariables', { count: result.unknown.length, variables: result.unknown.map((v) => `{${v}}`).join(', ') }) : undefined
		return data<PromptsReply>({ ok: true, saved: result.id, notice: { type: 'success', title: t(result.created ? 'toasts.created' : 'toasts.updated'), description } })
	}

	const submission = parseWithZod(formData, { schema: PromptToggleSchema })
	if (submission.status !== 'success') return fail(t('toasts.statusFailed'))
	const done = await prompts.setActive(actor, submission.value.id, submission.value.active).catch((error: unknown) => {
		console.error('admin: switching a prompt failed', error)
		return null
	})
	if (done === null) return fail(t('toasts.statusFailed'), 500)
	if (!done) return fail(t('toasts.notFound'), 404)
	return data<PromptsReply>({ ok: true, notice: { type: 'success', title: t('toasts.statusChanged') } })
}

export default function AdminPrompts({ loaderData }: Route.ComponentProps) {
	return <PromptsPage {...loaderData} />
}
