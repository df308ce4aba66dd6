import { sql } from 'kysely'
import type { Trx } from '#modules/core/db.server.ts'
import { enqueue } from '#modules/core/jobs.server.ts'
import type { DeliveryPlanner } from '#modules/content/index.ts'
import { precheckDeliveryJob, precheckJobKey, publishDeliveryJob, publishJobKey } from './jobs.ts'

const HOUR = 3600 * 1000

/** Enqueues the publish job (and the one-hour-before check) of a delivery, in the caller's transaction. */
export async function enqueueDelivery(trx: Trx, deliveryId: string, at: Date) {
	await enqueue(trx, publishDeliveryJob, { deliveryId }, { runAt: at, jobKey: publishJobKey(deliveryId) })
	const precheckAt = new Date(at.getTime() - HOUR)
	if (precheckAt.getTime() > Date.now()) {
		await enqueue(trx, precheckDeliveryJob, { deliveryId }, { runAt: precheckAt, jobKey: precheckJobKey(deliveryId) })
	}
}

async function removeJobs(trx: Trx, deliveryIds: Array<string>) {
	for (const id of deliveryIds) {
		await sql`select graphile_worker.remove_job(${publishJobKey(id)})`.execute(trx)
		await sql`select graphile_worker.remove_job(${precheckJobKey(id)})`.execute(trx)
	}
}

/**
 * The deliveries of posts (one per platform) and their jobs, always written in the transaction that
 * writes the post: a scheduled post is never without its job, a deleted one never keeps one.
 */
export const deliveryPlanner: DeliveryPlanner = {
	async plan(trx, { postId, userId, platforms, pageIds, scheduledAt }) {
		if (platforms.length === 0) return
		// A page chosen in a draft may be gone since (disconnected, or replaced by another account): the default then.
		const chosen = Object.values(pageIds).filter((id): id is string => Boolean(id))
		const existing = new Set(
			chosen.length ? (await trx.selectFrom('connected_pages').select('id').where('user_id', '=', userId).where('id', 'in', chosen).execute()).map((p) => p.id) : [],
		)
		const rows = await trx
			.insertInto('post_deliveries')
			.values(
				platforms.map((platform) => ({
					post_id: postId,
					user_id: userId,
					platform,
					status: scheduledAt ? 'scheduled' : 'pending',
					scheduled_at: scheduledAt,
					connected_page_id: existing.has(pageIds[platform] ?? '') ? pageIds[platform]! : null,
				})),
			)
			.returning('id')
			.execute()
		if (scheduledAt) for (const row of rows) await enqueueDelivery(trx, row.id, scheduledAt)
	},

	async reschedule(trx, { postId, userId, scheduledAt }) {
		// Deliveries already out (published, in flight, awaiting a check) keep their state.
		const rows = await trx
			.updateTable('post_deliveries')
			.set({ status: 'scheduled', scheduled_at: scheduledAt, retry_at: null, error_code: null, error_message: null })
			.where('post_id', '=', postId)
			.where('user_id', '=', userId)
			.where('status', 'in', ['pending', 'scheduled', 'failed', 'cancelled'])
			.returning('id')
			.execute()
		for (const row of rows) await enqueueDelivery(trx, row.id, scheduledAt)
	},

	async cancel(trx, { postId, userId }) {
		const rows = await trx.selectFrom('post_deliveries').select('id').where('post_id', '=', postId).where('user_id', '=', userId).execute()
		await removeJobs(
			trx,
			rows.map((r) => r.id),
		)
	},
}
