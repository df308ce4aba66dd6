import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { Webhook } from 'standardwebhooks'
import texts from '#locales/de/webhooks.json' with { type: 'json' }
import { logActivity } from '#modules/activity/index.ts'
import type { SecretBox } from '#modules/core/crypto.server.ts'
import type { Db, Trx } from '#modules/core/db.server.ts'
import { enqueue } from '#modules/core/jobs.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { DELIVERY_TIMEOUT_MS, deliverWebhookJob, DISABLE_AFTER_FAILED_MESSAGES, DISABLE_AFTER_FAILING_MS, disabledMailJob, MAX_AUTOMATIC_ATTEMPTS, RETRY_DELAYS_MS } from './jobs.ts'
import type { WebhookHttp } from './ports.ts'

export type DeliveryDeps = { db: Db; box: SecretBox; http: WebhookHttp; logger: Logger; timeoutMs?: number }

/** One attempt's outcome: the receiver's status code (2xx is success) or the German reason it got none. */
export type AttemptOutcome = { ok: boolean; statusCode: number | null; error: string | null; durationMs: number; attempt: number }

type Message = { id: string; endpoint_id: string; body: string; url: string; secret_sealed: string; enabled: boolean }

/** The headers of one signed request: the same webhook-id on every attempt, a new timestamp and signature each time. */
export function signedHeaders(secret: string, messageId: string, body: string, at = new Date()) {
	return {
		'content-type': 'application/json',
		'user-agent': 'Postwerk-Webhooks/1.0',
		'webhook-id': messageId,
		'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
		'webhook-signature': new Webhook(secret).sign(messageId, at, body),
	}
}

function reasonOf(error: unknown) {
	const d = texts.delivery
	const candidate = error as { name?: string; code?: string; message?: string } | null
	// WebReadError of the safe fetcher, matched by shape (the class lives in another layer).
	if (candidate?.name === 'WebReadError' || typeof candidate?.code === 'string') {
		if (candidate.code === 'timeout') return d.timeout
		if (candidate.code === 'blocked_address' || candidate.code === 'invalid_url') return d.refused.replace('{{reason}}', candidate.message ?? '')
		if (candidate.code === 'unreachable') return d.unreachable
	}
	if (candidate?.name === 'TimeoutError' || candidate?.name === 'AbortError') return d.timeout
	return d.unreachable
}

export function createDelivery(deps: DeliveryDeps) {
	const { db, box, http, logger } = deps
	const timeoutMs = deps.timeoutMs ?? DELIVERY_TIMEOUT_MS

	async function load(messageId: string, userId?: string) {
		let query = db
			.selectFrom('webhook_messages as m')
			.innerJoin('webhook_endpoints as e', 'e.id', 'm.endpoint_id')
			.select(['m.id', 'm.endpoint_id', 'm.body', 'm.state', 'e.url', 'e.secret_sealed', 'e.enabled'])
			.where('m.id', '=', messageId)
		if (userId) query = query.where('m.user_id', '=', userId)
		return query.executeTakeFirst()
	}

	/** POSTs the message once, signed now; never throws. */
	async function post(message: Message): Promise<Omit<AttemptOutcome, 'attempt'>> {
		const started = performance.now()
		const duration = () => Math.round(performance.now() - started)
		try {
			const headers = signedHeaders(box.open(message.secret_sealed), message.id, message.body)
			const response = await http(message.url, { method: 'POST', headers, body: message.body, signal: AbortSignal.timeout(timeoutMs) })
			return { ok: response.status >= 200 && response.status < 300, statusCode: response.status, error: null, durationMs: duration() }
		} catch (error) {
			return { ok: false, statusCode: null, error: reasonOf(error), durationMs: duration() }
		}
	}

	/** Claims the next attempt number (the message row counts them). */
	async function claimAttempt(messageId: string, automatic: boolean) {
		let query = db.updateTable('webhook_messages').set({ attempts: sql`attempts + 1` }).where('id', '=', messageId)
		if (automatic) query = query.where('state', '=', 'pending')
		const row = await query.returning('attempts').executeTakeFirst()
		return row?.attempts ?? null
	}

	async function record(trx: Trx, message: Message, attempt: number, manual: boolean, result: Omit<AttemptOutcome, 'attempt'>) {
		await trx
			.insertInto('webhook_attempts')
			.values({ message_id: message.id, endpoint_id: message.endpoint_id, attempt, manual, status_code: result.statusCode, error: result.error, duration_ms: result.durationMs })
			.execute()
	}

	/** Switches an endpoint off (once: only while it is on) and queues the mail in the same transaction. */
	async function disable(trx: Trx, endpointId: string) {
		const row = await trx
			.updateTable('webhook_endpoints')
			.set({ enabled: false, disabled_reason: 'failures', updated_at: sql`now()` })
			.where('id', '=', endpointId)
			.where('enabled', '=', true)
			.returning(['id', 'user_id', 'url'])
			.executeTakeFirst()
		if (!row) return
		await logActivity(trx, { userId: row.user_id, logType: 'api', title: texts.activity.disabled, description: row.url, status: 'error', metadata: { endpointId } })
		await enqueue(trx, disabledMailJob, { endpointId }, { jobKey: `webhook-disabled:${endpointId}` })
		logger.warn('webhook_endpoint_disabled', { endpointId })
	}

	async function succeeded(trx: Trx, message: Message) {
		await trx.updateTable('webhook_messages').set({ state: 'delivered' }).where('id', '=', message.id).execute()
		await trx.updateTable('webhook_endpoints').set({ failing_since: null, failed_messages: 0 }).where('id', '=', message.endpoint_id).execute()
	}

	/** An automatic attempt failed: the next one is queued, or the message has failed for good. */
	async function failed(trx: Trx, message: Message, attempt: number) {
		const finalAttempt = attempt >= MAX_AUTOMATIC_ATTEMPTS
		if (finalAttempt) {
			await trx.updateTable('webhook_messages').set({ state: 'failed' }).where('id', '=', message.id).where('state', '=', 'pending').execute()
		} else {
			await enqueue(trx, deliverWebhookJob, { messageId: message.id }, { runAt: new Date(Date.now() + RETRY_DELAYS_MS[attempt - 1]!) })
		}
		const endpoint = await trx
			.updateTable('webhook_endpoints')
			.set({
				failing_since: sql`coalesce(failing_since, now())`,
				failed_messages: finalAttempt ? sql`failed_messages + 1` : sql`failed_messages`,
			})
			.where('id', '=', message.endpoint_id)
			.returning(['failing_since', 'failed_messages'])
			.executeTakeFirst()
		if (!endpoint) return
		const failingFor = Date.now() - (endpoint.failing_since?.getTime() ?? Date.now())
		if (endpoint.failed_messages >= DISABLE_AFTER_FAILED_MESSAGES || failingFor >= DISABLE_AFTER_FAILING_MS) await disable(trx, message.endpoint_id)
	}

	return {
		/** The job: the next automatic attempt of a pending message to its enabled endpoint. */
		async deliver(messageId: string): Promise<AttemptOutcome | null> {
			const message = await load(messageId)
			if (!message || message.state !== 'pending' || !message.enabled) return null
			const attempt = await claimAttempt(messageId, true)
			if (attempt === null) return null
			const result = await post(message)
			await db.transaction().execute(async (trx) => {
				await record(trx, message, attempt, false, result)
				if (result.ok) await succeeded(trx, message)
				else await failed(trx, message, attempt)
			})
			return { ...result, attempt }
		},

		/**
		 * 'Erneut senden' and 'Test senden': one attempt now, signed anew under the message's webhook-id,
		 * no automatic retries of its own. Null when the message is not the user's.
		 */
		async sendNow(userId: string, messageId: string): Promise<AttemptOutcome | null> {
			const message = await load(messageId, userId)
			if (!message) return null
			const attempt = await claimAttempt(messageId, false)
			if (attempt === null) return null
			const result = await post(message)
			await db.transaction().execute(async (trx) => {
				await record(trx, message, attempt, true, result)
				if (result.ok) await succeeded(trx, message)
			})
			return { ...result, attempt }
		},
	}
}
