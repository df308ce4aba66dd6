// The job queue as tests see it, through graphile-worker's public API only (its SQL functions add_job,
// reschedule_jobs, complete_jobs and the runner's events; ADR 0035): its tables are not an interface.
import { EventEmitter } from 'node:events'
import { runOnce, type TaskList, type WorkerEvents } from 'graphile-worker'
import { CompiledQuery, type Kysely } from 'kysely'
import type pg from 'pg'

/** A pool or a Kysely handle: the helpers below take either. */
export type JobsDb = pg.Pool | Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any -- any database's handle

async function query<R>(db: JobsDb, text: string, values: Array<unknown> = []): Promise<Array<R>> {
	if ('executeQuery' in db) return (await db.executeQuery<R>(CompiledQuery.raw(text, values))).rows
	return (await db.query(text, values)).rows as Array<R>
}

/**
 * Runs every due job once, then waits until graphile-worker has recorded the failed ones: it unlocks a
 * failed job and pushes its run_at back without awaiting that before runOnce resolves, so a test that
 * moves the retry to now right after could do so before the failure lands (and see it overwritten).
 * reschedule_jobs (without changes) touches unlocked jobs only: once it returns every failed one, all are recorded.
 */
export async function runJobsOnce(pool: pg.Pool, taskList: TaskList) {
	const events = new EventEmitter() as WorkerEvents
	const failed: Array<string> = []
	events.on('job:error', ({ job }) => void failed.push(job.id))
	await runOnce({ pgPool: pool, taskList, events })
	if (failed.length === 0) return
	for (let waited = 0; waited < 5000; waited += 10) {
		const { rows } = await pool.query<{ id: string }>('select id from graphile_worker.reschedule_jobs($1::bigint[])', [failed])
		if (rows.length === failed.length) return
		await new Promise((resolve) => setTimeout(resolve, 10))
	}
}

const PROBE_TASK = 'test_job_probe'

/** The newest job id (and the internal number of `task`): a probe job added and completed at once. */
async function probe(db: JobsDb, task = PROBE_TASK) {
	const rows = await query<{ id: string; task_id: number }>(
		db,
		`select id, task_id from graphile_worker.add_job($1, '{}'::json, run_at := now() + interval '1 year', job_key := 'test:probe')`,
		[task],
	)
	await query(db, 'select graphile_worker.complete_jobs(array[$1::bigint])', [rows[0]!.id])
	return { lastId: Number(rows[0]!.id), taskId: rows[0]!.task_id }
}

export type WaitingJob = { id: string; key: string | null; payload: unknown; runAt: Date; attempts: number }

/** The jobs that are not running (of `task` only, when given), oldest first: reschedule_jobs without changes over every job id there has been (ids only grow; a gone one is skipped). */
async function notRunning(db: JobsDb, task?: string): Promise<Array<WaitingJob>> {
	const { lastId, taskId } = await probe(db, task)
	const rows = await query<{ id: string; key: string | null; payload: unknown; run_at: Date; attempts: number; task_id: number }>(
		db,
		'select id, key, payload, run_at, attempts, task_id from graphile_worker.reschedule_jobs(array(select generate_series(1, $1::bigint))) order by id',
		[lastId],
	)
	return rows.filter((r) => task === undefined || r.task_id === taskId).map((r) => ({ id: r.id, key: r.key, payload: r.payload, runAt: r.run_at, attempts: r.attempts }))
}

/** The jobs waiting to run (of `task` only, when given), oldest first. */
export function waitingJobs<P = unknown>(db: JobsDb, task?: string) {
	return notRunning(db, task) as Promise<Array<WaitingJob & { payload: P }>>
}

/** Every waiting job (of `task`, with one of `keys`, when given) due now, as if its time had come (a retry's backoff, a post planned for later). */
export async function makeJobsDue(db: JobsDb, filter: { task?: string; keys?: ReadonlyArray<string> } = {}) {
	const jobs = await notRunning(db, filter.task)
	const ids = jobs.filter((job) => !filter.keys || (job.key !== null && filter.keys.includes(job.key))).map((job) => job.id)
	await query(db, 'select graphile_worker.reschedule_jobs($1::bigint[], run_at := now())', [ids])
}
