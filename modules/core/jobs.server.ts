import { hostname } from 'node:os'
import { sql } from 'kysely'
import { Logger as GraphileLogger, run, runMigrations, type Runner, type Task, type TaskList } from 'graphile-worker'
import type pg from 'pg'
import type { z } from 'zod'
import type { DbOrTrx } from './db.server.ts'
import type { Logger } from './logger.server.ts'
import { startJobWaker } from './job-waker.server.ts'

/** What producers need to enqueue a job: its id, the zod schema of its payload, its attempts. */
export type JobDefinition<S extends z.ZodType> = { id: string; schema: S; maxAttempts?: number }

export type TaskHelpers = { jobId: string; attempts: number; signal?: AbortSignal }

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
	// A job replaced by key sends no notification of its own; this one lets the waker re-plan (count 0: no nudge).
	if (options.jobKey && options.runAt) await sql`select pg_notify('jobs:insert', '{"count":0}')`.execute(db)
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
			})
		}
	}
	return list
}

export async function migrateJobs(pool: pg.Pool) {
	await runMigrations({ pgPool: pool, logger: silentGraphileLogger() })
}

const HEARTBEAT_MS = 15_000

/**
 * The worker plus its waker (jobs start at their instant, not at the next poll) and a heartbeat row
 * (the health endpoint shows a stopped worker within a minute).
 */
export async function startWorker(options: { pool: pg.Pool; tasks: Array<AnyTask>; concurrency: number; logger: Logger; crontab?: string }): Promise<Runner> {
	const runner = await run({
		pgPool: options.pool,
		taskList: toTaskList(options.tasks, options.logger),
		crontab: options.crontab ?? '',
		concurrency: options.concurrency,
		noHandleSignals: true,
		pollInterval: 1000,
		logger: silentGraphileLogger(options.logger),
	})
	const waker = await startJobWaker({ pool: options.pool, logger: options.logger })
	const workerId = `${hostname()}:${process.pid}`
	const beat = () =>
		options.pool
			.query('insert into worker_heartbeats (worker_id, beat_at) values ($1, now()) on conflict (worker_id) do update set beat_at = now()', [workerId])
			.catch((error: unknown) => options.logger.warn('worker_heartbeat_failed', { error: String(error) }))
	await beat()
	const heartbeat = setInterval(() => void beat(), HEARTBEAT_MS)
	const stop = runner.stop.bind(runner)
	runner.stop = async () => {
		clearInterval(heartbeat)
		await waker.stop()
		await stop()
		await options.pool.query('delete from worker_heartbeats where worker_id = $1', [workerId]).catch(() => {})
	}
	return runner
}

function silentGraphileLogger(logger?: Logger) {
	return new GraphileLogger(() => (level, message) => {
		if (!logger) return
		if (level === 'error') logger.error('worker', { message })
		else if (level === 'warning') logger.warn('worker', { message })
	})
}
