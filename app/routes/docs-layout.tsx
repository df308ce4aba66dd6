import { Outlet } from 'react-router'
import type { Route } from './+types/docs-layout'
import { userContext } from '#app/context.ts'
import { AppShell } from '#app/components/layout/app-shell.tsx'
import { PublicFrame } from '#app/components/layout/public-frame.tsx'
import { useSignedInEffects } from '#app/components/layout/use-signed-in-effects.ts'
import { loadShell, type ShellData } from '#app/server/shell.server.ts'

// Pages anyone may read (the API reference, 'Mit KI-Assistenten verbinden'): in the app's shell when
// signed in, in a plain public frame when not (ADR 0073).

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = context.get(userContext)
	return { shell: user ? await loadShell(context, request, user) : null }
}

function SignedIn({ shell }: { shell: ShellData }) {
	useSignedInEffects()
	return (
		<AppShell shell={shell}>
			<Outlet />
		</AppShell>
	)
}

export default function DocsLayout({ loaderData }: Route.ComponentProps) {
	if (loaderData.shell) return <SignedIn shell={loaderData.shell} />
	return (
		<PublicFrame>
			<Outlet />
		</PublicFrame>
	)
}
