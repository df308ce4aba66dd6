import { sql } from 'kysely'
import { DEAD_WORKER_SECONDS } from '#modules/core/jobs.server.ts'
import type { Delivery, PublisherContext } from './publisher-context.server.ts'

/** An attempt of another live worker younger than this may still be waiting for the network (the sweep's limit). */
export const ATTEMPT_IN_FLIGHT_MINUTES = 10

/**
 * Whether a 'publishing' attempt found by a second job may still be under way: sent by this process
 * and not finished, or by another worker that is alive and started it recently. Only a finished or
 * abandoned attempt may be reconciled (else a post still in flight is reported as unconfirmed).
 * `startedAt`: when the step in question began (the first comment's: its marker).
 */
export async function mayStillBeSending({ db, inFlight }: PublisherContext, current: Delivery, worker: string | null, startedAt = current.attempt_started_at) {
	if (current.attempt_id && inFlight.has(current.attempt_id)) return true
	if (!worker || !current.attempt_worker || current.attempt_worker === worker) return false
	const alive = await db
		.selectFrom('worker_heartbeats')
		.select('worker_id')
		.where('worker_id', '=', current.attempt_worker)
		.where('beat_at', '>', sql<Date>`now() - ${`${DEAD_WORKER_SECONDS} seconds`}::interval`)
		.executeTakeFirst()
	const started = startedAt?.getTime() ?? 0
	return Boolean(alive) && Date.now() - started < ATTEMPT_IN_FLIGHT_MINUTES * 60_000
}
