import { sql } from 'kysely'
import type { Trx } from '#modules/core/db.server.ts'
import { postsWithFileSql } from '#modules/content/index.ts'
import { backToScheduledAt, logTriesAgain } from './back-to-scheduled.server.ts'
import { enqueueDeliveries } from './deliveries.server.ts'
import { fail } from './delivery-outcomes.server.ts'
import { MEDIA_PROCESSING } from './delivery-target.server.ts'
import { reasonFor } from './messages.ts'
import type { Delivery, PublisherContext } from './publisher-context.server.ts'

// ADR 0064: a delivery whose post's video is still being processed by us waits without using one of
// its attempts (nothing went wrong on any network); the media job's end re-queues it at once, and a
// look every minute stands in for a re-queue that never came (a post_media row changed elsewhere).

/** How long a waiting delivery sleeps before it looks at its video again, when no re-queue wakes it earlier. */
const MEDIA_LOOK_AGAIN_MS = 60_000

/**
 * A delivery still waiting this long after it was first due fails with MEDIA_TIMEOUT. Six hours: more
 * than a long upload's transcode with the job's retries on a busy two-core worker takes, and short
 * enough that a post planned for the morning does not appear unannounced in the evening.
 */
export const MEDIA_WAIT_LIMIT_MS = 6 * 3600_000

/** The failure of a delivery whose video was not ready within MEDIA_WAIT_LIMIT_MS. */
export const MEDIA_TIMEOUT = 'media_timeout'

/**
 * The claimed attempt goes back to 'scheduled' with its attempt given back, to look again in a minute
 * (or when the media job ends); past the limit the delivery fails instead. The activity log notes the
 * wait once, when it begins.
 */
export async function waitForMedia(ctx: PublisherContext, delivery: Delivery) {
	const since = delivery.media_wait_since ?? delivery.scheduled_at ?? new Date()
	if (Date.now() - since.getTime() >= MEDIA_WAIT_LIMIT_MS) return fail(ctx, delivery, MEDIA_TIMEOUT, null)
	const at = new Date(Date.now() + MEDIA_LOOK_AGAIN_MS)
	const reason = reasonFor(MEDIA_PROCESSING)
	const again = { code: MEDIA_PROCESSING, reason, columns: { attempts: sql<number>`greatest(attempts - 1, 0)`, media_wait_since: since } }
	await ctx.db.transaction().execute(async (trx) => {
		const waits = await backToScheduledAt(trx, delivery, at, again)
		if (waits && delivery.media_wait_since === null) await logTriesAgain(trx, delivery, at, again)
	})
	ctx.logger.info('delivery_waits_for_media', { deliveryId: delivery.id, platform: delivery.platform, waitingMs: Date.now() - since.getTime() })
}

/**
 * The media job ended for the user's stored file `key` (ready or failed): the deliveries of the posts
 * with that file still waiting are due now, with a job of their key at once (replacing the waiting one),
 * in the job's own transaction. Each then sends, waits on (another video of its post) or fails. A
 * delivery re-queued twice still sends once: its claim takes a new attempt only from 'scheduled'.
 */
export async function resumeDeliveriesWaitingFor(trx: Trx, file: { userId: string; key: string }) {
	const now = new Date()
	const rows = await trx
		.updateTable('post_deliveries')
		.set({ retry_at: now, scheduled_at: now })
		.where('user_id', '=', file.userId)
		.where('status', '=', 'scheduled')
		.where('error_code', '=', MEDIA_PROCESSING)
		.where(sql<boolean>`post_id in (${postsWithFileSql(file.userId, file.key)})`)
		.returning('id')
		.execute()
	await enqueueDeliveries(trx, rows.map((row) => row.id), now)
	return rows.length
}
