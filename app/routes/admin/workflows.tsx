import type { Route } from './+types/workflows'
import { WorkflowsPage } from '#app/components/admin/workflows-page.tsx'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { requireAdmin } from '#app/server/guards.server.ts'

// Read only: the workflows are seeded from the code (modules/admin/workflow-catalogue.ts), so this route has no action.
export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = requireAdmin(context, request)
	const { workflows } = context.get(servicesContext).admin
	const title = getInstance(context).t('adminWorkflows:meta.title')
	try {
		return { title, ...(await workflows.list()), timeZone: admin.timeZone, loadFailed: false }
	} catch (error) {
		console.error('admin: loading the workflows failed', error)
		return { title, workflows: [], counts: { total: 0, active: 0, inactive: 0, averageSteps: 0 }, timeZone: admin.timeZone, loadFailed: true }
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminWorkflows({ loaderData }: Route.ComponentProps) {
	return <WorkflowsPage {...loaderData} />
}
