import { data, Link } from 'react-router'
import { z } from 'zod'
import { Button, Card, Code } from '@radix-ui/themes'
import { ArrowLeft, PlugZap } from 'lucide-react'
import type { Route } from './+types/settings.integrations'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { ApiTokensPanel } from '#app/components/settings/api-tokens-panel.tsx'
import { ConnectedAppsPanel } from '#app/components/settings/connected-apps-panel.tsx'
import { WebhooksPanel } from '#app/components/settings/webhooks-panel.tsx'
import { SettingsSection } from '#app/components/settings/section.tsx'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { tokenAction } from '#app/server/api-tokens-settings.server.ts'
import { appAction, APP_INTENTS } from '#app/server/connected-apps-settings.server.ts'
import { isWebhookIntent, loadWebhooks, WEBHOOK_INTENTS, webhookAction } from '#app/server/webhooks-settings.server.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { useTranslation } from '#app/utils/use-translation.ts'
import { API_RATE_LIMIT } from '#modules/accounts/api-scopes.ts'
import { API_REFERENCE_PATH } from '#app/components/api-reference/path.ts'
import { ASSISTANTS_GUIDE_PATH } from '#app/components/assistants/path.ts'
import '#locales/ns/integrations.ts'

// Settings › API & Integrationen: personal API tokens, how to reach the REST API and the MCP server, webhooks.

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const { accounts } = context.get(servicesContext)
	const [tokens, apps, webhooks] = await Promise.all([accounts.apiTokens.list(user.id), accounts.oauth.grants(user.id), loadWebhooks(context, user.id)])
	return { title: getInstance(context).t('integrations:meta.title'), tokens, apps, webhooks, timeZone: user.timeZone, appUrl: context.get(requestInfoContext).appUrl }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

const IntentSchema = z.object({ intent: z.enum(['token-create', 'token-revoke', ...APP_INTENTS, ...WEBHOOK_INTENTS]) })

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const { formData, submission } = await parseForm(request, IntentSchema)
	if (submission.status !== 'success') {
		const t = getInstance(context).getFixedT(null, 'integrations')
		return data({ ok: false, errors: {}, notice: { type: 'error' as const, title: t('tokens.failed'), description: t('tokens.invalid') } }, { status: 400 })
	}
	const intent = submission.value.intent
	if (isWebhookIntent(intent)) return webhookAction(context, user.id, intent, formData)
	if (intent === 'app-revoke') return appAction(context, user.id, formData)
	return tokenAction(context, user, intent, formData)
}

export default function SettingsIntegrationsRoute({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('integrations')
	const { tokens, apps, webhooks, timeZone, appUrl } = loaderData
	return (
		<Flex direction="column" gap="4">
			<PageHeader title={t('title')} subtitle={t('subtitle')}>
				<Button asChild variant="soft" color="gray">
					<Link to="/settings">
						<ArrowLeft size={16} /> {t('backToSettings')}
					</Link>
				</Button>
			</PageHeader>
			<ApiTokensPanel tokens={tokens} timeZone={timeZone} />
			<ConnectedAppsPanel apps={apps} timeZone={timeZone} />
			<SettingsSection id="api-usage" icon={<PlugZap size={20} />} title={t('usage.title')} description={t('usage.rateLimit', { limit: API_RATE_LIMIT.limit })}>
				<Flex direction="column" gap="2">
					<Text size="2">
						{t('usage.api', { url: `${appUrl}/api/v1` })}
					</Text>
					<Text size="2">
						{t('usage.mcp', { url: `${appUrl}/mcp` })}
					</Text>
					<Card variant="ghost">
						<Code size="2" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{`curl -H "Authorization: Bearer pw_…" ${appUrl}/api/v1/posts`}</Code>
					</Card>
					<Flex gap="3" wrap="wrap">
						<Button asChild variant="soft">
							<Link to={API_REFERENCE_PATH}>{t('usage.reference')}</Link>
						</Button>
						<Button asChild variant="soft">
							<Link to={ASSISTANTS_GUIDE_PATH}>{t('usage.assistants')}</Link>
						</Button>
					</Flex>
				</Flex>
			</SettingsSection>
			<WebhooksPanel webhooks={webhooks} timeZone={timeZone} />
		</Flex>
	)
}
