import type { Route } from './+types/index'
import { SystemStatusPage } from '#app/components/admin/system-status.tsx'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { requireAdmin } from '#app/server/guards.server.ts'
import { DEFAULT_TIME_ZONE } from '#modules/accounts/index.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = requireAdmin(context, request)
	const timeZone = admin.timeZone || DEFAULT_TIME_ZONE
	const status = await context.get(servicesContext).admin.systemStatus(timeZone)
	return { status, timeZone, title: getInstance(context).t('admin:meta.title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminIndex({ loaderData }: Route.ComponentProps) {
	return <SystemStatusPage status={loaderData.status} timeZone={loaderData.timeZone} />
}
