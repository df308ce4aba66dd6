import { Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { AppShell } from '#app/components/layout/app-shell.tsx'
import { useSignedInEffects } from '#app/components/layout/use-signed-in-effects.ts'
import { requireUser, requireUserMiddleware } from '#app/server/guards.server.ts'
import { loadShell } from '#app/server/shell.server.ts'

// Every route below needs a signed-in user; signed-out visitors go to /auth?redirectTo=<path>.
export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware]

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	return { shell: await loadShell(context, request, user) }
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
	useSignedInEffects()
	return (
		<AppShell shell={loaderData.shell}>
			<Outlet />
		</AppShell>
	)
}
