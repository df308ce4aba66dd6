import { sql } from 'kysely'
import type { SecretBox } from '#modules/core/crypto.server.ts'
import type { Db } from '#modules/core/db.server.ts'
import { handleJob } from '#modules/core/jobs.server.ts'
import { hitRateLimit } from '#modules/core/rate-limit.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { createDelivery, type AttemptOutcome } from './delivery.server.ts'
import { createEndpoint, deleteEndpoint, endpointLog, getEndpoint, listEndpoints, setEndpointEnabled, type NewEndpoint } from './endpoints.server.ts'
import { TEST_EVENT } from './events.ts'
import { exportWebhooksData } from './export.server.ts'
import { deliverWebhookJob, disabledMailJob, LOG_DAYS, pruneWebhookLogJob, webhooksCrontab } from './jobs.ts'
import { mailEndpointDisabled } from './mail.server.ts'
import type { UrlRules, WebhookHttp, WebhookMailer } from './ports.ts'

/** 'Test senden' and 'Erneut senden' per user and minute: enough by hand, too few to flood someone's server. */
export const MANUAL_SENDS_PER_MINUTE = 20

export type WebhooksDeps = { db: Db; box: SecretBox; http: WebhookHttp; rules: UrlRules; mailer: WebhookMailer; logger: Logger; appUrl: string; timeoutMs?: number }

/** Deletes messages (and their attempts) older than LOG_DAYS; answers how many. */
export async function pruneWebhookLog(db: Db, days = LOG_DAYS) {
	const result = await db.deleteFrom('webhook_messages').where('created_at', '<', sql<Date>`now() - ${`${days} days`}::interval`).executeTakeFirst()
	return Number(result.numDeletedRows)
}

/** Outgoing webhooks (Settings › API & Integrationen): endpoints, signed deliveries with retries, the log. */
export function createWebhooksService(deps: WebhooksDeps) {
	const { db } = deps
	const delivery = createDelivery(deps)
	const manualAllowed = async (userId: string) => (await hitRateLimit(db, `webhooks:manual:${userId}`, MANUAL_SENDS_PER_MINUTE, 60)).allowed
	return {
		list: (userId: string) => listEndpoints(db, userId),
		get: (userId: string, endpointId: string) => getEndpoint(db, userId, endpointId),
		create: (userId: string, requestId: string, input: NewEndpoint) => createEndpoint(db, deps, userId, requestId, input),
		setEnabled: (userId: string, endpointId: string, enabled: boolean) => setEndpointEnabled(db, userId, endpointId, enabled),
		remove: (userId: string, endpointId: string) => deleteEndpoint(db, userId, endpointId),
		/** The delivery log of one endpoint, newest first; null when it is not the user's. */
		log: (userId: string, endpointId: string, limit?: number) => endpointLog(db, userId, endpointId, limit),
		/**
		 * 'Test senden': a 'webhook.test' message sent at once (also to a deactivated endpoint); null when
		 * not the user's, 'rate_limited' after MANUAL_SENDS_PER_MINUTE manual sends in a minute.
		 */
		async sendTest(userId: string, endpointId: string): Promise<AttemptOutcome | null | 'rate_limited'> {
			const endpoint = await db.selectFrom('webhook_endpoints').select('id').where('id', '=', endpointId).where('user_id', '=', userId).executeTakeFirst()
			if (!endpoint) return null
			if (!(await manualAllowed(userId))) return 'rate_limited'
			const body = JSON.stringify({ type: TEST_EVENT, timestamp: new Date().toISOString(), data: { endpointId } })
			const message = await db
				.insertInto('webhook_messages')
				.values({ id: sql<string>`'msg_' || replace(gen_random_uuid()::text, '-', '')`, endpoint_id: endpointId, user_id: userId, event_type: TEST_EVENT, body })
				.returning('id')
				.executeTakeFirstOrThrow()
			return delivery.sendNow(userId, message.id)
		},
		/** 'Erneut senden': the same message (same webhook-id and body), signed anew; null when not the user's. */
		async replay(userId: string, messageId: string): Promise<AttemptOutcome | null | 'rate_limited'> {
			if (!(await manualAllowed(userId))) return 'rate_limited'
			return delivery.sendNow(userId, messageId)
		},
		/** 'Daten exportieren': endpoints without their secret, messages and attempts. */
		exportData: (userId: string) => exportWebhooksData(db, userId),
		tasks: [
			handleJob(deliverWebhookJob, async ({ messageId }) => void (await delivery.deliver(messageId))),
			handleJob(disabledMailJob, async ({ endpointId }) => void (await mailEndpointDisabled(deps, endpointId))),
			handleJob(pruneWebhookLogJob, async () => void (await pruneWebhookLog(db))),
		],
		crontab: webhooksCrontab,
	}
}

export type WebhooksService = ReturnType<typeof createWebhooksService>
