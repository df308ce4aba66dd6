import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import type { WebhookReply, WebhooksPanelData } from '#app/components/settings/webhooks-types.ts'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { requestIdOf } from '#app/server/request-id.server.ts'
import { MAX_ENDPOINTS_PER_USER, type AttemptOutcome } from '#modules/webhooks/index.ts'
import '#locales/ns/webhooks.ts'

// The webhooks panel of Settings › API & Integrationen: its loader data and its 'webhook-…' intents.

const LOG_ROWS = 20

export const WEBHOOK_INTENTS = ['webhook-create', 'webhook-test', 'webhook-enable', 'webhook-disable', 'webhook-delete', 'webhook-replay'] as const
export type WebhookIntent = (typeof WEBHOOK_INTENTS)[number]

export function isWebhookIntent(intent: unknown): intent is WebhookIntent {
	return typeof intent === 'string' && (WEBHOOK_INTENTS as ReadonlyArray<string>).includes(intent)
}

export async function loadWebhooks(context: Readonly<RouterContextProvider>, userId: string): Promise<WebhooksPanelData> {
	const { webhooks } = context.get(servicesContext)
	const endpoints = await webhooks.list(userId)
	const logs = await Promise.all(endpoints.map((endpoint) => webhooks.log(userId, endpoint.id, LOG_ROWS)))
	return { endpoints: endpoints.map((endpoint, i) => ({ ...endpoint, log: logs[i] ?? [] })), max: MAX_ENDPOINTS_PER_USER }
}

const Id = z.uuid()
const MessageId = z.string().regex(/^msg_[0-9a-f]{32}$/)

/** Answers a 'webhook-…' intent of the settings action (German notices, never a 5xx for bad input). */
export async function webhookAction(context: Readonly<RouterContextProvider>, userId: string, intent: WebhookIntent, form: FormData) {
	const { webhooks } = context.get(servicesContext)
	const t = getInstance(context).getFixedT('de', 'webhooks')
	const reply = (ok: boolean, title: string, extra: Partial<WebhookReply> = {}, status = ok ? 200 : 400) =>
		data<WebhookReply>({ ok, intent, notice: { type: ok ? 'success' : 'error', title }, ...extra }, { status })
	const notFound = () => reply(false, t('message.notFound'), {}, 404)
	const sent = (outcome: AttemptOutcome | null | 'rate_limited', done: 'message.testSent' | 'message.replayed', failed: 'message.testFailed' | 'message.replayFailed') => {
		if (!outcome) return intent === 'webhook-replay' ? reply(false, t('message.messageNotFound'), {}, 404) : notFound()
		if (outcome === 'rate_limited') return reply(false, t('message.rateLimited'), {}, 429)
		if (outcome.ok) return reply(true, t(done, { status: outcome.statusCode }))
		return reply(false, t(failed, { reason: outcome.error ?? `HTTP ${outcome.statusCode}` }), {}, 200)
	}

	if (intent === 'webhook-create') {
		const requestId = requestIdOf(form)
		if (!requestId) return reply(false, t('message.retry'))
		const url = String(form.get('url') ?? '').slice(0, 2100)
		const description = String(form.get('description') ?? '').slice(0, 1000)
		const events = form.getAll('events').map(String).slice(0, 20)
		const created = await webhooks.create(userId, requestId, { url, description, events })
		if (!created.ok) return reply(false, created.message, created.field ? { errors: { [created.field]: created.message } } : {})
		return reply(true, t('message.created'), { secret: created.secret, endpointId: created.endpoint.id })
	}

	if (intent === 'webhook-replay') {
		const messageId = MessageId.safeParse(form.get('messageId'))
		if (!messageId.success) return reply(false, t('message.messageNotFound'), {}, 404)
		return sent(await webhooks.replay(userId, messageId.data), 'message.replayed', 'message.replayFailed')
	}

	const endpointId = Id.safeParse(form.get('endpointId'))
	if (!endpointId.success) return notFound()
	const id = endpointId.data
	if (intent === 'webhook-test') return sent(await webhooks.sendTest(userId, id), 'message.testSent', 'message.testFailed')
	if (intent === 'webhook-delete') return (await webhooks.remove(userId, id)) ? reply(true, t('message.deleted')) : notFound()
	const enable = intent === 'webhook-enable'
	return (await webhooks.setEnabled(userId, id, enable)) ? reply(true, t(enable ? 'message.enabled' : 'message.disabled')) : notFound()
}
