import type { DbOrTrx } from '#modules/core/db.server.ts'
import { notifyChanges } from '#modules/core/live-events.server.ts'

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

/** Appends an activity log entry (texts cut to the spec's lengths); pass a transaction to write it atomically. */
export async function logActivity(db: DbOrTrx, entry: ActivityEntry) {
	await logActivities(db, [entry])
}

/** Several entries in one insert (and one notification per user). */
export async function logActivities(db: DbOrTrx, entries: ReadonlyArray<ActivityEntry>) {
	if (entries.length === 0) return
	await db
		.insertInto('activity_logs')
		.values(
			entries.map((entry) => ({
				user_id: entry.userId,
				log_type: entry.logType,
				title: entry.title.slice(0, 500),
				description: (entry.description ?? '').slice(0, 2000),
				status: entry.status,
				metadata: JSON.stringify(entry.metadata ?? {}),
			})),
		)
		.execute()
	await notifyChanges(db, entries.map((entry) => ({ userId: entry.userId, topic: 'activity' })))
}
