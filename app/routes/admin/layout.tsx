import { TabNav } from '@radix-ui/themes'
import { Flex } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link, Outlet, useLocation } from 'react-router'
import type { Route } from './+types/layout'
import { requireAdmin, requireAdminMiddleware } from '#app/server/guards.server.ts'
import '#locales/ns/admin.ts'

// The middleware runs before every loader and action below /admin (documents and data requests),
// so no admin route can be reached without the server-side role check.
export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware]

export function loader({ request, context }: Route.LoaderArgs) {
	requireAdmin(context, request)
	return null
}

const tabs = [
	['/admin', 'nav.overview'],
	['/admin/users', 'nav.users'],
	['/admin/models', 'nav.models'],
	['/admin/prompts', 'nav.prompts'],
	['/admin/workflows', 'nav.workflows'],
	['/admin/toolbox', 'nav.toolbox'],
	['/admin/error-reports', 'nav.errorReports'],
	['/admin/discount-codes', 'nav.discountCodes'],
	['/admin/plans', 'nav.plans'],
] as const

export default function AdminLayout() {
	const { t } = useTranslation('admin')
	const { pathname } = useLocation()
	return (
		<Flex direction="column" gap="4">
			<TabNav.Root>
				{tabs.map(([to, key]) => (
					<TabNav.Link key={to} asChild active={pathname === to}>
						<Link to={to}>{t(key)}</Link>
					</TabNav.Link>
				))}
			</TabNav.Root>
			<Outlet />
		</Flex>
	)
}
