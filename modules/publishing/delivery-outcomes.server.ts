import { sql } from 'kysely'
import { executePrepared } from '#modules/core/db.server.ts'
import { backToScheduledAt, logTriesAgain } from './back-to-scheduled.server.ts'
import { reasonFor } from './messages.ts'
import { failedWording, unconfirmedWording, type PublicationWording } from './publication-events.ts'
import type { PlatformError, Published } from './ports.ts'
import type { Delivery, PublisherContext } from './publisher-context.server.ts'
import { mailFailure } from './publisher-mail.server.ts'
import type { DeliveryTarget } from './delivery-target.server.ts'
import { sendFirstComment } from './first-comment.server.ts'

export const MAX_DELIVERY_ATTEMPTS = 5
const BASE_BACKOFF_MS = 5_000
const MAX_BACKOFF_MS = 15 * 60_000

/** Exponential backoff with full jitter, at least what the platform asked for. */
export function retryDelay(attempt: number, retryAfterMs: number | null) {
	const exp = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempt - 1))
	const jittered = exp / 2 + Math.random() * (exp / 2)
	return Math.max(retryAfterMs ?? 0, Math.round(jittered))
}

/**
 * A confirmed post, recorded with the others that finished together, and its publication drained (see
 * the published batch); then, when `loaded` names a first comment and this call recorded the post, the
 * comment (the same delivery's next step, first-comment.server.ts).
 */
export async function markPublished(ctx: PublisherContext, delivery: Delivery, published: Published, loaded?: Pick<DeliveryTarget, 'target' | 'tokenId' | 'firstComment'>) {
	const comment = loaded?.firstComment ?? null
	const { recorded, drained } = await ctx.batches.published({ delivery, published, comment: comment !== null })
	await drained
	if (recorded && comment !== null) await sendFirstComment(ctx, delivery, { target: loaded!.target, tokenId: loaded!.tokenId, externalId: published.externalId, text: comment })
}

export async function fail(ctx: PublisherContext, delivery: Delivery, code: string, title: string | null, reason = reasonFor(code)) {
	const at = new Date()
	const changed = await settle(ctx, delivery, { status: 'failed', code, reason, from: ['publishing', 'scheduled'] }, failedWording(delivery, code, reason, at), at)
	if (!changed) return
	ctx.logger.warn('delivery_failed', { deliveryId: delivery.id, platform: delivery.platform, code })
	await mailFailure(ctx, delivery, title, reason).catch((error: unknown) => ctx.logger.error('delivery_mail_failed', { error: String(error) }))
}

export async function markUnconfirmed(ctx: PublisherContext, delivery: Delivery, title: string | null) {
	const reason = reasonFor('unconfirmed')
	const at = new Date()
	const changed = await settle(ctx, delivery, { status: 'unconfirmed', code: 'unconfirmed', reason, from: ['publishing'] }, unconfirmedWording(delivery, reason, at), at)
	// A mail only for a change that happened (another attempt may have published it meanwhile).
	if (changed) await mailFailure(ctx, delivery, title, reason).catch((error: unknown) => ctx.logger.error('delivery_mail_failed', { error: String(error) }))
}

/**
 * Ends an attempt failed or unconfirmed (only while it is still its own and in one of `from`) and
 * records the publication in the outbox, in one statement; then drains it. true when it changed.
 */
async function settle({ db, outbox }: PublisherContext, delivery: Delivery, change: { status: 'failed' | 'unconfirmed'; code: string; reason: string; from: ReadonlyArray<string> }, worded: PublicationWording, at: Date) {
	const { rows } = await executePrepared(db, 'publishing_settled', sql<{ id: number }>`
		with d as (
			update post_deliveries set status = ${change.status}, error_code = ${change.code}, error_message = ${change.reason}
			where id = ${delivery.id} and attempt_id = ${delivery.attempt_id} and status = any(${change.from}::text[])
			returning id, post_id, user_id, channel_id, platform
		),
		${outbox.recordSql('o', sql`select id as delivery_id, post_id, user_id, channel_id, platform, ${change.status}::text as kind, ${at}::timestamptz as at, null::text as url, ${change.code}::text as code, ${change.reason}::text as reason, ${worded.activity}::jsonb as activity, ${worded.webhook}::json as webhook from d`)}
		select id from o`)
	await outbox.drain(rows.map((r) => r.id))
	return rows.length > 0
}

/** Back to 'scheduled' with a new job at the retry instant (the running job then ends normally). */
export async function retryLater({ db, logger }: PublisherContext, delivery: Delivery, error: PlatformError, atLeastMs = 0) {
	const delay = Math.max(atLeastMs, retryDelay(delivery.attempts, error.retryAfterMs))
	const at = new Date(Date.now() + delay)
	const reason = reasonFor(error.kind === 'rate_limited' ? 'rate_limited' : 'transient')
	const again = { code: error.code, reason }
	await db.transaction().execute(async (trx) => {
		if (await backToScheduledAt(trx, delivery, at, again)) await logTriesAgain(trx, delivery, at, again)
	})
	logger.info('delivery_retry', { deliveryId: delivery.id, platform: delivery.platform, delayMs: delay, kind: error.kind })
}

/** Saves what the network answered so far with the attempt (a later attempt resumes or looks it up from there). */
export async function saveCheckpoint({ db }: PublisherContext, delivery: Delivery, data: Record<string, string>) {
	await db
		.updateTable('post_deliveries')
		.set({ checkpoint: sql`checkpoint || ${JSON.stringify(data)}::jsonb` })
		.where('id', '=', delivery.id)
		.where('attempt_id', '=', delivery.attempt_id)
		.execute()
	delivery.checkpoint = { ...(delivery.checkpoint as object), ...data }
}

export const checkpointOf = (delivery: Delivery) => (delivery.checkpoint ?? {}) as Record<string, string>
