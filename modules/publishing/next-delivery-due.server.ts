import type pg from 'pg'

/**
 * Milliseconds until the next delivery is due (a planned post or a retry: each has its publish job at
 * its scheduled_at), by the database's clock; null when none is planned. The job waker sleeps until
 * then (modules/core/job-waker.server.ts), asking on its own connection: our own records, not
 * graphile-worker's tables (ADR 0035).
 */
export async function nextDeliveryDueInMs(client: pg.ClientBase): Promise<number | null> {
	const { rows } = await client.query<{ wait: number | null }>(
		`select extract(epoch from (min(scheduled_at) - now())) * 1000 as wait
		 from post_deliveries where status = 'scheduled' and scheduled_at > now()`,
	)
	const wait = rows[0]?.wait
	return wait === null || wait === undefined ? null : Number(wait)
}
