import { sql } from 'kysely'
import { logActivity } from '#modules/activity/index.ts'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import type { ToolName } from './default-tools.ts'

/**
 * The honest estimate of time saved: minutes a person would spend doing one unit of each tool's
 * work by hand (explained on the toolbox page). Only successful runs count, times the items produced.
 */
export const MINUTES_SAVED_PER_ITEM: Record<ToolName, number> = {
	hashtagOptimizer: 3,
	autoRepost: 10,
	autoReply: 3,
	eventPlanning: 15,
	birthdayWishes: 5,
}

export type ToolRunInput = {
	userId: string
	tool: ToolName
	/** Idempotency key of this unit of work, e.g. 'repost:<postId>' or 'news:2026-11-23'. */
	runKey: string
	status?: 'success' | 'skipped' | 'error'
	/** How many things the run produced (drafts, ideas, replies, hashtags sets). */
	items?: number
	/** A short German sentence for the activity log ('2 Content-Ideen zu Weihnachten erstellt'). */
	title: string
	description?: string
	metadata?: Record<string, unknown>
}

/**
 * Claims a run: inserts its row unless the key was already used. Returns false when the run
 * happened before — the caller must then do nothing. Call it inside the transaction that writes the
 * run's effect, so effect and record commit together (or neither does). Also writes the activity
 * log entry (log_type 'automation').
 */
export async function claimToolRun(db: DbOrTrx, run: ToolRunInput): Promise<boolean> {
	const status = run.status ?? 'success'
	const items = run.items ?? (status === 'success' ? 1 : 0)
	const inserted = await db
		.insertInto('tool_runs')
		.values({
			user_id: run.userId,
			tool_name: run.tool,
			run_key: run.runKey.slice(0, 300),
			status,
			items,
			minutes_saved: status === 'success' ? items * MINUTES_SAVED_PER_ITEM[run.tool] : 0,
			summary: run.title.slice(0, 2000),
			metadata: JSON.stringify(run.metadata ?? {}),
		})
		.onConflict((oc) => oc.columns(['user_id', 'tool_name', 'run_key']).doNothing())
		.returning('id')
		.executeTakeFirst()
	if (!inserted) return false
	await logActivity(db, {
		userId: run.userId,
		logType: 'automation',
		title: run.title,
		description: run.description,
		status: status === 'skipped' ? 'info' : status,
		metadata: { tool: run.tool, runKey: run.runKey, ...run.metadata },
	})
	return true
}

/** Whether a run key is already taken (for jobs that must check before an external call). */
export async function hasToolRun(db: DbOrTrx, userId: string, tool: ToolName, runKey: string) {
	const row = await db
		.selectFrom('tool_runs')
		.select('id')
		.where('user_id', '=', userId)
		.where('tool_name', '=', tool)
		.where('run_key', '=', runKey)
		.executeTakeFirst()
	return Boolean(row)
}

export type ToolStats = { runs: number; minutesSaved: number; byTool: Partial<Record<ToolName, { runs: number; lastRunAt: Date | null }>> }

/** The toolbox stats cards: successful runs, estimated minutes saved, per tool count and last run (one query). */
export async function toolStats(db: DbOrTrx, userId: string): Promise<ToolStats> {
	const rows = await db
		.selectFrom('tool_runs')
		.select([
			'tool_name',
			sql<number>`count(*) filter (where status = 'success')::int`.as('runs'),
			sql<number>`coalesce(sum(minutes_saved), 0)::int`.as('minutes'),
			sql<Date | null>`max(created_at)`.as('last_run_at'),
		])
		.where('user_id', '=', userId)
		.groupBy('tool_name')
		.execute()
	const byTool: ToolStats['byTool'] = {}
	let runs = 0
	let minutesSaved = 0
	for (const row of rows) {
		byTool[row.tool_name as ToolName] = { runs: row.runs, lastRunAt: row.last_run_at }
		runs += row.runs
		minutesSaved += row.minutes
	}
	return { runs, minutesSaved, byTool }
}
