import type { Route } from './+types/home'
import { servicesContext, userContext } from '#app/context.ts'
import { Dashboard } from '#app/components/dashboard/dashboard.tsx'
import { LandingPage } from '#app/components/landing/landing-page.tsx'
import { AppShell } from '#app/components/layout/app-shell.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { loadShell } from '#app/server/shell.server.ts'
import { useSignedInEffects } from '#app/components/layout/use-signed-in-effects.ts'

// "/" is the dashboard for a signed-in user and the landing page for everyone else.
export async function loader({ context }: Route.LoaderArgs) {
	const user = context.get(userContext)
	const t = getInstance(context).t
	if (!user) return { kind: 'landing' as const, title: t('landing:meta.title') }
	const services = context.get(servicesContext)
	const [shell, agents, profile] = await Promise.all([
		loadShell(context, user),
		services.agents.listAgents(user.id),
		services.accounts.getProfile(user.id),
	])
	return {
		kind: 'dashboard' as const,
		title: t('dashboard:meta.title'),
		shell,
		dashboard: {
			credits: { remaining: profile?.credits_remaining ?? 0, total: profile?.credits_total ?? 0 },
			subscriptionType: user.subscriptionType,
			draftsCount: shell.draftsCount,
			agents,
		},
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function Home({ loaderData }: Route.ComponentProps) {
	if (loaderData.kind === 'landing') return <LandingPage />
	return <SignedInHome shell={loaderData.shell} dashboard={loaderData.dashboard} />
}

function SignedInHome(props: { shell: Extract<Route.ComponentProps['loaderData'], { kind: 'dashboard' }>['shell']; dashboard: Extract<Route.ComponentProps['loaderData'], { kind: 'dashboard' }>['dashboard'] }) {
	useSignedInEffects()
	return (
		<AppShell shell={props.shell}>
			<Dashboard data={props.dashboard} />
		</AppShell>
	)
}
