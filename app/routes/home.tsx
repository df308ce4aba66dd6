import { lazy, Suspense } from 'react'
import type { Route } from './+types/home'
import { servicesContext, userContext } from '#app/context.ts'
import { Dashboard } from '#app/components/dashboard/dashboard.tsx'
import { AppShell } from '#app/components/layout/app-shell.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { loadShell } from '#app/server/shell.server.ts'
import { brandChoice } from '#app/server/brand-choice.server.ts'
import { useSignedInEffects } from '#app/components/layout/use-signed-in-effects.ts'
// The landing page's styles come with the route, so a signed-out visitor's server-rendered page
// is styled before the lazily loaded landing code arrives.
import '#app/components/landing/landing.css'

// Signed-in users, who open "/" most, never download the landing page's code.
const LandingPage = lazy(() => import('#app/components/landing/landing-page.tsx').then((module) => ({ default: module.LandingPage })))

// "/" is the dashboard for a signed-in user and the landing page for everyone else.
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = context.get(userContext)
	const t = getInstance(context).t
	if (!user) return { kind: 'landing' as const, title: t('landing:meta.title') }
	const services = context.get(servicesContext)
	// The brand switcher's list decides which brand the figures are of (ADR 0047).
	const brands = await brandChoice(context, request, user)
	const brandId = brands.current?.id ?? null
	// The six modules' reads in one statement (ADR 0033).
	const { agent, content, publishing, favorites, activity, ideas } = await services.dashboard.read(user.id, user.timeZone, { favorites: 4, activity: 5, ideas: 4 }, brandId)
	// The content figures count the drafts as the header's bell does (all brands): no query of its own for the shell.
	const shell = await loadShell(context, request, user, { draftsCount: brandId === null ? content.draftsCount : undefined, brands })
	return {
		kind: 'dashboard' as const,
		title: t('dashboard:meta.title'),
		shell,
		dashboard: {
			// The balance as the session read it (one query less than reading the profile again).
			credits: { remaining: user.creditsRemaining, total: user.creditsTotal },
			subscriptionType: user.subscriptionType,
			timeZone: user.timeZone,
			followers: publishing.followers,
			connectedPages: publishing.connectedPages,
			engagementRate: content.engagementRate,
			todos: {
				drafts: content.draftsCount,
				review: content.reviewCount,
				deliveries: publishing.failedDeliveries,
				reconnect: publishing.reconnectAccounts,
			},
			recent: content.recent,
			days: content.days,
			favorites,
			activity,
			agent,
			ideas,
		},
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function Home({ loaderData }: Route.ComponentProps) {
	if (loaderData.kind === 'landing') {
		return (
			<Suspense>
				<LandingPage />
			</Suspense>
		)
	}
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
