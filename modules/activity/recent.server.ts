import { jsonArrayFrom } from 'kysely/helpers/postgres'
import type { Db } from '#modules/core/db.server.ts'
import type { JsonPart } from '#modules/core/json-part.server.ts'

export type RecentActivity = { id: string; title: string; description: string; logType: string; status: string; createdAt: string }

/**
 * The user's latest activity entries (dashboard 'Neueste Aktivitäten'), one query. A program's API
 * calls ('api', one per request) would push out what the user did; the activity log shows them.
 * With a brand: its entries and the account-wide ones (as the activity log).
 */
export async function recentActivity(db: Db, userId: string, limit = 5, brandId: string | null = null): Promise<Array<RecentActivity>> {
	return (await recentQuery(db, userId, limit, brandId).execute()).map(toRecent)
}

/** recentActivity as a part of a caller's statement. */
export function recentActivityPart(db: Db, userId: string, limit = 5, brandId: string | null = null): JsonPart<Array<RecentRow>, Array<RecentActivity>> {
	return { json: jsonArrayFrom(recentQuery(db, userId, limit, brandId)), read: (rows) => rows.map(toRecent) }
}

function recentQuery(db: Db, userId: string, limit: number, brandId: string | null) {
	let query = db
		.selectFrom('activity_logs')
		.select(['id', 'title', 'description', 'log_type', 'status', 'created_at'])
		.where('user_id', '=', userId)
		.where('log_type', '<>', 'api')
	if (brandId) query = query.where((eb) => eb.or([eb('brand_id', '=', brandId), eb('brand_id', 'is', null)]))
	return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit)
}

// created_at is a Date from a row and a string from JSON.
type RecentRow = Omit<Awaited<ReturnType<ReturnType<typeof recentQuery>['execute']>>[number], 'created_at'> & { created_at: Date | string }

function toRecent(r: RecentRow): RecentActivity {
	return { id: r.id, title: r.title, description: r.description, logType: r.log_type, status: r.status, createdAt: new Date(r.created_at).toISOString() }
}
