import type { Route } from './+types/landing'
import { LandingPage } from '#app/components/landing/landing-page.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { requireAnonymous } from '#app/server/guards.server.ts'
import '#app/components/landing/landing.css'

export function loader({ context }: Route.LoaderArgs) {
	requireAnonymous(context)
	const { t } = getInstance(context)
	return { title: t('landing:meta.title'), description: t('landing:meta.description') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData?.title },
	{ name: 'description', content: loaderData?.description },
]

export default function LandingRoute() {
	return <LandingPage />
}
