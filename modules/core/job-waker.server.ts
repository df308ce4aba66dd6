import type pg from 'pg'
import type { Logger } from './logger.server.ts'

const MAX_SLEEP_MS = 30_000
const SAFETY_RECHECK_MS = 2_000

/**
 * graphile-worker finds future jobs by polling, which makes a 09:00 post start up to a poll interval
 * late. The waker keeps one connection, knows the next due job and sends the worker's own
 * "jobs:insert" nudge at that instant, so a due job starts within milliseconds. Polling stays the net.
 * It re-reads the next instant when jobs are added (the same notification) and every 2 seconds
 * (jobs replaced by key do not notify).
 */
export async function startJobWaker({ pool, logger }: { pool: pg.Pool; logger: Logger }) {
	const client = await pool.connect()
	let timer: NodeJS.Timeout | null = null
	let safety: NodeJS.Timeout | null = null
	let stopped = false
	let running: Promise<void> | null = null
	let again = false

	/** How many unlocked jobs are due now, and how long until the next future one. */
	async function upcoming(): Promise<{ due: number; wait: number | null }> {
		const { rows } = await client.query<{ due: number; wait: number | null }>(
			`select count(*) filter (where run_at <= now())::int as due,
			        extract(epoch from (min(run_at) filter (where run_at > now()) - now())) * 1000 as wait
			 from graphile_worker._private_jobs
			 where locked_at is null and attempts < max_attempts`,
		)
		const row = rows[0]
		return { due: row?.due ?? 0, wait: row?.wait === null || row?.wait === undefined ? null : Number(row.wait) }
	}

	async function nudge(count = 1) {
		await client.query(`select pg_notify('jobs:insert', $1)`, [JSON.stringify({ count, waker: true })])
	}

	async function plan() {
		if (stopped) return
		const { due, wait } = await upcoming()
		if (timer) clearTimeout(timer)
		timer = null
		if (due > 0) await nudge(due)
		if (wait === null) return
		// Wake a hair late rather than early: an early nudge finds nothing and costs a round trip.
		timer = setTimeout(() => {
			timer = null
			void nudge()
				.catch((error: unknown) => logger.warn('job_waker_nudge_failed', { error: String(error) }))
				.then(() => replan())
		}, Math.min(Math.max(0, wait) + 1, MAX_SLEEP_MS))
	}

	function replan() {
		if (running) {
			again = true
			return
		}
		running = plan()
			.catch((error: unknown) => logger.warn('job_waker_failed', { error: String(error) }))
			.finally(() => {
				running = null
				if (again) {
					again = false
					replan()
				}
			})
	}

	client.on('notification', (message) => {
		// Our own nudges also arrive here; they must not loop.
		if (message.payload?.includes('"waker"')) return
		replan()
	})
	client.on('error', (error) => logger.warn('job_waker_connection', { error: error.message }))
	await client.query('LISTEN "jobs:insert"')
	safety = setInterval(replan, SAFETY_RECHECK_MS)
	replan()

	return {
		async stop() {
			stopped = true
			if (timer) clearTimeout(timer)
			if (safety) clearInterval(safety)
			await running?.catch(() => {})
			await client.query('UNLISTEN "jobs:insert"').catch(() => {})
			client.release()
		},
	}
}
