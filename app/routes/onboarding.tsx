import type { Route } from './+types/onboarding'
import { Onboarding } from '#app/components/onboarding/onboarding-wizard.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { requireAnonymous } from '#app/server/guards.server.ts'

export function loader({ context }: Route.LoaderArgs) {
	requireAnonymous(context)
	return { title: getInstance(context).t('onboarding:meta.title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function OnboardingRoute() {
	return <Onboarding />
}
