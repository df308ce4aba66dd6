import { sql } from 'kysely'
import type { Trx } from '#modules/core/db.server.ts'
import { enqueueMany } from '#modules/core/jobs.server.ts'
import type { PlanInput } from '#modules/content/index.ts'
import { precheckDeliveryJob, precheckJobKey, publishDeliveryJob, publishJobKey } from './jobs.ts'
import type { PlanTarget } from './plan-targets.server.ts'

// The delivery rows and their jobs as planning, moving and retargeting write them: always in the
// caller's transaction, so a delivery is never without its job and a removed one never keeps one.

const HOUR = 3600 * 1000

/** Deliveries not yet on a network: they may be moved, and removed when their channel is no longer chosen. */
export const RESCHEDULABLE = ['pending', 'scheduled', 'failed', 'cancelled']

/** Enqueues the publish job (and the one-hour-before check) of a delivery, in the caller's transaction. */
export async function enqueueDelivery(trx: Trx, deliveryId: string, at: Date) {
	await enqueueDeliveries(trx, [deliveryId], at)
}

/** The jobs of several deliveries due at the same time, in one statement (a post for six networks). */
export async function enqueueDeliveries(trx: Trx, deliveryIds: ReadonlyArray<string>, at: Date) {
	await enqueueMany(trx, deliveryIds.flatMap((deliveryId) => deliveryJobs(deliveryId, at)))
}

/** A delivery's publish job and, when that is still ahead, its one-hour-before check. */
function deliveryJobs(deliveryId: string, at: Date) {
	const precheckAt = new Date(at.getTime() - HOUR)
	return [
		{ task: publishDeliveryJob, payload: { deliveryId }, options: { runAt: at, jobKey: publishJobKey(deliveryId) } },
		...(precheckAt.getTime() > Date.now() ? [{ task: precheckDeliveryJob, payload: { deliveryId }, options: { runAt: precheckAt, jobKey: precheckJobKey(deliveryId) } }] : []),
	]
}

/** The pending jobs of deliveries, in one statement (graphile-worker's own remove_job). */
export async function removeJobs(trx: Trx, deliveryIds: ReadonlyArray<string>) {
	if (deliveryIds.length === 0) return
	const keys = deliveryIds.flatMap((id) => [publishJobKey(id), precheckJobKey(id)])
	await sql`select graphile_worker.remove_job(key) from unnest(${keys}::text[]) as key`.execute(trx)
}

/** One delivery per target of each post, in ONE insert, and their jobs in one more statement. */
export async function insertDeliveries(trx: Trx, posts: ReadonlyArray<{ input: Pick<PlanInput, 'postId' | 'userId' | 'scheduledAt'>; targets: ReadonlyArray<PlanTarget> }>) {
	const values = posts.flatMap(({ input, targets }) =>
		targets.map((target) => ({
			post_id: input.postId,
			user_id: input.userId,
			platform: target.platform,
			status: input.scheduledAt ? 'scheduled' : 'pending',
			scheduled_at: input.scheduledAt,
			channel_id: target.channel?.id ?? null,
		})),
	)
	if (values.length === 0) return
	const rows = await trx.insertInto('post_deliveries').values(values).returning(['id', 'scheduled_at']).execute()
	await enqueueMany(trx, rows.flatMap((row) => (row.scheduled_at ? deliveryJobs(row.id, new Date(row.scheduled_at)) : [])))
}
