import type pg from 'pg'
import { createDb, createPool, type Db } from '#modules/core/db.server.ts'
import { ensureLocalDatabase } from '#modules/core/embedded-postgres.server.ts'
import type { Env } from '#modules/core/env.server.ts'

/** A process's pool: a connection for each job the worker runs at once, and room for the web requests beside them. */
export const poolSize = (workerConcurrency: number) => workerConcurrency + 20

export type Database = { url: string; pool: pg.Pool; db: Db; embedded: boolean; close: () => Promise<void> }

/**
 * DATABASE_URL when set; otherwise the embedded Postgres under DATA_DIR (shared with a running server).
 * `jobs`: how many jobs this process runs at once (0 for a web process of several; default WORKER_CONCURRENCY).
 */
export async function openDatabase(env: Env, log: (msg: string) => void = () => {}, options: { jobs?: number } = {}): Promise<Database> {
	const local = env.DATABASE_URL ? null : await ensureLocalDatabase(env.dataDir, log)
	const url = env.DATABASE_URL ?? local!.url
	const pool = createPool(url, poolSize(options.jobs ?? env.WORKER_CONCURRENCY))
	const db = createDb(pool)
	return {
		url,
		pool,
		db,
		embedded: local !== null,
		close: async () => {
			await db.destroy()
			await local?.stop()
		},
	}
}
