import { sql } from 'kysely'
import type { DbOrTrx } from '#modules/core/db.server.ts'

/**
 * Milliseconds until the next delivery is due (a planned post or a retry: each has its publish job at
 * its scheduled_at), by the database's clock; null when none is planned. The job waker sleeps until
 * then (modules/core/job-waker.server.ts): our own records, not graphile-worker's tables (ADR 0035).
 */
export async function nextDeliveryDueInMs(db: DbOrTrx): Promise<number | null> {
	const { rows } = await sql<{ wait: number | null }>`
		select extract(epoch from (min(scheduled_at) - now())) * 1000 as wait
		from post_deliveries where status = 'scheduled' and scheduled_at > now()`.execute(db)
	const wait = rows[0]?.wait
	return wait === null || wait === undefined ? null : Number(wait)
}
