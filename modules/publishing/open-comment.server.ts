import { sql } from 'kysely'
import { mayStillBeSending } from './attempt-in-flight.server.ts'
import { deliveryTarget } from './delivery-target.server.ts'
import { reconcileFirstComment, sendFirstComment, settleComment } from './first-comment.server.ts'
import type { Db } from '#modules/core/db.server.ts'
import type { Delivery, PublisherContext } from './publisher-context.server.ts'

/** A pending comment older than this after its post was recorded was left by a job that ended between the two. */
export const COMMENT_OVERDUE_SECONDS = 60
/** A comment 'sent' for this long without its outcome is a crashed attempt's (the post's STUCK_MINUTES). */
export const COMMENT_STUCK_MINUTES = 10

/**
 * A published delivery whose first comment is still open, found by a later job or the sweep (a worker
 * killed between the post and its comment, or after the comment's marker): a pending one is sent (its
 * claim lets only one sender through), a sent one is looked for once its attempt cannot be in flight.
 */
export async function resumeFirstComment(ctx: PublisherContext, current: Delivery, worker: string | null) {
	if (current.comment_status !== 'pending' && current.comment_status !== 'sent') return
	if (current.comment_status === 'sent' && (await mayStillBeSending(ctx, current, worker, current.comment_sent_at))) {
		ctx.logger.info('first_comment_in_flight', { deliveryId: current.id })
		return
	}
	const loaded = await deliveryTarget(ctx, current)
	const text = 'error' in loaded ? null : loaded.firstComment
	if ('error' in loaded || !current.external_id || text === null) {
		// Without a connection (or with the comment removed since) nothing can be sent or looked for: a
		// pending comment fails with the reason, a sent one stays unknown.
		const unknown = current.comment_status === 'sent'
		return settleComment(ctx, current, unknown ? 'unconfirmed' : 'failed', { code: unknown ? 'unconfirmed' : 'error' in loaded ? loaded.error : 'not_found' })
	}
	const job = { target: loaded.target, tokenId: loaded.tokenId, externalId: current.external_id, text }
	if (current.comment_status === 'pending') return sendFirstComment(ctx, current, job)
	return reconcileFirstComment(ctx, current, job)
}

/**
 * The sweep's part: published deliveries whose comment is pending for more than a minute, or sent
 * without an outcome for COMMENT_STUCK_MINUTES (the partial index holds only open comments).
 */
export async function openCommentDeliveries(db: Db, limit = 100) {
	return db
		.selectFrom('post_deliveries')
		.select('id')
		.where('status', '=', 'published')
		.where((eb) =>
			eb.or([
				eb.and([eb('comment_status', '=', 'pending'), eb('published_at', '<', sql<Date>`now() - ${`${COMMENT_OVERDUE_SECONDS} seconds`}::interval`)]),
				eb.and([eb('comment_status', '=', 'sent'), eb('comment_sent_at', '<', sql<Date>`now() - ${`${COMMENT_STUCK_MINUTES} minutes`}::interval`)]),
			]),
		)
		// As literal text, so the planner can match the partial index's predicate whatever the plan.
		.where(sql<boolean>`comment_status in ('pending', 'sent')`)
		.orderBy('published_at')
		.limit(limit)
		.execute()
}
