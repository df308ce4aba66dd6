import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { Button, Callout, Checkbox, Select, Table, TextField, VisuallyHidden } from '@radix-ui/themes'
import { Badge, Flex, Grid, Text } from '#app/components/ui/lean.tsx'
import { Check, Copy, KeyRound } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { useRequestId } from '#app/components/use-request-id.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { useTranslation } from '#app/utils/use-translation.ts'
import { API_SCOPES, type ApiTokenView } from '#modules/accounts/api-scopes.ts'
import type { TokenReply } from '#app/server/api-tokens-settings.server.ts'
import { SettingsSection } from './section.tsx'
import '#locales/ns/integrations.ts'

const EXPIRY = ['never', '30', '90', '365'] as const

/** 'API-Schlüssel': create (the secret shown once), list with last use, revoke. */
export function ApiTokensPanel({ tokens, timeZone }: { tokens: Array<ApiTokenView>; timeZone: string }) {
	const { t } = useTranslation('integrations')
	const create = useFetcher<TokenReply>({ key: 'token-create' })
	useFetcherNotice(create)
	const requestId = useRequestId(create.data)
	const form = useRef<HTMLFormElement>(null)
	// The secret stays on screen until 'Fertig' (or the next answer): derived from the answer, not copied into state.
	const [dismissed, setDismissed] = useState<unknown>(null)
	const shown = create.state === 'idle' && create.data?.ok && create.data.created && dismissed !== create.data ? create.data.created : null
	const reset = useRef<unknown>(create.data ?? null)
	useEffect(() => {
		if (create.state !== 'idle' || !create.data?.ok || reset.current === create.data) return
		reset.current = create.data
		form.current?.reset()
	}, [create.state, create.data])
	const errors = create.state === 'idle' && create.data && !create.data.ok ? create.data.errors : {}

	return (
		<SettingsSection id="api-tokens" icon={<KeyRound size={20} />} title={t('tokens.title')} description={t('tokens.description')}>
			{shown ? <NewSecret created={shown} onDone={() => setDismissed(create.data)} /> : null}
			<create.Form method="post" ref={form} noValidate>
				<input type="hidden" name="intent" value="token-create" />
				<input type="hidden" name="requestId" value={requestId} />
				<Flex direction="column" gap="3">
					<Grid columns={{ initial: '1', md: '2' }} gap="3">
						<Flex direction="column" gap="1">
							<Text as="label" htmlFor="token-name" size="2" weight="medium">
								{t('tokens.name')}
							</Text>
							<TextField.Root id="token-name" name="name" maxLength={100} placeholder={t('tokens.namePlaceholder')} aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? 'token-name-error' : undefined} />
							{errors.name ? (
								<Text id="token-name-error" size="1" color="red" role="alert">
									{errors.name}
								</Text>
							) : null}
						</Flex>
						<Flex direction="column" gap="1">
							<Text as="label" htmlFor="token-expiry" size="2" weight="medium">
								{t('tokens.expiry')}
							</Text>
							<Select.Root name="expiry" defaultValue="never">
								<Select.Trigger id="token-expiry" />
								<Select.Content>
									{EXPIRY.map((value) => (
										<Select.Item key={value} value={value}>
											{t(`tokens.expiryOption.${value}`)}
										</Select.Item>
									))}
								</Select.Content>
							</Select.Root>
						</Flex>
					</Grid>
					<fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }} aria-describedby={errors.scopes ? 'token-scopes-error' : undefined}>
						<legend style={{ padding: 0, marginBottom: 'var(--space-2)' }}>
							<Text size="2" weight="medium">
								{t('tokens.scopes')}
							</Text>
						</legend>
						<Grid columns={{ initial: '1', md: '2' }} gap="2">
							{API_SCOPES.map((scope) => (
								<Text as="label" size="2" key={scope}>
									<Flex gap="2" align="start">
										<Checkbox name="scopes" value={scope} defaultChecked={scope === 'read'} />
										<span>
											<strong>{t(`tokens.scope.${scope}`)}</strong>
											<Text as="span" color="gray" size="1">
												{' '}
												– {t(`tokens.scopeHint.${scope}`)}
											</Text>
										</span>
									</Flex>
								</Text>
							))}
						</Grid>
						{errors.scopes ? (
							<Text id="token-scopes-error" size="1" color="red" role="alert">
								{errors.scopes}
							</Text>
						) : null}
					</fieldset>
					<Flex justify="end">
						<Button type="submit" loading={create.state !== 'idle'} disabled={!requestId}>
							{t('tokens.create')}
						</Button>
					</Flex>
				</Flex>
			</create.Form>
			<TokenTable tokens={tokens} timeZone={timeZone} />
		</SettingsSection>
	)
}

function NewSecret({ created, onDone }: { created: NonNullable<TokenReply['created']>; onDone: () => void }) {
	const { t } = useTranslation('integrations')
	const [copied, setCopied] = useState(false)
	if (!created.secret) {
		return (
			<Callout.Root color="amber" role="status">
				<Callout.Text>{t('tokens.secretReplayed')}</Callout.Text>
			</Callout.Root>
		)
	}
	const secret = created.secret
	return (
		<Callout.Root color="green" role="status">
			<Flex direction="column" gap="2" style={{ minWidth: 0 }}>
				<Text weight="bold">{t('tokens.secretTitle')}</Text>
				<Text size="2">{t('tokens.secretText')}</Text>
				<Flex gap="2" wrap="wrap" align="center">
					<TextField.Root aria-label={t('tokens.secretLabel')} value={secret} readOnly style={{ flex: '1 1 18rem', fontFamily: 'var(--code-font-family)' }} onFocus={(e) => e.currentTarget.select()} />
					<Button
						type="button"
						variant="soft"
						onClick={() => {
							void navigator.clipboard?.writeText(secret).then(() => setCopied(true))
						}}
					>
						{copied ? <Check size={16} /> : <Copy size={16} />} {copied ? t('tokens.copied') : t('tokens.copy')}
					</Button>
					<Button type="button" variant="outline" onClick={onDone}>
						{t('tokens.done')}
					</Button>
				</Flex>
			</Flex>
		</Callout.Root>
	)
}

function tokenStatus(token: ApiTokenView, now: number) {
	if (token.revokedAt) return 'revoked' as const
	if (token.expiresAt && new Date(token.expiresAt).getTime() <= now) return 'expired' as const
	return 'active' as const
}

function TokenTable({ tokens, timeZone }: { tokens: Array<ApiTokenView>; timeZone: string }) {
	const { t } = useTranslation('integrations')
	const revoke = useFetcher<TokenReply>({ key: 'token-revoke' })
	useFetcherNotice(revoke)
	const [asking, setAsking] = useState<ApiTokenView | null>(null)
	const [now] = useState(() => Date.now())
	if (tokens.length === 0) {
		return (
			<Text size="2" color="gray">
				{t('tokens.empty')}
			</Text>
		)
	}
	const when = (iso: string | null, fallback: string) => (iso ? formatDateTime(iso, timeZone, 'dd.MM.yyyy HH:mm') : fallback)
	return (
		<>
			<Table.Root variant="surface" size="1">
				<Table.Header>
					<Table.Row>
						<Table.ColumnHeaderCell>{t('tokens.columns.name')}</Table.ColumnHeaderCell>
						<Table.ColumnHeaderCell>{t('tokens.columns.key')}</Table.ColumnHeaderCell>
						<Table.ColumnHeaderCell>{t('tokens.columns.scopes')}</Table.ColumnHeaderCell>
						<Table.ColumnHeaderCell>{t('tokens.columns.created')}</Table.ColumnHeaderCell>
						<Table.ColumnHeaderCell>{t('tokens.columns.lastUsed')}</Table.ColumnHeaderCell>
						<Table.ColumnHeaderCell>{t('tokens.columns.expires')}</Table.ColumnHeaderCell>
						<Table.ColumnHeaderCell>{t('tokens.columns.status')}</Table.ColumnHeaderCell>
						<Table.ColumnHeaderCell>
							<VisuallyHidden>{t('tokens.revoke')}</VisuallyHidden>
						</Table.ColumnHeaderCell>
					</Table.Row>
				</Table.Header>
				<Table.Body>
					{tokens.map((token) => {
						const status = tokenStatus(token, now)
						return (
							<Table.Row key={token.id} data-testid="api-token-row">
								<Table.RowHeaderCell>{token.name}</Table.RowHeaderCell>
								<Table.Cell>
									<code>pw_…{token.hint}</code>
								</Table.Cell>
								<Table.Cell>
									<Flex gap="1" wrap="wrap">
										{token.scopes.map((scope) => (
											<Badge key={scope} color="gray">
												{t(`tokens.scope.${scope}`)}
											</Badge>
										))}
									</Flex>
								</Table.Cell>
								<Table.Cell>{when(token.createdAt, '')}</Table.Cell>
								<Table.Cell>{when(token.lastUsedAt, t('tokens.never'))}</Table.Cell>
								<Table.Cell>{when(token.expiresAt, t('tokens.noExpiry'))}</Table.Cell>
								<Table.Cell>
									<Badge color={status === 'active' ? 'green' : 'gray'}>{t(`tokens.status.${status}`)}</Badge>
								</Table.Cell>
								<Table.Cell>
									{status === 'revoked' ? null : (
										<Button type="button" size="1" variant="soft" color="red" onClick={() => setAsking(token)} aria-label={`${t('tokens.revoke')}: ${token.name}`}>
											{t('tokens.revoke')}
										</Button>
									)}
								</Table.Cell>
							</Table.Row>
						)
					})}
				</Table.Body>
			</Table.Root>
			<ConfirmDialog
				open={asking !== null}
				title={t('tokens.revokeTitle')}
				text={asking ? t('tokens.revokeText', { name: asking.name }) : ''}
				confirmLabel={t('tokens.revokeConfirm')}
				cancelLabel={t('tokens.cancel')}
				onConfirm={() => (asking ? revoke.submit({ intent: 'token-revoke', tokenId: asking.id }, { method: 'post' }) : null)}
				onCancel={() => setAsking(null)}
			/>
		</>
	)
}
