import { sql } from 'kysely'
import type { DbOrTrx } from '#modules/core/db.server.ts'

export type TrendingTerm = { term: string; weight: number }

/**
 * The terms trending in the user's news feed: keywords of their news items of the last `days`
 * days, counted (trending items count double), weighted 0..1 relative to the most frequent one.
 */
export async function trendingTerms(db: DbOrTrx, userId: string, limit = 20, days = 7): Promise<Array<TrendingTerm>> {
	const rows = await sql<{ term: string; score: number }>`
		select lower(k) as term, sum(case when n.trending then 2 else 1 end)::int as score
		from news_items n, unnest(n.keywords) as k
		where n.user_id = ${userId} and n.created_at >= now() - make_interval(days => ${days})
		group by lower(k)
		order by score desc, term
		limit ${limit}`.execute(db)
	const top = rows.rows[0]?.score ?? 0
	return rows.rows.map((r) => ({ term: r.term, weight: top ? r.score / top : 0 }))
}
