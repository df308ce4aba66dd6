import { sql } from 'kysely'
import type { Db } from '#modules/core/db.server.ts'

const WORKER_ALIVE_SECONDS = 60

export type Health = {
	ok: boolean
	database: 'ok' | 'error'
	worker: { alive: boolean; lastHeartbeat: string | null; workers: number }
	/** The deliveries' queue: due and not yet started, planned for later, failed for good (our own records, ADR 0035). */
	queue: { due: number; scheduled: number; failed: number }
	overdueDeliveries: number
}

/**
 * Database reachable, a worker beating within the last minute, the deliveries' queue and the overdue
 * ones. Read from our own tables: graphile-worker's are not a public interface (ADR 0035).
 */
export async function health(db: Db): Promise<Health> {
	try {
		const row = await sql<{ last_beat: Date | null; workers: number; due: number; scheduled: number; failed: number; overdue: number }>`
			select
				(select max(beat_at) from worker_heartbeats) as last_beat,
				(select count(*) from worker_heartbeats where beat_at > now() - ${`${WORKER_ALIVE_SECONDS} seconds`}::interval)::int as workers,
				(select count(*) from post_deliveries where status = 'scheduled' and scheduled_at <= now())::int as due,
				(select count(*) from post_deliveries where status = 'scheduled' and scheduled_at > now())::int as scheduled,
				(select count(*) from post_deliveries where status = 'failed')::int as failed,
				(select count(*) from post_deliveries where status = 'scheduled' and scheduled_at < now() - interval '1 minute')::int as overdue`.execute(db)
		const r = row.rows[0]!
		const alive = r.workers > 0
		return {
			ok: alive && r.overdue === 0,
			database: 'ok',
			worker: { alive, lastHeartbeat: r.last_beat?.toISOString() ?? null, workers: r.workers },
			queue: { due: r.due, scheduled: r.scheduled, failed: r.failed },
			overdueDeliveries: r.overdue,
		}
	} catch {
		return { ok: false, database: 'error', worker: { alive: false, lastHeartbeat: null, workers: 0 }, queue: { due: 0, scheduled: 0, failed: 0 }, overdueDeliveries: 0 }
	}
}

/** Deliveries that need a person: failed, or sent without confirmation from the network (all users). */
export async function deliveryProblems(db: Db) {
	const row = await db
		.selectFrom('post_deliveries')
		.select((eb) => [
			eb.fn.count<string>('id').filterWhere('status', '=', 'failed').as('failed'),
			eb.fn.count<string>('id').filterWhere('status', '=', 'unconfirmed').as('unconfirmed'),
		])
		.where('status', 'in', ['failed', 'unconfirmed'])
		.executeTakeFirstOrThrow()
	return { failed: Number(row.failed), unconfirmed: Number(row.unconfirmed) }
}
