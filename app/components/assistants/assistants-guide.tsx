import { Card, Flex, Heading, Link as ThemeLink, Text } from '@radix-ui/themes'
import { Link } from 'react-router'
import { API_REFERENCE_PATH } from '#app/components/api-reference/path.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import '#locales/ns/assistants.ts'

// 'Mit KI-Assistenten verbinden': the steps for Claude, ChatGPT and Cursor (OAuth sign-in and consent)
// and the mcp-remote fallback with a personal token, with this server's own address filled in.

const STEPS = ['s1', 's2', 's3', 's4'] as const
const TOKEN_STEPS = ['s1', 's2', 's3'] as const

const INTEGRATIONS_PATH = '/settings/integrationen'

function Snippet({ label, text }: { label: string; text: string }) {
	return (
		<pre aria-label={label} style={{ margin: 0, padding: 'var(--space-3)', background: 'var(--gray-a3)', borderRadius: 'var(--radius-2)', overflowX: 'auto', fontSize: 'var(--font-size-1)', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
			<code>{text}</code>
		</pre>
	)
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
	return (
		<Card size="2" asChild>
			<section aria-labelledby={`${id}-title`} id={id}>
				<Flex direction="column" gap="3">
					<Heading as="h3" size="5" id={`${id}-title`}>
						{title}
					</Heading>
					{children}
				</Flex>
			</section>
		</Card>
	)
}

function Steps({ items }: { items: Array<string> }) {
	return (
		<Text as="div" size="2">
			<ol style={{ margin: 0, paddingInlineStart: 'var(--space-5)', display: 'grid', gap: 'var(--space-2)' }}>
				{items.map((item) => (
					<li key={item}>{item}</li>
				))}
			</ol>
		</Text>
	)
}

export function cursorConfig(mcpUrl: string) {
	return JSON.stringify({ mcpServers: { postwerk: { url: mcpUrl } } }, null, 2)
}

export function mcpRemoteCommand(mcpUrl: string) {
	return `npx mcp-remote ${mcpUrl} --header "Authorization: Bearer \${POSTWERK_TOKEN}"`
}

export function mcpRemoteConfig(mcpUrl: string) {
	const server = { command: 'npx', args: ['mcp-remote', mcpUrl, '--header', 'Authorization: Bearer ${POSTWERK_TOKEN}'], env: { POSTWERK_TOKEN: 'pw_…' } }
	return JSON.stringify({ mcpServers: { postwerk: server } }, null, 2)
}

export function AssistantsGuide({ mcpUrl, rateLimit }: { mcpUrl: string; rateLimit: number }) {
	const { t } = useTranslation('assistants')
	return (
		<Flex direction="column" gap="5">
			<PageHeader title={t('title')} subtitle={t('subtitle')} />
			<Card size="2">
				<Flex direction="column" gap="2">
					<Text size="2">{t('intro')}</Text>
					<Snippet label={t('serverUrl')} text={mcpUrl} />
				</Flex>
			</Card>
			<Section id="claude" title={t('claude.title')}>
				<Text size="2">{t('claude.lead')}</Text>
				<Steps items={STEPS.map((s) => t(`claude.steps.${s}`))} />
			</Section>
			<Section id="chatgpt" title={t('chatgpt.title')}>
				<Text size="2">{t('chatgpt.lead')}</Text>
				<Steps items={STEPS.map((s) => t(`chatgpt.steps.${s}`))} />
			</Section>
			<Section id="cursor" title={t('cursor.title')}>
				<Text size="2">{t('cursor.lead')}</Text>
				<Snippet label="mcp.json" text={cursorConfig(mcpUrl)} />
				<Text size="2">{t('cursor.after')}</Text>
			</Section>
			<Section id="mcp-remote" title={t('token.title')}>
				<Text size="2">{t('token.lead')}</Text>
				<Steps items={TOKEN_STEPS.map((s) => t(`token.steps.${s}`))} />
				<Snippet label="mcp-remote" text={mcpRemoteCommand(mcpUrl)} />
				<Text size="2">{t('token.configLead')}</Text>
				<Snippet label="claude_desktop_config.json" text={mcpRemoteConfig(mcpUrl)} />
				<Text size="2">{t('token.revoke')}</Text>
			</Section>
			<Section id="limits" title={t('limits.title')}>
				<Text size="2">{t('limits.text', { limit: rateLimit })}</Text>
				<Flex gap="4" wrap="wrap">
					<ThemeLink asChild size="2">
						<Link to={INTEGRATIONS_PATH}>{t('links.settings')}</Link>
					</ThemeLink>
					<ThemeLink asChild size="2">
						<Link to={API_REFERENCE_PATH}>{t('links.reference')}</Link>
					</ThemeLink>
					<ThemeLink asChild size="2">
						<Link to="/activity-logs">{t('links.activity')}</Link>
					</ThemeLink>
				</Flex>
			</Section>
		</Flex>
	)
}
