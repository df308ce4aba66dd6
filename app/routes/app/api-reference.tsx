import type { Route } from './+types/api-reference'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import { ApiReferencePage } from '#app/components/api-reference/api-reference-page.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { apiReference } from '#app/server/api/v1/reference.server.ts'
import { API_RATE_LIMIT } from '#modules/accounts/api-scopes.ts'
import '#locales/ns/api.ts'

// Public (ADR 0073): the reference is the same for everyone, signed in or not.
export async function loader({ context }: Route.LoaderArgs) {
	const { publishing } = context.get(servicesContext)
	const { appUrl } = context.get(requestInfoContext)
	return {
		title: getInstance(context).t('api:reference.metaTitle'),
		...apiReference(publishing.platforms.ids, appUrl),
		rateLimit: API_RATE_LIMIT.limit,
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function ApiReferenceRoute({ loaderData }: Route.ComponentProps) {
	return <ApiReferencePage version={loaderData.version} groups={loaderData.groups} rateLimit={loaderData.rateLimit} settingsPath="/settings" />
}
