import { sql } from 'kysely'
import type { Db } from '#modules/core/db.server.ts'
import type { PostStatus } from './platforms.ts'

// Readers of post_figures, the per-user rollup of the posts kept by triggers (migration
// 2026-11-28-0826-post-figures, ADR 0026): at most one row per status and platform, whatever the
// number of posts.

/** Sum of a figure over the given statuses, as a select expression on post_figures. */
export function figureSum(column: 'posts' | 'views' | 'interactions', statuses: ReadonlyArray<PostStatus>) {
	return sql<string>`coalesce(sum(${sql.ref(column)}) filter (where status in (${sql.join(statuses)})), 0)`
}

/** The user's posts per platform in the given statuses, most first; platforms without posts are left out. */
export async function postsPerPlatform(db: Db, userId: string, statuses: ReadonlyArray<PostStatus>) {
	const rows = await postsPerPlatformQuery(db, userId, statuses).execute()
	return rows.map((r) => ({ platform: r.platform, count: Number(r.count) }))
}

/** postsPerPlatform as a query, for a caller's statement (the calendar's). */
export function postsPerPlatformQuery(db: Db, userId: string, statuses: ReadonlyArray<PostStatus>) {
	return db
		.selectFrom('post_figures')
		.select((eb) => ['platform', eb.fn.sum<string>('posts').as('count')])
		.where('user_id', '=', userId)
		.where('status', 'in', statuses)
		.groupBy('platform')
		.having((eb) => eb.fn.sum('posts'), '>', 0)
		.orderBy('count', 'desc')
		.orderBy('platform')
}
