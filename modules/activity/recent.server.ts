import type { Db } from '#modules/core/db.server.ts'

export type RecentActivity = { id: string; title: string; description: string; logType: string; status: string; createdAt: string }

/**
 * The user's latest activity entries (dashboard 'Neueste Aktivitäten'), one query. A program's API
 * calls ('api', one per request) would push out what the user did; the activity log shows them.
 */
export async function recentActivity(db: Db, userId: string, limit = 5): Promise<Array<RecentActivity>> {
	const rows = await db
		.selectFrom('activity_logs')
		.select(['id', 'title', 'description', 'log_type', 'status', 'created_at'])
		.where('user_id', '=', userId)
		.where('log_type', '<>', 'api')
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(limit)
		.execute()
	return rows.map((r) => ({ id: r.id, title: r.title, description: r.description, logType: r.log_type, status: r.status, createdAt: new Date(r.created_at).toISOString() }))
}
