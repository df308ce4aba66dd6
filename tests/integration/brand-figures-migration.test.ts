// Migrations 2026-12-02-1000 and -1010: post_figures gains the brand in its key, filled from the existing
// posts; the brand list indexes gain user_id. Down gives back the per-user rollup (refilled) and the old indexes.
import { sql, type Kysely } from 'kysely'
import { expect, test } from 'vitest'
import { migrateTo } from '#scripts/migration-proof/proof.ts'
import { createEmptyDatabase } from '#tests/support/db.ts'

const MIGRATION = '2026-12-02-1010-brand-list-indexes'
const BEFORE = '2026-12-02-0800-brand-activity-news'

type Row = { status: string; brand: string; posts: string; views: string }

test('the migrations fill the brand rollup from the posts, follow brand moves, and down restores the per-user rollup', async () => {
	await using t = await createEmptyDatabase()
	// The schema of an older migration: no generated types fit it.
	const db = t.db as unknown as Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any -- an older schema
	await migrateTo(db, BEFORE)
	const user = (await sql<{ id: string }>`insert into users (email) values ('anna@beispiel.ch') returning id`.execute(db)).rows[0]!.id
	const [first, second] = (await sql<{ id: string }>`insert into brands (user_id, name, created_at) values (${user}, 'Erste', now() - interval '1 day'), (${user}, 'Zweite', now()) returning id`.execute(db)).rows.map((r) => r.id)
	await sql`insert into posts (user_id, brand_id, platform, title, status, published_at, engagement_views) values
		(${user}, ${first}, 'linkedin', 'A', 'published', now(), 10),
		(${user}, ${second}, 'linkedin', 'B', 'published', now(), 5),
		(${user}, ${second}, 'linkedin', 'C', 'draft', null, 0)`.execute(db)
	const figures = async () =>
		(await sql<Row>`select status, case brand_id when ${first} then 'Erste' else 'Zweite' end as brand, posts::text, views::text from post_figures where posts > 0 order by 2, 1`.execute(db)).rows

	await migrateTo(db, MIGRATION)
	expect(await figures()).toEqual([
		{ status: 'published', brand: 'Erste', posts: '1', views: '10' },
		{ status: 'draft', brand: 'Zweite', posts: '1', views: '0' },
		{ status: 'published', brand: 'Zweite', posts: '1', views: '5' },
	])
	await sql`update posts set brand_id = ${first} where title = 'B'`.execute(db)
	expect(await figures()).toEqual([
		{ status: 'published', brand: 'Erste', posts: '2', views: '15' },
		{ status: 'draft', brand: 'Zweite', posts: '1', views: '0' },
	])
	const indexes = async () => (await sql<{ def: string }>`select indexdef as def from pg_indexes where indexname like '%brand%updated%' order by 1`.execute(db)).rows.map((r) => r.def.replace(/^.* USING btree /, ''))
	expect(await indexes()).toEqual(['(brand_id, user_id, updated_at DESC)', '(brand_id, user_id, updated_at DESC)'])

	await migrateTo(db, BEFORE)
	const perUser = await sql<{ status: string; posts: string }>`select status, posts::text from post_figures where posts > 0 order by status`.execute(db)
	expect(perUser.rows).toEqual([
		{ status: 'draft', posts: '1' },
		{ status: 'published', posts: '2' },
	])
	expect(await indexes()).toEqual(['(brand_id, updated_at DESC)', '(brand_id, updated_at DESC)'])
	// The per-user triggers are back.
	await sql`delete from posts where title = 'C'`.execute(db)
	expect((await sql<{ n: string }>`select sum(posts)::text as n from post_figures`.execute(db)).rows).toEqual([{ n: '2' }])
	// And up again.
	await migrateTo(db, MIGRATION)
	expect(await figures()).toEqual([{ status: 'published', brand: 'Erste', posts: '2', views: '15' }])
})
