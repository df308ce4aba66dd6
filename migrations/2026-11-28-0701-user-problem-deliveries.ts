import { sql, type Kysely } from 'kysely'

// The dashboard counts one user's deliveries that need a look (failed, unconfirmed): without this the
// count combined the all-users problem index with the user's deliveries (issue 22: 2–9 ms for 5000 posts).
export async function up(db: Kysely<any>) {
	await sql.raw(`create index post_deliveries_user_problem_idx on post_deliveries (user_id) where status in ('failed', 'unconfirmed');`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`drop index if exists post_deliveries_user_problem_idx;`).execute(db)
}
