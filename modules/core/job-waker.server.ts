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

	async function nextWait(): Promise<number | null> {
		const { rows } = await client.query<{ wait: number | null }>(
			`select extract(epoch from (min(run_at) - now())) * 1000 as wait
			 from graphile_worker._private_jobs
			 where locked_at is null and attempts < max_attempts and run_at > now() - interval '5 seconds'`,
		)
		const wait = rows[0]?.wait
		return wait === null || wait === undefined ? null : Number(wait)
	}

	async function nudge() {
		await client.query(`select pg_notify('jobs:insert', '{"count":1,"waker":true}')`)
	}

	async function plan() {
		if (stopped) return
		const wait = await nextWait()
		if (timer) clearTimeout(timer)
		timer = null
		if (wait === null) return
		if (wait <= 0) {
			await nudge()
			return
		}
		timer = setTimeout(() => {
			timer = null
			void nudge()
				.catch((error: unknown) => logger.warn('job_waker_nudge_failed', { error: String(error) }))
				.then(() => replan())
		}, Math.min(wait, MAX_SLEEP_MS))
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
