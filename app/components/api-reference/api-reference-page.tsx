import { Badge, Card, Code, Flex, Heading, Link as ThemeLink, Table, Text } from '@radix-ui/themes'
import { Link } from 'react-router'
import { ASSISTANTS_GUIDE_PATH } from '#app/components/assistants/path.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { ReferenceEndpoint, ReferenceField, ReferenceGroup } from '#app/server/api/v1/reference.server.ts'
import '#locales/ns/api.ts'

// The readable API reference: every endpoint of the generated OpenAPI document, grouped by topic.

const METHOD_COLORS = { GET: 'blue', POST: 'green', PATCH: 'amber', DELETE: 'red' } as const

function Fields({ fields, withIn }: { fields: Array<ReferenceField & { in?: string }>; withIn?: boolean }) {
	const { t } = useTranslation('api')
	return (
		<Table.Root size="1" variant="surface">
			<Table.Header>
				<Table.Row>
					<Table.ColumnHeaderCell>{t('reference.name')}</Table.ColumnHeaderCell>
					{withIn ? <Table.ColumnHeaderCell>{t('reference.in.path')}/{t('reference.in.query')}</Table.ColumnHeaderCell> : null}
					<Table.ColumnHeaderCell>{t('reference.type')}</Table.ColumnHeaderCell>
					<Table.ColumnHeaderCell>{t('reference.required')}</Table.ColumnHeaderCell>
					<Table.ColumnHeaderCell>{t('reference.description')}</Table.ColumnHeaderCell>
				</Table.Row>
			</Table.Header>
			<Table.Body>
				{fields.map((field) => (
					<Table.Row key={`${field.in ?? ''}${field.name}`}>
						<Table.RowHeaderCell>
							<Code>{field.name}</Code>
						</Table.RowHeaderCell>
						{withIn ? <Table.Cell>{t(`reference.in.${field.in as 'path'}`)}</Table.Cell> : null}
						<Table.Cell>
							<Text size="1">{field.type}</Text>
						</Table.Cell>
						<Table.Cell>{field.required ? t('reference.yes') : t('reference.no')}</Table.Cell>
						<Table.Cell>{field.description}</Table.Cell>
					</Table.Row>
				))}
			</Table.Body>
		</Table.Root>
	)
}

function Endpoint({ endpoint }: { endpoint: ReferenceEndpoint }) {
	const { t } = useTranslation('api')
	const parameters = endpoint.parameters.filter((p) => p.in !== 'header')
	return (
		<Card size="2" id={endpoint.id} data-testid="api-endpoint">
			<Flex direction="column" gap="3">
				<Flex gap="2" align="center" wrap="wrap">
					<Badge size="2" color={METHOD_COLORS[endpoint.method as keyof typeof METHOD_COLORS] ?? 'gray'}>
						{endpoint.method}
					</Badge>
					<Code size="3">{endpoint.path}</Code>
					<Badge color="gray" variant="outline">
						{t('reference.scope')}: {endpoint.scope ?? t('reference.public')}
					</Badge>
					{endpoint.idempotent ? <Badge color="violet">{t('reference.idempotent')}</Badge> : null}
				</Flex>
				<Heading as="h4" size="3">
					{endpoint.summary}
				</Heading>
				{endpoint.description ? <Text size="2">{endpoint.description}</Text> : null}
				{parameters.length ? (
					<Flex direction="column" gap="1">
						<Text size="2" weight="medium">
							{t('reference.parameters')}
						</Text>
						<Fields fields={parameters} withIn />
					</Flex>
				) : null}
				{endpoint.body.length ? (
					<Flex direction="column" gap="1">
						<Text size="2" weight="medium">
							{t('reference.body')} ({endpoint.bodyTypes.join(', ')})
						</Text>
						<Fields fields={endpoint.body} />
					</Flex>
				) : null}
				<Flex direction="column" gap="1">
					<Text size="2" weight="medium">
						{t('reference.responses')}
					</Text>
					<Text as="div" size="2">
						{endpoint.statuses.map((s) => (
							<div key={s.status}>
								<Code>{s.status}</Code> {s.description}
							</div>
						))}
					</Text>
				</Flex>
				<Flex direction="column" gap="1">
					<Text size="2" weight="medium">
						{t('reference.example')}
					</Text>
					<pre style={{ margin: 0, padding: 'var(--space-3)', background: 'var(--gray-a3)', borderRadius: 'var(--radius-2)', overflowX: 'auto', fontSize: 'var(--font-size-1)' }}>
						<code>{endpoint.curl}</code>
					</pre>
				</Flex>
			</Flex>
		</Card>
	)
}

export function ApiReferencePage({ version, groups, rateLimit, settingsPath }: { version: string; groups: Array<ReferenceGroup>; rateLimit: number; settingsPath: string }) {
	const { t } = useTranslation('api')
	return (
		<Flex direction="column" gap="5">
			<PageHeader title={t('reference.title')} subtitle={t('reference.subtitle')}>
				<Badge size="2" color="gray">
					{t('reference.version', { version })}
				</Badge>
			</PageHeader>
			<Card size="2">
				<Flex direction="column" gap="2">
					<Text size="2">{t('reference.intro')}</Text>
					<Text size="2">{t('reference.rules', { limit: rateLimit })}</Text>
					<Flex gap="4" wrap="wrap">
						<ThemeLink asChild size="2">
							<Link to={settingsPath}>{t('reference.settingsLink')}</Link>
						</ThemeLink>
						<ThemeLink href="/api/v1/openapi.json" size="2">
							{t('reference.openapi')}
						</ThemeLink>
						<ThemeLink asChild size="2">
							<Link to={ASSISTANTS_GUIDE_PATH}>{t('reference.assistants')}</Link>
						</ThemeLink>
					</Flex>
				</Flex>
			</Card>
			{groups.map((group) => (
				<Flex key={group.tag} direction="column" gap="3" asChild>
					<section aria-labelledby={`api-group-${group.tag}`}>
						<div>
							<Heading as="h3" size="5" id={`api-group-${group.tag}`}>
								{group.tag}
							</Heading>
							<Text size="2" color="gray">
								{group.description}
							</Text>
						</div>
						{group.endpoints.map((endpoint) => (
							<Endpoint key={`${endpoint.method} ${endpoint.path}`} endpoint={endpoint} />
						))}
					</section>
				</Flex>
			))}
		</Flex>
	)
}
