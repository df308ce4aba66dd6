import type { Route } from './+types/ai-assistants'
import { requestInfoContext } from '#app/context.ts'
import { AssistantsGuide } from '#app/components/assistants/assistants-guide.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { API_RATE_LIMIT } from '#modules/accounts/api-scopes.ts'
import '#locales/ns/assistants.ts'

// 'Mit KI-Assistenten verbinden' (ADR 0073): public, with this server's MCP address filled in.
export function loader({ context }: Route.LoaderArgs) {
	const { t } = getInstance(context)
	const { appUrl } = context.get(requestInfoContext)
	return { title: t('assistants:meta.title'), description: t('assistants:meta.description'), mcpUrl: `${appUrl}/mcp`, rateLimit: API_RATE_LIMIT.limit }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData?.title },
	{ name: 'description', content: loaderData?.description },
]

export default function AiAssistantsRoute({ loaderData }: Route.ComponentProps) {
	return <AssistantsGuide mcpUrl={loaderData.mcpUrl} rateLimit={loaderData.rateLimit} />
}
