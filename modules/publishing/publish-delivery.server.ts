import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { mayStillBeSending } from './attempt-in-flight.server.ts'
import { resumeFirstComment } from './open-comment.server.ts'
import type { PublisherContext } from './publisher-context.server.ts'
import { reconcile } from './reconcile-delivery.server.ts'
import { sendDelivery } from './send-delivery.server.ts'

export { ATTEMPT_IN_FLIGHT_MINUTES } from './attempt-in-flight.server.ts'

/**
 * The job handler: claim, then send; a half-done earlier attempt is reconciled, never resent.
 * `worker` names the process making the attempt (kept on the delivery: who published it).
 */
export async function publishDelivery(ctx: PublisherContext, deliveryId: string, signal?: AbortSignal, worker: string | null = null) {
	const claimed = await ctx.batches.claim({ deliveryId, worker })
	if (claimed) return sendDelivery(ctx, claimed.delivery, signal, claimed.loaded)
	const current = await ctx.db.selectFrom('post_deliveries').selectAll().where('id', '=', deliveryId).executeTakeFirst()
	// A post published whose first comment is still open (its job failed between the two): the comment's turn.
	if (current?.status === 'published') return resumeFirstComment(ctx, current, worker)
	if (current?.status !== 'publishing') return
	if (await mayStillBeSending(ctx, current, worker)) {
		ctx.logger.info('delivery_in_flight', { deliveryId, attemptWorker: current.attempt_worker })
		return
	}
	// A crashed attempt. Without request_sent_at nothing left for the network: send again.
	if (!current.request_sent_at) {
		const reclaimed = await ctx.db
			.updateTable('post_deliveries')
			.set({ attempt_id: randomUUID(), attempt_worker: worker, attempt_started_at: sql`now()` })
			.where('id', '=', deliveryId)
			.where('status', '=', 'publishing')
			.where('request_sent_at', 'is', null)
			.where('attempt_id', '=', current.attempt_id)
			.returningAll()
			.executeTakeFirst()
		if (reclaimed) return sendDelivery(ctx, reclaimed, signal)
		return
	}
	return reconcile(ctx, current)
}
