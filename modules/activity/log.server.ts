import { sql } from 'kysely'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import { notifyChangesSql } from '#modules/core/live-events.server.ts'
import { boundedEntry } from './clip.ts'

export type LogType =
	| 'post_creation'
	| 'post_publication'
	| 'post_scheduling'
	| 'image_generation'
	| 'model_test'
	| 'content_generation'
	| 'agent_usage'
	| 'social_connection'
	| 'authentication'
	| 'automation'
	| 'error'
	/** A call with a personal API token (REST or MCP). */
	| 'api'

export type ActivityEntry = {
	userId: string
	logType: LogType
	title: string
	description?: string
	status: 'success' | 'error' | 'warning' | 'info'
	metadata?: Record<string, unknown>
}

/**
 * Appends an activity log entry; pass a transaction to write it atomically. Callers pass whole texts:
 * only here are they bounded (at a word, with an ellipsis), so the page and error reports show them whole.
 */
export async function logActivity(db: DbOrTrx, entry: ActivityEntry) {
	await logActivities(db, [entry])
}

/** Several entries in one statement, with one notification per user. */
export async function logActivities(db: DbOrTrx, entries: ReadonlyArray<ActivityEntry>) {
	if (entries.length === 0) return
	await sql`with a as (${activitiesSql(entries)}) select (${notifyChangesSql(sql`select user_id, topic from a`)})`.execute(db)
}

/** logActivities as a part of a caller's statement (a data-modifying CTE); returns the changes to announce (user_id, topic) for notifyChangesSql. */
function activitiesSql(entries: ReadonlyArray<ActivityEntry>) {
	const rows = entries.map(boundedEntry).map((entry) => ({
		user_id: entry.userId,
		log_type: entry.logType,
		title: entry.title,
		description: entry.description,
		status: entry.status,
		metadata: entry.metadata ?? {},
	}))
	return sql<{ user_id: string; topic: string }>`
		insert into activity_logs (user_id, log_type, title, description, status, metadata)
		select x.user_id, x.log_type, x.title, x.description, x.status, x.metadata
		from json_to_recordset(${JSON.stringify(rows)}::json) as x(user_id uuid, log_type text, title text, description text, status text, metadata jsonb)
		returning user_id, 'activity'::text as topic`
}
