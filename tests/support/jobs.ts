import { runOnce, type TaskList } from 'graphile-worker'
import type pg from 'pg'

/**
 * Runs every due job once, then waits until graphile-worker has recorded the failed ones: it unlocks a
 * failed job and pushes its run_at back without awaiting that before runOnce resolves, so a test that
 * moves the retry to now right after could do so before the failure lands (and see it overwritten).
 */
export async function runJobsOnce(pool: pg.Pool, taskList: TaskList) {
	await runOnce({ pgPool: pool, taskList })
	for (let waited = 0; waited < 5000; waited += 10) {
		const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from graphile_worker._private_jobs where locked_at is not null')
		if (rows[0]!.n === 0) return
		await new Promise((resolve) => setTimeout(resolve, 10))
	}
}
