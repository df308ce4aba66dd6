import { AlertDialog, Badge, Button, Callout, Card, Checkbox, Separator, TextField } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { Check, Copy, KeyRound, Plus, RotateCw, Send, Trash2, Webhook } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { useRequestId } from '#app/components/use-request-id.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { useTranslation } from '#app/utils/use-translation.ts'
import { WEBHOOK_EVENTS } from '#modules/webhooks/events.ts'
import type { WebhookAttemptView } from '#modules/webhooks/events.ts'
import { SettingsSection } from './section.tsx'
import type { WebhookReply, WebhooksPanelData } from './webhooks-types.ts'
import '#locales/ns/webhooks.ts'

type Endpoint = WebhooksPanelData['endpoints'][number]

/** Settings › API & Integrationen › Webhooks: the endpoints, adding one (secret shown once), test, on/off, delete and the delivery log. */
export function WebhooksPanel({ webhooks, timeZone }: { webhooks: WebhooksPanelData; timeZone: string }) {
	const { t } = useTranslation('webhooks')
	const [adding, setAdding] = useState(false)
	const [secret, setSecret] = useState<string | null>(null)
	const full = webhooks.endpoints.length >= webhooks.max
	return (
		<SettingsSection id="webhooks" icon={<Webhook size={20} />} title={t('title')} description={t('intro')}>
			{secret ? <SecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}
			{webhooks.endpoints.length === 0 ? (
				<Text size="2" color="gray">
					{t('empty')}
				</Text>
			) : (
				<Flex direction="column" gap="3">
					{webhooks.endpoints.map((endpoint) => (
						<EndpointCard key={endpoint.id} endpoint={endpoint} timeZone={timeZone} />
					))}
				</Flex>
			)}
			{adding ? (
				<AddForm
					onCreated={(created) => {
						setAdding(false)
						if (created) setSecret(created)
					}}
					onCancel={() => setAdding(false)}
				/>
			) : (
				<Flex>
					<Button type="button" variant="soft" disabled={full} onClick={() => setAdding(true)}>
						<Plus size={16} /> {t('add')}
					</Button>
				</Flex>
			)}
			{full ? (
				<Text size="1" color="gray">
					{t('message.limit', { max: webhooks.max })}
				</Text>
			) : null}
		</SettingsSection>
	)
}

function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
	const { t } = useTranslation('webhooks')
	const [copied, setCopied] = useState(false)
	return (
		<Callout.Root color="amber" role="status" data-testid="webhook-secret">
			<Callout.Icon>
				<KeyRound size={16} />
			</Callout.Icon>
			<Flex direction="column" gap="2" style={{ minWidth: 0 }}>
				<Text size="2" weight="bold">
					{t('secretTitle')}
				</Text>
				<Text size="2">{t('secretOnce')}</Text>
				<Flex gap="2" wrap="wrap" align="center">
					<TextField.Root aria-label={t('secretTitle')} value={secret} readOnly style={{ flex: '1 1 18rem', minWidth: 0, fontFamily: 'var(--code-font-family)' }} onFocus={(e) => e.currentTarget.select()} />
					<Button
						type="button"
						variant="soft"
						onClick={() => {
							void navigator.clipboard?.writeText(secret).then(() => setCopied(true))
						}}
					>
						{copied ? <Check size={16} /> : <Copy size={16} />} {copied ? t('copied') : t('copy')}
					</Button>
					<Button type="button" variant="outline" onClick={onDone}>
						{t('close')}
					</Button>
				</Flex>
			</Flex>
		</Callout.Root>
	)
}

function AddForm({ onCreated, onCancel }: { onCreated: (secret: string | null) => void; onCancel: () => void }) {
	const { t } = useTranslation('webhooks')
	const fetcher = useFetcher<WebhookReply>({ key: 'webhook-create' })
	const requestId = useRequestId(fetcher.data)
	const ids = { url: useId(), description: useId(), events: useId() }
	useFetcherNotice(fetcher)
	const reply = fetcher.state === 'idle' ? fetcher.data : undefined
	// An answer already there when the form opens belongs to an earlier webhook.
	const seen = useRef(fetcher.data)
	useEffect(() => {
		if (!reply || seen.current === reply) return
		seen.current = reply
		if (reply.ok) onCreated(reply.secret ?? null)
	}, [reply, onCreated])
	const errors = reply && !reply.ok ? (reply.errors ?? {}) : {}
	return (
		<Card>
			<fetcher.Form method="post" noValidate>
				<input type="hidden" name="intent" value="webhook-create" />
				<input type="hidden" name="requestId" value={requestId} />
				<Flex direction="column" gap="3">
					<Flex direction="column" gap="1">
						<Text as="label" htmlFor={ids.url} size="2" weight="medium">
							{t('url')}
						</Text>
						<TextField.Root id={ids.url} name="url" type="url" inputMode="url" placeholder="https://" required aria-invalid={errors.url ? true : undefined} aria-describedby={`${ids.url}-hint`} />
						<Text id={`${ids.url}-hint`} size="1" color={errors.url ? 'red' : 'gray'} role={errors.url ? 'alert' : undefined}>
							{errors.url ?? t('urlHint')}
						</Text>
					</Flex>
					<Flex direction="column" gap="1">
						<Text as="label" htmlFor={ids.description} size="2" weight="medium">
							{t('description')}
						</Text>
						<TextField.Root id={ids.description} name="description" maxLength={200} />
						{errors.description ? (
							<Text size="1" color="red" role="alert">
								{errors.description}
							</Text>
						) : null}
					</Flex>
					<Flex direction="column" gap="2" role="group" aria-labelledby={ids.events}>
						<Text id={ids.events} size="2" weight="medium">
							{t('events')}
						</Text>
						<Flex gap="3" wrap="wrap">
							{WEBHOOK_EVENTS.map((event) => (
								<Text as="label" size="2" key={event}>
									<Flex gap="2" align="center">
										<Checkbox name="events" value={event} />
										{t(`event.${event}`)}
									</Flex>
								</Text>
							))}
						</Flex>
						{errors.events ? (
							<Text size="1" color="red" role="alert">
								{errors.events}
							</Text>
						) : null}
					</Flex>
					<Flex gap="2" justify="end" wrap="wrap">
						<Button type="button" variant="soft" color="gray" onClick={onCancel}>
							{t('cancel')}
						</Button>
						<Button type="submit" loading={fetcher.state !== 'idle'} disabled={!requestId}>
							{t('save')}
						</Button>
					</Flex>
				</Flex>
			</fetcher.Form>
		</Card>
	)
}

function stateOf(endpoint: Endpoint) {
	if (endpoint.enabled) return { key: 'state.enabled', color: 'green' } as const
	return endpoint.disabledReason === 'failures' ? ({ key: 'state.disabledFailures', color: 'red' } as const) : ({ key: 'state.disabledUser', color: 'gray' } as const)
}

function EndpointCard({ endpoint, timeZone }: { endpoint: Endpoint; timeZone: string }) {
	const { t } = useTranslation('webhooks')
	const state = stateOf(endpoint)
	const action = useFetcher<WebhookReply>({ key: `webhook-${endpoint.id}` })
	useFetcherNotice(action)
	const busy = (intent: string) => action.state !== 'idle' && action.formData?.get('intent') === intent
	const submit = (intent: string) => action.submit({ intent, endpointId: endpoint.id }, { method: 'post' })
	return (
		<Card data-testid="webhook-endpoint">
			<Flex direction="column" gap="2">
				<Flex gap="2" align="center" wrap="wrap" justify="between">
					<Text size="2" weight="bold" style={{ wordBreak: 'break-all' }}>
						{endpoint.url}
					</Text>
					<Badge color={state.color}>{t(state.key)}</Badge>
				</Flex>
				{endpoint.description ? (
					<Text size="2" color="gray">
						{endpoint.description}
					</Text>
				) : null}
				<Flex gap="1" wrap="wrap">
					{endpoint.events.map((event) => (
						<Badge key={event} variant="soft" color="gray">
							{t(`event.${event}`)}
						</Badge>
					))}
				</Flex>
				<Text size="1" color="gray">
					{t('lastDelivery')}:{' '}
					{endpoint.lastDelivery
						? `${formatDateTime(endpoint.lastDelivery.at, timeZone, 'dd.MM.yyyy HH:mm')} · ${endpoint.lastDelivery.statusCode !== null ? `HTTP ${endpoint.lastDelivery.statusCode}` : '–'}`
						: t('never')}
				</Text>
				<Flex gap="2" wrap="wrap">
					<Button type="button" size="1" variant="soft" loading={busy('webhook-test')} onClick={() => submit('webhook-test')}>
						<Send size={14} /> {t('sendTest')}
					</Button>
					{endpoint.enabled ? (
						<Button type="button" size="1" variant="soft" color="gray" loading={busy('webhook-disable')} onClick={() => submit('webhook-disable')}>
							{t('disable')}
						</Button>
					) : (
						<Button type="button" size="1" variant="soft" color="green" loading={busy('webhook-enable')} onClick={() => submit('webhook-enable')}>
							{t('enable')}
						</Button>
					)}
					<AlertDialog.Root>
						<AlertDialog.Trigger>
							<Button type="button" size="1" variant="soft" color="red" loading={busy('webhook-delete')}>
								<Trash2 size={14} /> {t('delete')}
							</Button>
						</AlertDialog.Trigger>
						<AlertDialog.Content maxWidth="440px">
							<AlertDialog.Title>{t('deleteTitle')}</AlertDialog.Title>
							<AlertDialog.Description size="2">{t('deleteConfirm')}</AlertDialog.Description>
							<Flex gap="3" mt="4" justify="end">
								<AlertDialog.Cancel>
									<Button variant="soft" color="gray">
										{t('cancel')}
									</Button>
								</AlertDialog.Cancel>
								<AlertDialog.Action>
									<Button color="red" onClick={() => submit('webhook-delete')}>
										{t('deleteYes')}
									</Button>
								</AlertDialog.Action>
							</Flex>
						</AlertDialog.Content>
					</AlertDialog.Root>
				</Flex>
				<Separator size="4" />
				<details>
					<summary>
						<Text size="2" weight="medium">
							{t('log')} ({endpoint.log.length})
						</Text>
					</summary>
					<DeliveryLog log={endpoint.log} timeZone={timeZone} />
				</details>
			</Flex>
		</Card>
	)
}

function DeliveryLog({ log, timeZone }: { log: Array<WebhookAttemptView>; timeZone: string }) {
	const { t } = useTranslation('webhooks')
	const replay = useFetcher<WebhookReply>({ key: 'webhook-replay' })
	useFetcherNotice(replay)
	if (log.length === 0)
		return (
			<Text as="p" size="2" color="gray" mt="2">
				{t('logEmpty')}
			</Text>
		)
	return (
		<ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('log')}>
			{log.map((row) => (
				<li key={row.id} data-testid="webhook-log-row" style={{ borderBottom: '1px solid var(--gray-a4)', padding: 'var(--space-2) 0' }}>
					<Flex gap="2" align="center" wrap="wrap" justify="between">
						<Flex direction="column" gap="1" style={{ minWidth: 0 }}>
							<Text size="2">
								{formatDateTime(row.at, timeZone, 'dd.MM.yyyy HH:mm:ss')} · {t(`event.${row.event}` as 'event.post.published', { defaultValue: row.event })}
							</Text>
							<Text size="1" color="gray">
								{t('logAttempt')} {row.attempt}
								{row.manual ? ` (${t('manual')})` : ''} · {t('ms', { value: row.durationMs })}
								{row.error ? ` · ${row.error}` : ''}
							</Text>
						</Flex>
						<Flex gap="2" align="center">
							<Badge color={row.ok ? 'green' : 'red'} aria-label={t('logStatus')}>
								{row.statusCode !== null ? `HTTP ${row.statusCode}` : '–'}
							</Badge>
							<Button
								type="button"
								size="1"
								variant="ghost"
								loading={replay.state !== 'idle' && replay.formData?.get('messageId') === row.messageId}
								onClick={() => replay.submit({ intent: 'webhook-replay', messageId: row.messageId }, { method: 'post' })}
							>
								<RotateCw size={14} /> {t('replay')}
							</Button>
						</Flex>
					</Flex>
				</li>
			))}
		</ul>
	)
}
