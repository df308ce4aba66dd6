import { EventEmitter } from 'node:events'
import { hostname } from 'node:os'
import { sql } from 'kysely'
import { Logger as GraphileLogger, run, runMigrations, type Runner, type Task, type TaskList, type WorkerEvents } from 'graphile-worker'
import type pg from 'pg'
import type { z } from 'zod'
import type { DbOrTrx } from './db.server.ts'
import type { Logger } from './logger.server.ts'
import { JOBS_PLANNED_CHANNEL, startJobWaker } from './job-waker.server.ts'

/** What producers need to enqueue a job: its id, the zod schema of its payload, its attempts. */
export type JobDefinition<S extends z.ZodType> = { id: string; schema: S; maxAttempts?: number }

/** worker: the process running the job (PROCESS_WORKER_ID). */
export type TaskHelpers = { jobId: string; attempts: number; signal?: AbortSignal; worker?: string }

/** A job definition bound to its handler (built in the composition root, where the adapters are). */
export type TaskDefinition<S extends z.ZodType> = JobDefinition<S> & {
	handler: (payload: z.infer<S>, helpers: TaskHelpers) => Promise<void>
}

export function defineJob<S extends z.ZodType>(def: JobDefinition<S>) {
	return def
}

export function handleJob<S extends z.ZodType>(job: JobDefinition<S>, handler: TaskDefinition<S>['handler']): TaskDefinition<S> {
	return { ...job, handler }
}

export type EnqueueOptions = { runAt?: Date; jobKey?: string; maxAttempts?: number }

/**
 * Enqueue through SQL on the given handle, so a job written inside a transaction
 * is committed (or rolled back) together with the write that caused it.
 */
export async function enqueue<S extends z.ZodType>(
	db: DbOrTrx,
	task: JobDefinition<S>,
	payload: z.infer<S>,
	options: EnqueueOptions = {},
) {
	const checked = task.schema.parse(payload)
	await sql`select graphile_worker.add_job(
		${task.id},
		${JSON.stringify(checked)}::json,
		run_at := ${options.runAt ?? null}::timestamptz,
		job_key := ${options.jobKey ?? null},
		max_attempts := ${options.maxAttempts ?? task.maxAttempts ?? 10}
	)`.execute(db)
	if (options.runAt) await notifyPlanned(db)
}

/** Tells the job waker that a job was planned for later (it re-reads the next instant; sent at commit). */
async function notifyPlanned(db: DbOrTrx) {
	await sql`select pg_notify(${JOBS_PLANNED_CHANNEL}, '')`.execute(db)
}

/** One job of enqueueMany. */
export type JobSpec<S extends z.ZodType> = { task: JobDefinition<S>; payload: z.infer<S>; options?: EnqueueOptions }

/**
 * Enqueues several jobs in ONE statement (graphile_worker.add_jobs, with add_job's default
 * 'replace' for a job key) in the caller's transaction, plus the waker's notification for timed ones.
 */
export async function enqueueMany(db: DbOrTrx, jobs: ReadonlyArray<JobSpec<z.ZodType>>) {
	if (jobs.length === 0) return
	const specs = jobs.map(({ task, payload, options = {} }) => ({
		identifier: task.id,
		payload: task.schema.parse(payload),
		run_at: options.runAt?.toISOString() ?? null,
		max_attempts: options.maxAttempts ?? task.maxAttempts ?? 10,
		job_key: options.jobKey ?? null,
	}))
	const timed = jobs.some((j) => j.options?.runAt)
	await sql`select graphile_worker.add_jobs(array(
			select row(x.identifier, x.payload, null, coalesce(x.run_at, now()), x.max_attempts, x.job_key, null, null)::graphile_worker.job_spec
			from json_to_recordset(${JSON.stringify(specs)}::json) as x(identifier text, payload json, run_at timestamptz, max_attempts int, job_key text)
		), false)${timed ? sql`, pg_notify(${JOBS_PLANNED_CHANNEL}, '')` : sql``}`.execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of tasks of different payloads
export type AnyTask = TaskDefinition<any>

export function toTaskList(tasks: Array<AnyTask>, logger: Logger): TaskList {
	const list: Record<string, Task> = {}
	for (const task of tasks) {
		list[task.id] = async (raw, helpers) => {
			const parsed = task.schema.safeParse(raw)
			if (!parsed.success) {
				// A payload written by older code: drop it instead of retrying forever.
				logger.error('job_payload_invalid', { task: task.id, jobId: helpers.job.id })
				return
			}
			await task.handler(parsed.data, {
				jobId: helpers.job.id,
				attempts: helpers.job.attempts,
				signal: helpers.abortSignal,
				worker: PROCESS_WORKER_ID,
			})
		}
	}
	return list
}

/** The job the waker adds to wake the workers at a due instant (adding a job is what notifies them); it does nothing. */
export const WAKE_TASK = 'job_waker_wake'
const WAKE_KEY = 'job-waker:wake'

/** Wakes the workers through graphile-worker's public add_job: one no-op job (replaced by key while it waits). */
async function addWakeJob(client: pg.ClientBase) {
	await client.query(`select graphile_worker.add_job($1, '{}'::json, job_key := $2, max_attempts := 1)`, [WAKE_TASK, WAKE_KEY])
}

export async function migrateJobs(pool: pg.Pool) {
	await runMigrations({ pgPool: pool, logger: silentGraphileLogger() })
}

/** This process's name among the workers: heartbeat row, and who made a delivery's attempt. */
export const PROCESS_WORKER_ID = `${hostname()}:${process.pid}`.slice(0, 200)

const HEARTBEAT_MS = 5_000
/**
 * A worker whose heartbeat is this old is gone (SIGKILL, a lost machine, a pool that died): a live
 * worker unlocks its jobs, which graphile-worker would otherwise leave locked for four hours. A
 * worker only judges others after beating without a gap for this long itself, so after a database
 * outage nobody is taken for dead merely because everybody's beats stopped at once.
 */
export const DEAD_WORKER_SECONDS = 30
/** How long a finished job waits for others to be recorded with it (a crash in between runs it again, like a crash just before its end). */
const COMPLETE_BATCH_MS = 5
const RELAUNCH_DELAYS_MS = [1000, 2000, 5000, 10_000]
const RELAUNCH_GRACE_MS = 5000

export type WorkerHandle = { workerId: string; stop: () => Promise<void> }

/**
 * The worker plus its waker (jobs start at their instant, not at the next poll) and a heartbeat row
 * (the health endpoint shows a stopped worker within a minute; other workers unlock the jobs of one
 * that died). graphile-worker shuts its pool down when it cannot record a finished job (the database
 * went away mid-job); the pool is then started again, with its old locks released, once the database
 * answers: the process recovers without a restart.
 */
export async function startWorker(options: {
	pool: pg.Pool
	tasks: Array<AnyTask>
	concurrency: number
	logger: Logger
	crontab?: string
	/** Jobs fetched and locked ahead in one query (default twice the concurrency; 0: one job per fetch). */
	localQueueSize?: number
	/** How long a finished job waits to be recorded with others (default COMPLETE_BATCH_MS; 0: each at once). */
	completeJobBatchDelayMs?: number
	/** Milliseconds until the next timed job is due, from the app's own records (the waker's clock; see startJobWaker). Without it, polling alone. */
	nextDueInMs?: (client: pg.ClientBase) => Promise<number | null>
	/** Tests only: shorter heartbeat and dead-worker limits. */
	heartbeatMs?: number
	deadWorkerSeconds?: number
}): Promise<WorkerHandle> {
	const { pool, logger } = options
	const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS
	const deadWorkerSeconds = options.deadWorkerSeconds ?? DEAD_WORKER_SECONDS
	const localQueueSize = options.localQueueSize ?? options.concurrency * 2
	const completeJobBatchDelay = options.completeJobBatchDelayMs ?? COMPLETE_BATCH_MS
	const workerId = PROCESS_WORKER_ID
	let stopping = false
	let current: { runner: Runner; jobWorkerIds: Set<string> } | null = null
	let orphaned: Array<string> = []
	let relaunchTimer: NodeJS.Timeout | null = null
	let relaunchFailures = 0
	let healthySince: number | null = null

	async function launch() {
		const events = new EventEmitter() as WorkerEvents
		const jobWorkerIds = new Set<string>()
		// Jobs are locked by the pool's id (graphile-worker 0.16+), its workers' ids kept for older rows.
		events.on('pool:create', ({ workerPool }) => void jobWorkerIds.add(workerPool.id))
		events.on('worker:create', ({ worker }) => void jobWorkerIds.add(worker.workerId))
		let entry: NonNullable<typeof current> | null = null
		// graphile-worker shuts its pool down on its own when it cannot record a finished or failed job;
		// that shutdown may wait on the database for a long time, so the pool counts as gone at once.
		events.on('pool:gracefulShutdown', ({ message }) => entry && gone(entry, message))
		events.on('pool:forcefulShutdown', ({ message }) => entry && gone(entry, message))
		const runner = await run({
			pgPool: pool,
			taskList: { ...toTaskList(options.tasks, logger), [WAKE_TASK]: async () => {} },
			crontab: options.crontab ?? '',
			concurrency: options.concurrency,
			noHandleSignals: true,
			pollInterval: 1000,
			logger: silentGraphileLogger(logger),
			events,
			// Batched completion: when a finished job cannot be recorded (the database went away), the
			// pool shuts down in order (and is started again below) instead of an unhandled rejection
			// leaving the job locked by a live process. Completions of a few milliseconds go in one
			// statement, and the pool fetches (and locks, under its own id: a dead process's queue is
			// unlocked like its running jobs) a batch of due jobs at once instead of one per job.
			preset: { worker: { completeJobBatchDelay, failJobBatchDelay: 0, ...(localQueueSize > 0 ? { localQueue: { size: localQueueSize } } : {}) } },
		})
		entry = { runner, jobWorkerIds }
		current = entry
		const settled = entry
		runner.promise.then(
			() => gone(settled, 'pool ended'),
			(error: unknown) => gone(settled, String(error)),
		)
	}

	/** The pool stopped without our stop(): its jobs are released and a new pool starts when the database answers. */
	function gone(entry: NonNullable<typeof current>, reason: string) {
		if (stopping || current !== entry) return
		current = null
		orphaned.push(...entry.jobWorkerIds)
		logger.error('worker_pool_stopped', { reason })
		// Jobs still running in the old pool get a moment to end before their locks are released.
		scheduleRelaunch(RELAUNCH_GRACE_MS)
	}

	function scheduleRelaunch(minDelay = 0) {
		if (stopping || relaunchTimer) return
		const delay = Math.max(minDelay, RELAUNCH_DELAYS_MS[Math.min(relaunchFailures, RELAUNCH_DELAYS_MS.length - 1)]!)
		relaunchTimer = setTimeout(() => {
			relaunchTimer = null
			void (async () => {
				try {
					// The stopped pool's jobs are ours to release: nobody runs them any more.
					if (orphaned.length) await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [orphaned])
					orphaned = []
					if (stopping) return
					await launch()
					relaunchFailures = 0
					logger.warn('worker_pool_restarted')
					void beat()
				} catch (error) {
					relaunchFailures++
					logger.warn('worker_pool_restart_failed', { error: String(error) })
					scheduleRelaunch()
				}
			})()
		}, delay)
	}

	/** Deletes the heartbeats of dead workers and unlocks their jobs, in one transaction. */
	async function reclaimDeadWorkers() {
		const client = await pool.connect()
		try {
			await client.query('begin')
			const { rows } = await client.query<{ worker_id: string; job_worker_ids: Array<string> }>(
				`delete from worker_heartbeats where beat_at < now() - make_interval(secs => $1) and worker_id <> $2 returning worker_id, job_worker_ids`,
				[deadWorkerSeconds, workerId],
			)
			const ids = rows.flatMap((r) => r.job_worker_ids)
			if (ids.length) await client.query('select graphile_worker.force_unlock_workers($1::text[])', [ids])
			await client.query('commit')
			if (rows.length) logger.warn('dead_workers_reclaimed', { workers: rows.map((r) => r.worker_id), pools: ids })
			client.release()
		} catch (error) {
			await client.query('rollback').catch(() => {})
			client.release(error as Error)
			throw error
		}
	}

	async function beat() {
		if (stopping) return
		if (!current) {
			// No pool, no beat: and no judging others until this process has beaten for a while again.
			healthySince = null
			return
		}
		try {
			await pool.query(
				`insert into worker_heartbeats (worker_id, beat_at, job_worker_ids) values ($1, now(), $2)
				 on conflict (worker_id) do update set beat_at = now(), job_worker_ids = excluded.job_worker_ids`,
				[workerId, [...current.jobWorkerIds]],
			)
			healthySince ??= Date.now()
		} catch (error) {
			healthySince = null
			logger.warn('worker_heartbeat_failed', { error: String(error) })
			return
		}
		if (Date.now() - healthySince >= deadWorkerSeconds * 1000) {
			await reclaimDeadWorkers().catch((error: unknown) => logger.warn('dead_worker_reclaim_failed', { error: String(error) }))
		}
	}

	await launch()
	const nextDueInMs = options.nextDueInMs
	const waker = nextDueInMs ? await startJobWaker({ pool, logger, nextDueInMs, nudge: addWakeJob }) : null
	await beat()
	const heartbeat = setInterval(() => void beat(), heartbeatMs)
	heartbeat.unref()
	return {
		workerId,
		async stop() {
			stopping = true
			clearInterval(heartbeat)
			if (relaunchTimer) clearTimeout(relaunchTimer)
			await waker?.stop()
			await current?.runner.stop()
			current = null
			await pool.query('delete from worker_heartbeats where worker_id = $1', [workerId]).catch(() => {})
		},
	}
}

function silentGraphileLogger(logger?: Logger) {
	return new GraphileLogger(() => (level, message) => {
		if (!logger) return
		if (level === 'error') logger.error('worker', { message })
		else if (level === 'warning') logger.warn('worker', { message })
	})
}
