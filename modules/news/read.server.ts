import { sql, type RawBuilder } from 'kysely'
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import { newsBrand } from './brand.server.ts'

// What /news and the dashboard show: the user's own rows only, of one brand (null: the user's first;
// the dashboard's ideas of 'Alle Marken': all), newest first.

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

export async function listNews(db: DbOrTrx, userId: string, limit: number, brandId: string | null = null): Promise<Array<NewsItemView>> {
	const rows = await db
		.selectFrom('news_items')
		.select(['id', 'title', 'content', 'source', 'url', 'published_date', 'keywords', 'trending', 'created_at'])
		.where('user_id', '=', userId)
		.where('brand_id', '=', newsBrand(userId, brandId))
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

/** `brand`: one brand's ideas (newsBrand), or 'all' of the user's. */
function ideasQuery(db: DbOrTrx, userId: string, limit: number, brand: RawBuilder<string> | 'all') {
	let query = db
		.selectFrom('content_ideas')
		.select(['id', 'title', 'description', 'source', 'published_date', 'trending', 'platform', 'keyword', 'content_type', 'created_at'])
		.where('user_id', '=', userId)
	if (brand !== 'all') query = query.where('brand_id', '=', brand)
	return query
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

export async function listIdeas(db: DbOrTrx, userId: string, limit: number, brandId: string | null = null): Promise<Array<IdeaView>> {
	return (await ideasQuery(db, userId, limit, newsBrand(userId, brandId)).execute()).map(toIdeaView)
}

/**
 * The newest ideas of a brand (null: of all brands) and its content settings row (null: the first
 * brand's; undefined while never saved) in one statement.
 */
export async function ideasWithSettings(db: DbOrTrx, userId: string, limit: number, brandId: string | null = null) {
	return ideasWithSettingsOf(await ideasWithSettingsQuery(db, userId, limit, brandId).executeTakeFirstOrThrow())
}

/** ideasWithSettings as a JSON expression for a caller's statement (read back with ideasWithSettingsOf). */
export function ideasWithSettingsJson(db: DbOrTrx, userId: string, limit: number, brandId: string | null = null) {
	return jsonObjectFrom(ideasWithSettingsQuery(db, userId, limit, brandId))
}

export type IdeasWithSettingsRow = Awaited<ReturnType<ReturnType<typeof ideasWithSettingsQuery>['executeTakeFirstOrThrow']>>

export function ideasWithSettingsOf(row: IdeasWithSettingsRow) {
	return { settings: row.settings ?? undefined, ideas: row.ideas.map(toIdeaView) }
}

function ideasWithSettingsQuery(db: DbOrTrx, userId: string, limit: number, brandId: string | null) {
	return db.selectNoFrom([
		jsonObjectFrom(
			db
				.selectFrom('content_settings')
				.select(['niche', 'target_audience', 'keywords', 'news_keywords', 'news_feeds'])
				.where('user_id', '=', userId)
				.where('brand_id', '=', newsBrand(userId, brandId)),
		).as('settings'),
		jsonArrayFrom(ideasQuery(db, userId, limit, brandId ? newsBrand(userId, brandId) : 'all')).as('ideas'),
	])
}

/** When the brand's news were last generated (daily job or refresh), or null. */
export async function lastGeneratedAt(db: DbOrTrx, userId: string, brandId: string | null = null): Promise<string | null> {
	const row = await db
		.selectFrom('user_news_generation_log')
		.select(sql<Date | null>`max(created_at)`.as('at'))
		.where('user_id', '=', userId)
		.where('brand_id', '=', newsBrand(userId, brandId))
		.executeTakeFirst()
	return row?.at ? new Date(row.at).toISOString() : null
}

/** When the last news run of the brand failed (every source unreachable, or an error), if ever. */
export async function lastRefreshFailedAt(db: DbOrTrx, userId: string, brandId: string | null = null): Promise<string | null> {
	const row = await db
		.selectFrom('content_settings')
		.select('news_refresh_failed_at')
		.where('user_id', '=', userId)
		.where('brand_id', '=', newsBrand(userId, brandId))
		.executeTakeFirst()
	return row?.news_refresh_failed_at ? new Date(row.news_refresh_failed_at).toISOString() : null
}

/** Notes a failed news run of a brand (outside the run's rolled-back transaction). */
export async function markRefreshFailed(db: DbOrTrx, userId: string, brandId: string) {
	await db
		.insertInto('content_settings')
		.values({ user_id: userId, brand_id: brandId, news_refresh_failed_at: sql<Date>`now()` })
		.onConflict((oc) => oc.column('brand_id').doUpdateSet({ news_refresh_failed_at: sql<Date>`now()` }).where('content_settings.user_id', '=', userId))
		.execute()
}
