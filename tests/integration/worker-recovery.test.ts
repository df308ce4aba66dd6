import { EventEmitter } from 'node:events'
import { run, type WorkerEvents } from 'graphile-worker'
import { sql } from 'kysely'
import type pg from 'pg'
import { expect, test } from 'vitest'
import { z } from 'zod'
import { JOBS_PLANNED_CHANNEL, startJobWaker } from '#modules/core/job-waker.server.ts'
import { defineJob, enqueue, handleJob, PROCESS_WORKER_ID, startWorker } from '#modules/core/jobs.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { waitingJobs } from '#tests/support/jobs.ts'
import { waitFor } from '#tests/support/wait.ts'

// The worker's own recovery (the fault drill, npm run drill, shows it with real processes):
// jobs locked by a worker that died without a goodbye are released by a live one, and the waker's
// connection comes back after the database cut it.

const logger = createLogger('silent')
const probeJob = defineJob({ id: 'test_recovery_probe', schema: z.object({ n: z.number() }), maxAttempts: 3 })

/**
 * Another worker pool that has taken the queued probe job and holds it (its handler waits until
 * `release`): the job is locked under the pool's id, as a pool that died mid-job leaves it.
 */
async function poolHoldingTheJob(pool: pg.Pool) {
	const events = new EventEmitter() as WorkerEvents
	let poolId = ''
	events.on('pool:create', ({ workerPool }) => void (poolId = workerPool.id))
	let release!: () => void
	const held = new Promise<void>((resolve) => (release = resolve))
	let started!: () => void
	const taken = new Promise<void>((resolve) => (started = resolve))
	const runner = await run({
		pgPool: pool,
		concurrency: 1,
		noHandleSignals: true,
		pollInterval: 100,
		logger: new (await import('graphile-worker')).Logger(() => () => {}),
		events,
		taskList: {
			[probeJob.id]: async () => {
				started()
				await held
				throw new Error('the pool that held it is gone')
			},
		},
	})
	await taken
	return {
		poolId,
		async [Symbol.asyncDispose]() {
			release()
			await runner.stop()
		},
	}
}

test('a dead worker’s locked job is released by a live worker and runs; the live worker’s heartbeat names its pool', async () => {
	await using t = await createTestDatabase()
	// The dead one: its heartbeat stopped a minute ago, its pool still holds a job.
	await enqueue(t.db, probeJob, { n: 1 })
	await using dead = await poolHoldingTheJob(t.pool)
	await sql`insert into worker_heartbeats (worker_id, beat_at, job_worker_ids) values ('vm:999999', now() - interval '1 minute', ${[dead.poolId]})`.execute(t.db)

	const runs: Array<{ n: number; worker: string | undefined }> = []
	const worker = await startWorker({
		pool: t.pool,
		tasks: [handleJob(probeJob, async (payload, helpers) => void runs.push({ n: payload.n, worker: helpers.worker }))],
		concurrency: 1,
		logger,
		heartbeatMs: 200,
		deadWorkerSeconds: 1,
	})
	try {
		await waitFor(() => runs.length === 1, { what: 'the released job ran' })
		expect(runs).toEqual([{ n: 1, worker: PROCESS_WORKER_ID }])
		const beats = await t.db.selectFrom('worker_heartbeats').select(['worker_id', 'job_worker_ids']).execute()
		expect(beats.map((b) => b.worker_id)).toEqual([PROCESS_WORKER_ID])
		expect(beats[0]!.job_worker_ids.length).toBeGreaterThan(0)
	} finally {
		await worker.stop()
	}
	expect(await t.db.selectFrom('worker_heartbeats').select('worker_id').execute()).toEqual([])
})

test('a worker whose heartbeat is late but younger than the limit keeps its jobs', async () => {
	await using t = await createTestDatabase()
	await enqueue(t.db, probeJob, { n: 2 })
	await using slow = await poolHoldingTheJob(t.pool)
	await sql`insert into worker_heartbeats (worker_id, beat_at, job_worker_ids) values ('vm:999998', now() - interval '5 seconds', ${[slow.poolId]})`.execute(t.db)
	const runs: Array<number> = []
	const worker = await startWorker({ pool: t.pool, tasks: [handleJob(probeJob, async (p) => void runs.push(p.n))], concurrency: 1, logger, heartbeatMs: 200, deadWorkerSeconds: 30 })
	try {
		await new Promise((resolve) => setTimeout(resolve, 1500))
		expect(runs).toEqual([])
		// Still locked by the slow pool: not among the jobs waiting to run.
		expect(await waitingJobs(t.pool, probeJob.id)).toEqual([])
	} finally {
		await worker.stop()
	}
})

test('the job waker reconnects after the database cut its connection, and wakes the workers again at the next instant', async () => {
	await using t = await createTestDatabase()
	// The next instant as the app's records would give it (here: a value the test sets), by the database's clock.
	let planned: Date | null = null
	const nextDueInMs = async (client: pg.ClientBase) => {
		if (!planned) return null
		const { rows } = await client.query<{ wait: number }>('select extract(epoch from ($1::timestamptz - now())) * 1000 as wait', [planned])
		return Number(rows[0]!.wait) > 0 ? Number(rows[0]!.wait) : null
	}
	const nudges: Array<number> = []
	const waker = await startJobWaker({ pool: t.pool, logger, nextDueInMs, nudge: async () => void nudges.push(Date.now()) })
	const own = await t.pool.connect()
	try {
		const { rows } = await own.query<{ pid: number }>('select pg_backend_pid() as pid')
		// Every other connection of this database goes (as in a database restart): the waker's too.
		const cut = await own.query<{ n: number }>('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> $1', [rows[0]!.pid])
		expect(cut.rows[0]!.n).toBeGreaterThan(0)
		const cutAt = Date.now()
		await new Promise((resolve) => setTimeout(resolve, 1500))
		// A job due in a moment: only a reconnected waker wakes the workers at its instant (told by enqueue's notification, or its 2-second recheck).
		planned = new Date(Date.now() + 1000)
		await enqueue(t.db, probeJob, { n: 3 }, { runAt: planned, jobKey: 'probe-3' })
		await waitFor(() => nudges.some((at) => at > cutAt + 1500), { what: 'a nudge after the cut' })
	} finally {
		own.release()
		await waker.stop()
	}
})

test('enqueue for later notifies the waker on its own channel; the waker never reads or sends graphile-worker internals', async () => {
	await using t = await createTestDatabase()
	const listener = await t.pool.connect()
	const heard: Array<string> = []
	listener.on('notification', (m) => void heard.push(m.channel))
	await listener.query(`LISTEN "${JOBS_PLANNED_CHANNEL}"`)
	try {
		await enqueue(t.db, probeJob, { n: 4 }, { runAt: new Date(Date.now() + 60_000), jobKey: 'probe-4' })
		await waitFor(() => heard.includes(JOBS_PLANNED_CHANNEL), { what: 'the planned-jobs notification' })
	} finally {
		await listener.query(`UNLISTEN "${JOBS_PLANNED_CHANNEL}"`)
		listener.release()
	}
})
