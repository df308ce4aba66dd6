import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/discount-codes'
import { DiscountCodesPage, type DiscountCodesReply } from '#app/components/admin/discount-codes.tsx'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireAdmin } from '#app/server/guards.server.ts'
import { requestIdOf } from '#app/server/request-id.server.ts'
import { DEFAULT_TIME_ZONE } from '#modules/accounts/index.ts'
import { DiscountCodeDeleteSchema, DiscountCodeFormSchema, DiscountCodeToggleSchema } from '#modules/billing/index.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireAdmin(context, request)
	const { billing } = context.get(servicesContext)
	const timeZone = user.timeZone || DEFAULT_TIME_ZONE
	const title = getInstance(context).t('adminDiscountCodes:meta.title')
	try {
		return { title, codes: await billing.discountCodes.list(timeZone), now: billing.discountCodes.localNow(timeZone), timeZone, loadFailed: false }
	} catch {
		return { title, codes: [], now: billing.discountCodes.localNow(timeZone), timeZone, loadFailed: true }
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

const IntentSchema = z.object({ intent: z.enum(['save', 'toggle', 'delete']) })

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireAdmin(context, request)
	const { billing } = context.get(servicesContext)
	const t = getInstance(context).getFixedT('de', 'adminDiscountCodes')
	const actor = { id: user.id, email: user.email }
	const timeZone = user.timeZone || DEFAULT_TIME_ZONE
	const fail = (description: string, status = 400, extra: Partial<DiscountCodesReply> = {}) =>
		data<DiscountCodesReply>({ ok: false, notice: { type: 'error', title: t('toasts.errorTitle'), description }, ...extra }, { status })

	const { formData, submission: intentCheck } = await parseForm(request, IntentSchema)
	if (intentCheck.status !== 'success') return fail(t('toasts.saveFailed'))
	const intent = intentCheck.value.intent

	if (intent === 'save') {
		const submission = parseWithZod(formData, { schema: DiscountCodeFormSchema })
		if (submission.status !== 'success') return fail(t('toasts.saveFailed'), 400, { form: submission.reply() })
		// A new code carries the dialog's request id: a retry or a double submit creates it once.
		const requestId = requestIdOf(formData)
		if (!submission.value.id && !requestId) return fail(t('toasts.saveFailed'))
		const result = await billing.discountCodes.save(actor, submission.value, timeZone, requestId ?? undefined).catch(() => null)
		if (!result) return fail(t('toasts.saveFailed'), 500)
		if (!result.ok) {
			if (result.error === 'notFound') return fail(t('toasts.notFound'), 404)
			if (result.error === 'requestConflict') return fail(getInstance(context).t('common:errors.requestConflict'), 409)
			const field = result.error === 'codeTaken' ? 'code' : 'expiresAt'
			const key = `form.errors.${result.error}` as const
			return fail(t(key), 400, { form: submission.reply({ fieldErrors: { [field]: [key] } }) })
		}
		return data<DiscountCodesReply>({ ok: true, saved: result.id, notice: { type: 'success', title: t(result.created ? 'toasts.created' : 'toasts.updated'), description: result.code } })
	}

	if (intent === 'toggle') {
		const submission = parseWithZod(formData, { schema: DiscountCodeToggleSchema })
		if (submission.status !== 'success') return fail(t('toasts.statusFailed'))
		const done = await billing.discountCodes.setActive(actor, submission.value.id, submission.value.active).catch(() => null)
		if (done === null) return fail(t('toasts.statusFailed'), 500)
		if (!done) return fail(t('toasts.notFound'), 404)
		return data<DiscountCodesReply>({ ok: true, notice: { type: 'success', title: t(submission.value.active ? 'toasts.activated' : 'toasts.deactivated') } })
	}

	const submission = parseWithZod(formData, { schema: DiscountCodeDeleteSchema })
	if (submission.status !== 'success') return fail(t('toasts.deleteFailed'))
	const done = await billing.discountCodes.remove(actor, submission.value.id).catch(() => null)
	if (done === null) return fail(t('toasts.deleteFailed'), 500)
	if (!done) return fail(t('toasts.notFound'), 404)
	return data<DiscountCodesReply>({ ok: true, notice: { type: 'success', title: t('toasts.deleted') } })
}

export default function AdminDiscountCodes({ loaderData }: Route.ComponentProps) {
	return <DiscountCodesPage {...loaderData} />
}
