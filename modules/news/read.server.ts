import { sql } from 'kysely'
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres'
import type { DbOrTrx } from '#modules/core/db.server.ts'

// What /news and the dashboard show: the user's own rows only, newest first.

export type NewsItemView = {
	id: string
	title: string
	content: string
	source: string
	url: string | null
	publishedDate: string | null
	keywords: Array<string>
	trending: boolean
	createdAt: string
}

export type IdeaView = {
	id: string
	title: string
	description: string
	source: string
	publishedDate: string | null
	trending: boolean
	platforms: Array<string>
	keyword: string | null
	contentType: string | null
	createdAt: string
}

export async function listNews(db: DbOrTrx, userId: string, limit: number): Promise<Array<NewsItemView>> {
	const rows = await db
		.selectFrom('news_items')
		.select(['id', 'title', 'content', 'source', 'url', 'published_date', 'keywords', 'trending', 'created_at'])
		.where('user_id', '=', userId)
		.orderBy('created_at', 'desc')
		.orderBy('trending', 'desc')
		.orderBy('published_date', (ob) => ob.desc().nullsLast())
		.limit(limit)
		.execute()
	return rows.map((r) => ({
		id: r.id,
		title: r.title,
		content: r.content,
		source: r.source,
		url: r.url,
		publishedDate: r.published_date,
		keywords: r.keywords,
		trending: r.trending,
		createdAt: new Date(r.created_at).toISOString(),
	}))
}

function ideasQuery(db: DbOrTrx, userId: string, limit: number) {
	return db
		.selectFrom('content_ideas')
		.select(['id', 'title', 'description', 'source', 'published_date', 'trending', 'platform', 'keyword', 'content_type', 'created_at'])
		.where('user_id', '=', userId)
		.orderBy('created_at', 'desc')
		.orderBy('trending', 'desc')
		.orderBy('id')
		.limit(limit)
}

// created_at is a Date from a row and a string from JSON.
type IdeaRow = Omit<Awaited<ReturnType<ReturnType<typeof ideasQuery>['execute']>>[number], 'created_at'> & { created_at: Date | string }

function toIdeaView(r: IdeaRow): IdeaView {
	return {
		id: r.id,
		title: r.title,
		description: r.description,
		source: r.source,
		publishedDate: r.published_date,
		trending: r.trending,
		platforms: r.platform,
		keyword: r.keyword,
		contentType: r.content_type,
		createdAt: new Date(r.created_at).toISOString(),
	}
}

export async function listIdeas(db: DbOrTrx, userId: string, limit: number): Promise<Array<IdeaView>> {
	return (await ideasQuery(db, userId, limit).execute()).map(toIdeaView)
}

/** The newest ideas and the user's content settings row (undefined while never saved) in one statement. */
export async function ideasWithSettings(db: DbOrTrx, userId: string, limit: number) {
	return ideasWithSettingsOf(await ideasWithSettingsQuery(db, userId, limit).executeTakeFirstOrThrow())
}

/** ideasWithSettings as a JSON expression for a caller's statement (read back with ideasWithSettingsOf). */
export function ideasWithSettingsJson(db: DbOrTrx, userId: string, limit: number) {
	return jsonObjectFrom(ideasWithSettingsQuery(db, userId, limit))
}

export type IdeasWithSettingsRow = Awaited<ReturnType<ReturnType<typeof ideasWithSettingsQuery>['executeTakeFirstOrThrow']>>

export function ideasWithSettingsOf(row: IdeasWithSettingsRow) {
	return { settings: row.settings ?? undefined, ideas: row.ideas.map(toIdeaView) }
}

function ideasWithSettingsQuery(db: DbOrTrx, userId: string, limit: number) {
	return db.selectNoFrom([
		jsonObjectFrom(db.selectFrom('content_settings').select(['niche', 'target_audience', 'keywords', 'news_keywords', 'news_feeds']).where('user_id', '=', userId)).as('settings'),
		jsonArrayFrom(ideasQuery(db, userId, limit)).as('ideas'),
	])
}

/** When the user's news were last generated (daily job or refresh), or null. */
export async function lastGeneratedAt(db: DbOrTrx, userId: string): Promise<string | null> {
	const row = await db
		.selectFrom('user_news_generation_log')
		.select(sql<Date | null>`max(created_at)`.as('at'))
		.where('user_id', '=', userId)
		.executeTakeFirst()
	return row?.at ? new Date(row.at).toISOString() : null
}

/** When the last news run of the user failed (every source unreachable, or an error), if ever. */
export async function lastRefreshFailedAt(db: DbOrTrx, userId: string): Promise<string | null> {
	const row = await db.selectFrom('content_settings').select('news_refresh_failed_at').where('user_id', '=', userId).executeTakeFirst()
	return row?.news_refresh_failed_at ? new Date(row.news_refresh_failed_at).toISOString() : null
}

/** Notes a failed news run (outside the run's rolled-back transaction). */
export async function markRefreshFailed(db: DbOrTrx, userId: string) {
	await db
		.insertInto('content_settings')
		.values({ user_id: userId, news_refresh_failed_at: sql<Date>`now()` })
		.onConflict((oc) => oc.column('user_id').doUpdateSet({ news_refresh_failed_at: sql<Date>`now()` }))
		.execute()
}
