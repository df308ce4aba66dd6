import type pg from 'pg'
import type { Logger } from './logger.server.ts'

const MAX_SLEEP_MS = 30_000
const SAFETY_RECHECK_MS = 2_000
const RECONNECT_DELAYS_MS = [500, 1000, 2000, 5000]

/**
 * graphile-worker finds future jobs by polling, which makes a 09:00 post start up to a poll interval
 * late. The waker keeps one connection, knows the next due job and sends the worker's own
 * "jobs:insert" nudge at that instant, so a due job starts within milliseconds. Polling stays the net.
 * It re-reads the next instant when jobs are added (the same notification) and every 2 seconds
 * (jobs replaced by key do not notify). When its connection drops (the database restarted), it
 * connects again with a backoff and plans anew; until then the worker's polling carries on.
 */
export async function startJobWaker({ pool, logger }: { pool: pg.Pool; logger: Logger }) {
	let client: pg.PoolClient | null = null
	let timer: NodeJS.Timeout | null = null
	let safety: NodeJS.Timeout | null = null
	let reconnectTimer: NodeJS.Timeout | null = null
	let failures = 0
	let stopped = false
	let running: Promise<void> | null = null
	let again = false

	function connected() {
		if (!client) throw new Error('job waker: not connected')
		return client
	}

	/** How many unlocked jobs are due now, and how long until the next future one. */
	async function upcoming(): Promise<{ due: number; wait: number | null }> {
		const { rows } = await connected().query<{ due: number; wait: number | null }>(
			`select count(*) filter (where run_at <= now())::int as due,
			        extract(epoch from (min(run_at) filter (where run_at > now()) - now())) * 1000 as wait
			 from graphile_worker._private_jobs
			 where locked_at is null and attempts < max_attempts`,
		)
		const row = rows[0]
		return { due: row?.due ?? 0, wait: row?.wait === null || row?.wait === undefined ? null : Number(row.wait) }
	}

	async function nudge(count = 1) {
		await connected().query(`select pg_notify('jobs:insert', $1)`, [JSON.stringify({ count, waker: true })])
	}

	async function plan() {
		if (stopped || !client) return
		const { due, wait } = await upcoming()
		if (timer) clearTimeout(timer)
		timer = null
		if (due > 0) await nudge(due)
		if (wait === null) return
		// Wake a hair late rather than early: an early nudge finds nothing and costs a round trip.
		// The nudge goes through plan() (the job is due by then): one query at a time on the connection,
		// where a nudge of its own could overlap a plan() that a notification started.
		timer = setTimeout(() => {
			timer = null
			if (client) replan()
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

	function onNotification(message: pg.Notification) {
		// Our own nudges also arrive here; they must not loop.
		if (message.payload?.includes('"waker"')) return
		replan()
	}

	async function connect() {
		const next = await pool.connect()
		let dropped = false
		const drop = (error?: Error) => {
			// After stop() the connection is released there.
			if (dropped || stopped) return
			dropped = true
			if (client === next) client = null
			if (timer) clearTimeout(timer)
			timer = null
			// A broken connection goes back destroyed, never to the pool's idle list.
			next.release(error ?? new Error('job waker connection ended'))
			if (!stopped) {
				logger.warn('job_waker_connection_lost', { error: error?.message ?? 'ended' })
				scheduleReconnect()
			}
		}
		next.on('notification', onNotification)
		next.on('error', drop)
		next.on('end', () => drop())
		try {
			await next.query('LISTEN "jobs:insert"')
		} catch (error) {
			if (!dropped) {
				dropped = true
				next.release(error as Error)
			}
			throw error
		}
		if (dropped) throw new Error('job waker connection ended while connecting')
		client = next
	}

	function scheduleReconnect() {
		if (stopped || reconnectTimer) return
		const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)]!
		failures++
		reconnectTimer = setTimeout(() => {
			reconnectTimer = null
			connect().then(
				() => {
					failures = 0
					logger.info('job_waker_reconnected')
					replan()
				},
				(error: unknown) => {
					logger.warn('job_waker_connect_failed', { error: String(error) })
					scheduleReconnect()
				},
			)
		}, delay)
		reconnectTimer.unref()
	}

	await connect()
	safety = setInterval(replan, SAFETY_RECHECK_MS)
	safety.unref()
	replan()

	return {
		async stop() {
			stopped = true
			if (timer) clearTimeout(timer)
			if (safety) clearInterval(safety)
			if (reconnectTimer) clearTimeout(reconnectTimer)
			await running?.catch(() => {})
			const current = client
			client = null
			if (!current) return
			await current.query('UNLISTEN "jobs:insert"').catch(() => {})
			current.removeAllListeners('notification')
			current.release()
		},
	}
}
