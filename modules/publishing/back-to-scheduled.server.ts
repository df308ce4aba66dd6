import type { UpdateObject } from 'kysely'
import type { DB, Trx } from '#modules/core/db.server.ts'
import { logActivity } from '#modules/activity/index.ts'
import { enqueueDelivery } from './deliveries.server.ts'
import { fill, platformName, texts } from './messages.ts'
import type { Delivery } from './publisher-context.server.ts'

/** What a claimed attempt sent back to 'scheduled' records besides its status and instant. */
export type ScheduledAgain = { code: string; reason: string; columns?: UpdateObject<DB, 'post_deliveries'> }

/**
 * The claimed attempt goes back to 'scheduled' at `at`, with `code`, `reason` and the extra `columns`,
 * and a job at `at`, only while it is still its own and publishing (the running job then ends
 * normally). true when it did; false when another attempt or a settlement came first.
 */
export async function backToScheduledAt(trx: Trx, delivery: Delivery, at: Date, again: ScheduledAgain) {
	const row = await trx
		.updateTable('post_deliveries')
		.set({ ...again.columns, status: 'scheduled', retry_at: at, scheduled_at: at, error_code: again.code, error_message: again.reason })
		.where('id', '=', delivery.id)
		.where('attempt_id', '=', delivery.attempt_id)
		.where('status', '=', 'publishing')
		.returning('id')
		.executeTakeFirst()
	if (!row) return false
	await enqueueDelivery(trx, delivery.id, at)
	return true
}

/** The activity log's 'tries again' entry for a delivery scheduled again at `at`. */
export function logTriesAgain(trx: Trx, delivery: Delivery, at: Date, again: Pick<ScheduledAgain, 'code' | 'reason'>) {
	return logActivity(trx, {
		userId: delivery.user_id,
		logType: 'post_publication',
		title: fill(texts.activity.retrying, { platform: platformName(delivery.platform) }),
		description: again.reason,
		status: 'warning',
		metadata: { postId: delivery.post_id, deliveryId: delivery.id, platform: delivery.platform, code: again.code, retryAt: at.toISOString() },
	})
}
