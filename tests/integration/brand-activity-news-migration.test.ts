// Migration 2026-12-02-0800: existing activity entries get their post's brand, existing news rows the
// owner's first brand, and the down migration gives back the old keys.
import { sql, type Kysely } from 'kysely'
import { expect, test } from 'vitest'
import { migrateTo } from '#scripts/migration-proof/proof.ts'
import { createEmptyDatabase } from '#tests/support/db.ts'

const MIGRATION = '2026-12-02-0800-brand-activity-news'
const BEFORE = '2026-12-02-0700-brand-filters'

test('the migration fills the brands of existing activity and news rows, and down restores the keys', async () => {
	await using t = await createEmptyDatabase()
	// The schema of an older migration: no generated types fit it.
	const db = t.db as unknown as Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any -- an older schema
	await migrateTo(db, BEFORE)
	const user = (await sql<{ id: string }>`insert into users (email) values ('anna@beispiel.ch') returning id`.execute(db)).rows[0]!.id
	const [first, second] = (await sql<{ id: string }>`insert into brands (user_id, name, created_at) values (${user}, 'Erste', now() - interval '1 day'), (${user}, 'Zweite', now()) returning id`.execute(db)).rows.map((r) => r.id)
	const postOf = async (brand: string) =>
		(await sql<{ id: string }>`insert into posts (user_id, brand_id, platform, title, content) values (${user}, ${brand}, 'linkedin', 'Post', 'Text') returning id`.execute(db)).rows[0]!.id
	const inSecond = await postOf(second!)
	await sql`insert into activity_logs (user_id, log_type, title, metadata) values
		(${user}, 'post_publication', 'Zweite', ${JSON.stringify({ postId: inSecond })}::jsonb),
		(${user}, 'authentication', 'Anmeldung', '{}'::jsonb),
		(${user}, 'other', 'Kaputt', '{"postId":"nicht-da"}'::jsonb)`.execute(db)
	await sql`insert into content_settings (user_id, niche) values (${user}, 'Bäckerei')`.execute(db)
	await sql`insert into content_ideas (user_id, title) values (${user}, 'Idee')`.execute(db)
	await sql`insert into news_items (user_id, title, url) values (${user}, 'News', 'https://beispiel.ch/a')`.execute(db)
	await sql`insert into user_news_generation_log (user_id, last_generated_date) values (${user}, '2026-12-01')`.execute(db)

	await migrateTo(db, MIGRATION)
	const activity = await sql<{ title: string; brand_id: string | null }>`select title, brand_id from activity_logs order by title`.execute(db)
	expect(activity.rows).toEqual([
		{ title: 'Anmeldung', brand_id: null },
		{ title: 'Kaputt', brand_id: null },
		{ title: 'Zweite', brand_id: second },
	])
	for (const table of ['content_settings', 'content_ideas', 'news_items', 'user_news_generation_log']) {
		const rows = await sql<{ brand_id: string }>`select brand_id from ${sql.table(table)}`.execute(db)
		expect(rows.rows, table).toEqual([{ brand_id: first }])
	}

	await migrateTo(db, BEFORE)
	const columns = await sql<{ table_name: string }>`select table_name from information_schema.columns where column_name = 'brand_id' and table_name in ('activity_logs', 'content_settings', 'content_ideas', 'news_items', 'user_news_generation_log')`.execute(db)
	expect(columns.rows).toEqual([])
	const key = await sql<{ columns: string }>`select pg_get_constraintdef(oid) as columns from pg_constraint where conname = 'content_settings_pkey'`.execute(db)
	expect(key.rows).toEqual([{ columns: 'PRIMARY KEY (user_id)' }])
	expect((await sql`select niche from content_settings`.execute(db)).rows).toEqual([{ niche: 'Bäckerei' }])
	// And up again.
	await migrateTo(db, MIGRATION)
})
