import { sql, type Kysely } from 'kysely'

// A chosen brand's lists in index order (ADR 0047 addendum): the brand's reads filter on the user and the
// brand (another user's brand id finds nothing). With the indexes of 2026-12-02-0700 (brand_id first, no
// user_id) the board's prepared statements got generic plans that took user_id = $1 and brand_id = $2 as
// independent (a few rows estimated where a brand has thousands) and read the brand's posts by BitmapAnd and a
// sort instead of the first ten in index order. With both keys in the index every brand read is an exact index
// range, in index order where it has a limit.
const indexes = [
	['posts_brand_status_scheduled_idx', 'posts_brand_user_status_scheduled_idx', 'posts', 'status, scheduled_at'],
	['posts_brand_status_published_idx', 'posts_brand_user_status_published_idx', 'posts', 'status, published_at'],
	['posts_brand_updated_idx', 'posts_brand_user_updated_idx', 'posts', 'updated_at desc'],
	['drafts_brand_updated_idx', 'drafts_brand_user_updated_idx', 'drafts', 'updated_at desc'],
] as const

export async function up(db: Kysely<any>) {
	for (const [old, name, table, columns] of indexes) {
		await sql.raw(`create index ${name} on ${table} (brand_id, user_id, ${columns}); drop index ${old};`).execute(db)
	}
}

export async function down(db: Kysely<any>) {
	for (const [old, name, table, columns] of indexes) {
		await sql.raw(`create index ${old} on ${table} (brand_id, ${columns}); drop index ${name};`).execute(db)
	}
}
