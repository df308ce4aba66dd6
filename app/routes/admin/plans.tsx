import { data } from 'react-router'
import type { Route } from './+types/plans'
import { PlansPage, type PlansReply } from '#app/components/admin/plans-page.tsx'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireAdmin } from '#app/server/guards.server.ts'
import { PlanChannelLimitSchema } from '#modules/billing/index.ts'
import '#locales/ns/adminPlans.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	requireAdmin(context, request)
	return { title: getInstance(context).t('adminPlans:meta.title'), plans: await context.get(servicesContext).billing.plans.list() }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireAdmin(context, request)
	const t = getInstance(context).getFixedT('de', 'adminPlans')
	const fail = (description: string, status: number) => data<PlansReply>({ ok: false, notice: { type: 'error', title: t('toasts.errorTitle'), description } }, { status })
	const { submission } = await parseForm(request, PlanChannelLimitSchema)
	if (submission.status !== 'success') return fail(t('toasts.invalid'), 400)
	const { planId, channelLimit } = submission.value
	const done = await context
		.get(servicesContext)
		.billing.plans.setChannelLimit({ id: user.id, email: user.email }, planId, channelLimit)
		.catch((error: unknown) => {
			console.error('admin: setting the channel limit failed', error)
			return null
		})
	if (done === null) return fail(t('toasts.saveFailed'), 500)
	if (!done) return fail(t('toasts.notFound'), 404)
	return data<PlansReply>({ ok: true, notice: { type: 'success', title: t('toasts.saved', { count: channelLimit }) } })
}

export default function AdminPlans({ loaderData }: Route.ComponentProps) {
	return <PlansPage plans={loaderData.plans} />
}
