import type pg from 'pg'
import type { Logger } from './logger.server.ts'

const MAX_SLEEP_MS = 30_000
const SAFETY_RECHECK_MS = 2_000
const RECONNECT_DELAYS_MS = [500, 1000, 2000, 5000]

/** The channel enqueue() notifies when it plans a job for later (the waker re-reads the next instant). */
export const JOBS_PLANNED_CHANNEL = 'postwerk_jobs_planned'

export type JobWakerOptions = {
	pool: pg.Pool
	logger: Logger
	/**
	 * Milliseconds until the next timed job is due, by the database's clock (the one graphile-worker
	 * compares run_at with), from the app's own records, never graphile-worker's tables; null: none
	 * planned. Asked on the waker's own connection: a pool busy with jobs must not hold it up.
	 */
	nextDueInMs: (client: pg.ClientBase) => Promise<number | null>
	/** Wakes the workers now, through graphile-worker's public API (startWorker adds a no-op job, which notifies them). */
	nudge: (client: pg.ClientBase) => Promise<void>
}

/**
 * graphile-worker finds future jobs by polling, which makes a 09:00 post start up to a poll interval
 * late. The waker knows the next instant from our own records (a delivery's time) and wakes the workers
 * at that instant, so a due job starts within milliseconds; polling stays the net (ADR 0035: no reads of
 * graphile-worker's private tables, none of its internal notifications). It re-reads the next instant
 * when a job is planned for later (JOBS_PLANNED_CHANNEL, on the one connection it keeps) and every 2
 * seconds. When its connection drops (the database restarted), it connects again with a backoff and
 * plans anew; until then the worker's polling carries on.
 */
export async function startJobWaker({ pool, logger, nextDueInMs, nudge }: JobWakerOptions) {
	let client: pg.PoolClient | null = null
	let timer: NodeJS.Timeout | null = null
	let safety: NodeJS.Timeout | null = null
	let reconnectTimer: NodeJS.Timeout | null = null
	let failures = 0
	let stopped = false
	let running: Promise<void> | null = null
	let again = false
	/** The timer has reached the planned instant: the next plan() wakes the workers first. */
	let instantReached = false

	async function plan() {
		const connection = client
		if (stopped || !connection) return
		if (instantReached) {
			instantReached = false
			await nudge(connection)
		}
		const inMs = await nextDueInMs(connection)
		if (timer) clearTimeout(timer)
		timer = null
		if (inMs === null) return
		// Wake a hair late rather than early: an early nudge finds nothing due and costs a round trip.
		const wait = Math.max(0, inMs) + 1
		if (wait > MAX_SLEEP_MS) return
		// The nudge goes through plan(): one plan at a time, so a notification cannot start a second.
		timer = setTimeout(() => {
			timer = null
			instantReached = true
			if (client) replan()
		}, wait)
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
		next.on('notification', replan)
		next.on('error', drop)
		next.on('end', () => drop())
		try {
			await next.query(`LISTEN "${JOBS_PLANNED_CHANNEL}"`)
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
			await current.query(`UNLISTEN "${JOBS_PLANNED_CHANNEL}"`).catch(() => {})
			current.removeAllListeners('notification')
			current.release()
		},
	}
}
