import { sql } from 'kysely'
import type { Db } from '#modules/core/db.server.ts'
import { germanTsQuery } from '#modules/core/text-search.server.ts'
import { extractText } from './post-content.ts'

export type ContentSearchHit = { kind: 'post' | 'draft'; id: string; title: string; text: string; rank: number; updatedAt: string }

// The same expression as the GIN indexes of migrations/2026-11-22-0008-search.ts, so they are used.
const vector = sql`to_tsvector('german', title || ' ' || content)`

/**
 * The user's posts and drafts matching a search (Postgres full-text search, German stemming),
 * best first (see germanTsQuery: any input is safe; stop words alone match nothing).
 * The raw content is searched (JSON content included); the hit carries the extracted text.
 */
export async function searchContent(db: Db, userId: string, query: string, limit: number): Promise<Array<ContentSearchHit>> {
	const tsquery = germanTsQuery(query)
	const [posts, drafts] = await Promise.all([
		db
			.selectFrom('posts')
			.select(['id', 'title', 'content', 'updated_at', sql<number>`ts_rank(${vector}, ${tsquery})`.as('rank')])
			.where('user_id', '=', userId)
			.where(sql<boolean>`${vector} @@ ${tsquery}`)
			.orderBy('rank', 'desc')
			.orderBy('updated_at', 'desc')
			.limit(limit)
			.execute(),
		db
			.selectFrom('drafts')
			.select(['id', 'title', 'content', 'updated_at', sql<number>`ts_rank(${vector}, ${tsquery})`.as('rank')])
			.where('user_id', '=', userId)
			.where(sql<boolean>`${vector} @@ ${tsquery}`)
			.orderBy('rank', 'desc')
			.orderBy('updated_at', 'desc')
			.limit(limit)
			.execute(),
	])
	const hit = (kind: 'post' | 'draft') => (row: (typeof posts)[number]): ContentSearchHit => ({
		kind,
		id: row.id,
		title: row.title,
		text: extractText(row.content),
		rank: Number(row.rank),
		updatedAt: new Date(row.updated_at).toISOString(),
	})
	return [...posts.map(hit('post')), ...drafts.map(hit('draft'))]
}
