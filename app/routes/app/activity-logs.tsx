import { data } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import { z } from 'zod'
import type { Route } from './+types/activity-logs'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import { ActivityPage } from '#app/components/activity/activity-page.tsx'
import { LoadError } from '#app/components/load-error.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { currentBrandId } from '#app/server/brand-choice.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { isLogStatus, isLogType, normalisePageSize } from '#modules/activity/types.ts'
import '#locales/ns/activity.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const { activity } = context.get(servicesContext)
	const params = new URL(request.url).searchParams
	const type = params.get('type') ?? ''
	const status = params.get('status') ?? ''
	const result = await activity.list(user.id, {
		brandId: await currentBrandId(context, request, user),
		page: Number(params.get('page') ?? 1) || 1,
		perPage: normalisePageSize(params.get('perPage') ?? undefined),
		logType: isLogType(type) ? type : null,
		status: isLogStatus(status) ? status : null,
	})
	return {
		title: getInstance(context).t('activity:meta.title'),
		...result,
		filters: { type: isLogType(type) ? type : null, status: isLogStatus(status) ? status : null },
		timeZone: user.timeZone,
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

const ReportSchema = z.object({ intent: z.literal('report'), id: z.uuid() })

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const { activity } = context.get(servicesContext)
	const info = context.get(requestInfoContext)
	const t = getInstance(context).getFixedT('de', 'activity')
	const failed = (status: number) =>
		data({ ok: false, notice: { type: 'error' as const, title: t('report.failed'), description: t('report.failedText') } }, { status })

	const { submission } = await parseForm(request, ReportSchema)
	if (submission.status !== 'success') return failed(400)
	const referer = request.headers.get('referer')
	const url = referer && referer.startsWith(`${info.appUrl}/`) ? referer : `${info.appUrl}/activity-logs`
	try {
		const result = await activity.reportError(user.id, submission.value.id, { userEmail: user.email, url, userAgent: info.userAgent })
		if (!result.ok) return failed(result.error === 'not_found' ? 404 : 400)
		return data({
			ok: true,
			notice: { type: 'success' as const, title: t('report.success'), description: result.alreadyReported ? t('report.already') : t('report.successText') },
		})
	} catch (error) {
		console.error('activity: filing an error report failed', error)
		return failed(500)
	}
}

export default function ActivityLogsRoute({ loaderData }: Route.ComponentProps) {
	return <ActivityPage {...loaderData} />
}

export function ErrorBoundary() {
	const { t } = useTranslation('activity')
	return <LoadError title={t('errors.loadTitle')} text={t('errors.loadText')} />
}
