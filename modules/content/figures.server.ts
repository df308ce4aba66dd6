import { sql } from 'kysely'
import type { Db } from '#modules/core/db.server.ts'
import type { PostStatus } from './platforms.ts'

// Readers of post_figures, the rollup of the posts kept by triggers (migration 2026-11-28-0826-post-figures,
// ADR 0026; per brand since 2026-12-02-1000-brand-figures): at most one row per brand, status and platform,
// whatever the number of posts. One brand's rows, or all of the user's brands' rows summed ('Alle Marken').

/** Sum of a figure over the given statuses, as a select expression on post_figures. */
export function figureSum(column: 'posts' | 'views' | 'interactions', statuses: ReadonlyArray<PostStatus>) {
	return sql<string>`coalesce(sum(${sql.ref(column)}) filter (where status in (${sql.join(statuses)})), 0)`
}

/** The rollup rows of the user's brand, or of all the user's brands with null: sum them (figureSum). */
export function figureRows(db: Db, userId: string, brandId: string | null) {
	return db
		.selectFrom('post_figures')
		.where('user_id', '=', userId)
		.$if(brandId !== null, (qb) => qb.where('brand_id', '=', brandId ?? ''))
}

/** The posts per platform in the given statuses (of one brand, or all with null), most first; platforms without posts are left out. */
export async function postsPerPlatform(db: Db, userId: string, statuses: ReadonlyArray<PostStatus>, brandId: string | null = null) {
	const rows = await postsPerPlatformQuery(db, userId, statuses, brandId).execute()
	return rows.map((r) => ({ platform: r.platform, count: Number(r.count) }))
}

/** postsPerPlatform as a query, for a caller's statement (the calendar's). */
export function postsPerPlatformQuery(db: Db, userId: string, statuses: ReadonlyArray<PostStatus>, brandId: string | null = null) {
	return figureRows(db, userId, brandId)
		.select((eb) => ['platform', eb.fn.sum<string>('posts').as('count')])
		.where('status', 'in', statuses)
		.groupBy('platform')
		.having((eb) => eb.fn.sum('posts'), '>', 0)
		.orderBy('count', 'desc')
		.orderBy('platform')
}
