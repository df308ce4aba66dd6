import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { DEAD_WORKER_SECONDS } from '#modules/core/jobs.server.ts'
import type { Delivery, PublisherContext } from './publisher-context.server.ts'
import { reconcile } from './reconcile-delivery.server.ts'
import { sendDelivery } from './send-delivery.server.ts'

/** An attempt of another live worker younger than this may still be waiting for the network (the sweep's limit). */
export const ATTEMPT_IN_FLIGHT_MINUTES = 10

/**
 * The job handler: claim, then send; a half-done earlier attempt is reconciled, never resent.
 * `worker` names the process making the attempt (kept on the delivery: who published it).
 */
export async function publishDelivery(ctx: PublisherContext, deliveryId: string, signal?: AbortSignal, worker: string | null = null) {
	const claimed = await ctx.batches.claim({ deliveryId, worker })
	if (claimed) return sendDelivery(ctx, claimed.delivery, signal, claimed.loaded)
	const current = await ctx.db.selectFrom('post_deliveries').selectAll().where('id', '=', deliveryId).executeTakeFirst()
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

/**
 * Whether a 'publishing' attempt found by a second job may still be under way: sent by this process
 * and not finished, or by another worker that is alive and started it recently. Only a finished or
 * abandoned attempt may be reconciled (else a post still in flight is reported as unconfirmed).
 */
async function mayStillBeSending({ db, inFlight }: PublisherContext, current: Delivery, worker: string | null) {
	if (current.attempt_id && inFlight.has(current.attempt_id)) return true
	if (!worker || !current.attempt_worker || current.attempt_worker === worker) return false
	const alive = await db
		.selectFrom('worker_heartbeats')
		.select('worker_id')
		.where('worker_id', '=', current.attempt_worker)
		.where('beat_at', '>', sql<Date>`now() - ${`${DEAD_WORKER_SECONDS} seconds`}::interval`)
		.executeTakeFirst()
	const started = current.attempt_started_at?.getTime() ?? 0
	return Boolean(alive) && Date.now() - started < ATTEMPT_IN_FLIGHT_MINUTES * 60_000
}
