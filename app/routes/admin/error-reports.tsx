import { data } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { Route } from './+types/error-reports'
import { servicesContext } from '#app/context.ts'
import { ErrorReportsPage } from '#app/components/admin/error-reports-page.tsx'
import { LoadError } from '#app/components/load-error.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireAdmin } from '#app/server/guards.server.ts'
import { ADMIN_NOTES_MAX, ErrorReportUpdateSchema, isErrorReportStatus } from '#modules/activity/error-reports.ts'
import '#locales/ns/adminErrorReports.ts'
import { isUuid } from '#modules/core/uuid.ts'


export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = requireAdmin(context, request)
	const { errorReports } = context.get(servicesContext).admin
	const params = new URL(request.url).searchParams
	const search = (params.get('q') ?? '').trim().slice(0, 200)
	const rawStatus = params.get('status')
	const status = isErrorReportStatus(rawStatus) ? rawStatus : null
	const page = Number(params.get('page') ?? 1) || 1
	const reportId = params.get('report')

	const [result, selected] = await Promise.all([
		errorReports.list({ search, status, page }),
		reportId && isUuid(reportId) ? errorReports.get(reportId) : Promise.resolve(null),
	])
	return {
		title: getInstance(context).t('adminErrorReports:meta.title'),
		...result,
		filters: { search, status },
		selected,
		/** A ?report= that names no report: the page says so instead of opening the overlay. */
		selectedMissing: Boolean(reportId) && !selected,
		timeZone: admin.timeZone,
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, context }: Route.ActionArgs) {
	const admin = requireAdmin(context, request)
	const { errorReports } = context.get(servicesContext).admin
	const t = getInstance(context).getFixedT('de', 'adminErrorReports')
	const failed = (status: number, description: string) =>
		data({ ok: false, notice: { type: 'error' as const, title: t('toast.updateFailed'), description } }, { status })

	const { formData, submission } = await parseForm(request, ErrorReportUpdateSchema)
	if (submission.status !== 'success') {
		const notes = formData.get('adminNotes')
		return failed(400, typeof notes === 'string' && notes.length > ADMIN_NOTES_MAX ? t('toast.notesTooLong') : t('toast.invalid'))
	}
	try {
		const { intent: _intent, ...input } = submission.value
		const result = await errorReports.update({ id: admin.id, email: admin.email }, input)
		if (!result.ok) return failed(404, t('toast.notFound'))
		return data({ ok: true, notice: { type: 'success' as const, title: t('toast.updated') } })
	} catch (error) {
		console.error('admin: updating an error report failed', error)
		return failed(500, t('toast.unexpected'))
	}
}

export default function AdminErrorReportsRoute({ loaderData }: Route.ComponentProps) {
	return <ErrorReportsPage {...loaderData} />
}

export function ErrorBoundary() {
	const { t } = useTranslation('adminErrorReports')
	return <LoadError title={t('toast.loadFailed')} text={t('toast.loadFailedText')} />
}
