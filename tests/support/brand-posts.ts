// A heavy user in several brands, as seed:bulk makes the bench user (issue 38): for the brand tests that
// read plans and time a brand against all brands.
import { sql, type Kysely } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'
import { userWithCredits } from './users.ts'

export type BrandPostsOptions = { posts?: number; drafts?: number; brands?: ReadonlyArray<string>; others?: number; otherPosts?: number }

/**
 * A user with `posts` posts and `drafts` drafts dealt round robin over `brands`, plan times from a year
 * back to a year ahead (past ones mostly published, future ones mostly scheduled, the rest drafts and
 * reviews), beside `others` users of `otherPosts` posts each so the planner's statistics see more than
 * one user. The tables are analyzed.
 */
export async function userWithBrandPosts(db: Kysely<DB>, options: BrandPostsOptions = {}) {
	const { posts = 5000, drafts = 300, brands = ['Meine Marke', 'Bäckerei Winterthur', 'Café am Markt'], others = 20, otherPosts = 100 } = options
	const userId = await userWithCredits(db, 0)
	const brandIds: Array<string> = []
	for (const name of brands) brandIds.push((await db.insertInto('brands').values({ user_id: userId, name }).returning('id').executeTakeFirstOrThrow()).id)
	await insertPosts(db, userId, brandIds, posts, drafts)
	for (let i = 0; i < others; i++) {
		const other = await userWithCredits(db, 0)
		const brand = (await db.insertInto('brands').values({ user_id: other, name: 'Meine Marke' }).returning('id').executeTakeFirstOrThrow()).id
		await insertPosts(db, other, [brand], otherPosts, Math.ceil(otherPosts / 10))
	}
	await sql`analyze posts`.execute(db)
	await sql`analyze drafts`.execute(db)
	await sql`analyze post_figures`.execute(db)
	return { userId, brandIds }
}

async function insertPosts(db: Kysely<DB>, userId: string, brandIds: ReadonlyArray<string>, posts: number, drafts: number) {
	const brands = sql`${sql.val(brandIds)}::uuid[]`
	await sql`
		insert into posts (user_id, brand_id, title, content, platform, status, scheduled_at, published_at, engagement_views, engagement_likes, engagement_comments, created_at, updated_at)
		select ${userId}, (${brands})[1 + i % ${brandIds.length}], 'Post ' || i, 'Inhalt von Post ' || i,
			(array['linkedin', 'facebook', 'instagram', 'threads', 'multiple'])[1 + (i / 7) % 5], status,
			case when status in ('scheduled', 'published') then at end,
			case when status = 'published' then at end,
			case when status = 'published' then 40 + i % 900 else 0 end,
			case when status = 'published' then i % 37 else 0 end,
			case when status = 'published' then i % 5 else 0 end,
			at - interval '2 days', case when at < now() then at else now() - make_interval(secs => i) end
		from (
			select i, at,
				case when at < now() then (case when r < 0.80 then 'published' when r < 0.88 then 'draft' when r < 0.92 then 'review' else 'scheduled' end)
					else (case when r < 0.80 then 'scheduled' when r < 0.93 then 'draft' else 'review' end) end as status
			from (
				select i, random() as r, date_trunc('hour', now()) + make_interval(days => (floor(random() * 731) - 365)::int, mins => 30 * floor(random() * 35)::int) as at
				from generate_series(0, ${posts - 1}) as g(i)
			) as raw
		) as typed`.execute(db)
	await sql`
		insert into drafts (user_id, brand_id, title, content, platforms, updated_at)
		select ${userId}, (${brands})[1 + i % ${brandIds.length}], 'Idee ' || i, 'Entwurf ' || i, array['linkedin'], now() - make_interval(mins => i * 37)
		from generate_series(0, ${drafts - 1}) as g(i)`.execute(db)
}
