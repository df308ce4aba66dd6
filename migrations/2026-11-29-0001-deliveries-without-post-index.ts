import { sql, type Kysely } from 'kysely'

// post_deliveries (post_id) repeated the first column of the unique (post_id, platform) index, which
// serves every lookup by post. Each change of a delivery's status (claim, request marker, record) is a
// new row version with an entry in every index: one index less to write per step of a publication.
export async function up(db: Kysely<any>) {
	await sql.raw(`drop index if exists post_deliveries_post_idx;`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`create index if not exists post_deliveries_post_idx on post_deliveries (post_id);`).execute(db)
}
