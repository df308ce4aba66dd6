import { sql } from 'kysely'
import pg from 'pg'
import { expect, test } from 'vitest'
import { z } from 'zod'
import { startJobWaker } from '#modules/core/job-waker.server.ts'
import { defineJob, enqueue, handleJob, PROCESS_WORKER_ID, startWorker } from '#modules/core/jobs.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { waitFor } from '#tests/support/wait.ts'

// The worker's own recovery (the fault drill, npm run drill, shows it with real processes):
// jobs locked by a worker that died without a goodbye are released by a live one, and the waker's
// connection comes back after the database cut it.

const logger = createLogger('silent')
const probeJob = defineJob({ id: 'test_recovery_probe', schema: z.object({ n: z.number() }), maxAttempts: 3 })

test('a dead worker’s locked job is released by a live worker and runs; the live worker’s heartbeat names its pool', async () => {
	await using t = await createTestDatabase()
	// The dead one: its heartbeat stopped a minute ago, its pool still holds a job.
	await enqueue(t.db, probeJob, { n: 1 })
	await sql`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'pool-der-toten', attempts = 1`.execute(t.db)
	await sql`insert into worker_heartbeats (worker_id, beat_at, job_worker_ids) values ('vm:999999', now() - interval '1 minute', '{pool-der-toten}')`.execute(t.db)

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
	await sql`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'pool-nur-langsam', attempts = 1`.execute(t.db)
	await sql`insert into worker_heartbeats (worker_id, beat_at, job_worker_ids) values ('vm:999998', now() - interval '5 seconds', '{pool-nur-langsam}')`.execute(t.db)
	const runs: Array<number> = []
	const worker = await startWorker({ pool: t.pool, tasks: [handleJob(probeJob, async (p) => void runs.push(p.n))], concurrency: 1, logger, heartbeatMs: 200, deadWorkerSeconds: 30 })
	try {
		await new Promise((resolve) => setTimeout(resolve, 1500))
		expect(runs).toEqual([])
		const locked = await sql<{ locked_by: string }>`select locked_by from graphile_worker._private_jobs`.execute(t.db)
		expect(locked.rows).toEqual([{ locked_by: 'pool-nur-langsam' }])
	} finally {
		await worker.stop()
	}
})

test('the job waker reconnects after the database cut its connection, and nudges again', async () => {
	await using t = await createTestDatabase()
	const waker = await startJobWaker({ pool: t.pool, logger })
	const listener = new pg.Client({ connectionString: t.url })
	await listener.connect()
	const nudges: Array<number> = []
	listener.on('notification', (m) => {
		if (m.payload?.includes('"waker"')) nudges.push(Date.now())
	})
	await listener.query('LISTEN "jobs:insert"')
	const { rows: own } = await listener.query<{ pid: number }>('select pg_backend_pid() as pid')
	try {
		// Every other connection of this database goes (as in a database restart): the waker's too.
		const cut = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and pid <> ${own[0]!.pid}`.execute(t.db)
		expect(cut.rows[0]!.n).toBeGreaterThan(0)
		const cutAt = Date.now()
		await new Promise((resolve) => setTimeout(resolve, 1500))
		// A job due in a moment: only a reconnected waker nudges the workers at its instant.
		await enqueue(t.db, probeJob, { n: 3 }, { runAt: new Date(Date.now() + 1000), jobKey: 'probe-3' })
		await waitFor(() => nudges.some((at) => at > cutAt + 1500), { what: 'a nudge after the cut' })
	} finally {
		await listener.end()
		await waker.stop()
	}
})
