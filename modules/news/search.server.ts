import { sql } from 'kysely'
import type { Db } from '#modules/core/db.server.ts'
import { germanTsQuery } from '#modules/core/text-search.server.ts'

export type NewsSearchHit = { kind: 'idea' | 'news'; id: string; title: string; text: string; rank: number; updatedAt: string }

// The same expressions as the GIN indexes of migrations/2026-11-22-0008-search.ts, so they are used.
const ideaVector = sql`to_tsvector('german', title || ' ' || description)`
const newsVector = sql`to_tsvector('german', title || ' ' || content)`

/**
 * The user's content ideas and news items matching a search (Postgres full-text search, German
 * stemming), best first (see germanTsQuery: any input is safe; stop words alone match nothing).
 */
export async function searchNews(db: Db, userId: string, query: string, limit: number): Promise<Array<NewsSearchHit>> {
	const tsquery = germanTsQuery(query)
	const [ideas, news] = await Promise.all([
		db
			.selectFrom('content_ideas')
			.select(['id', 'title', 'description as text', 'created_at', sql<number>`ts_rank(${ideaVector}, ${tsquery})`.as('rank')])
			.where('user_id', '=', userId)
			.where(sql<boolean>`${ideaVector} @@ ${tsquery}`)
			.orderBy('rank', 'desc')
			.orderBy('created_at', 'desc')
			.limit(limit)
			.execute(),
		db
			.selectFrom('news_items')
			.select(['id', 'title', 'content as text', 'created_at', sql<number>`ts_rank(${newsVector}, ${tsquery})`.as('rank')])
			.where('user_id', '=', userId)
			.where(sql<boolean>`${newsVector} @@ ${tsquery}`)
			.orderBy('rank', 'desc')
			.orderBy('created_at', 'desc')
			.limit(limit)
			.execute(),
	])
	const hit = (kind: 'idea' | 'news') => (row: (typeof ideas)[number]): NewsSearchHit => ({
		kind,
		id: row.id,
		title: row.title,
		text: row.text,
		rank: Number(row.rank),
		updatedAt: new Date(row.created_at).toISOString(),
	})
	return [...ideas.map(hit('idea')), ...news.map(hit('news'))]
}
