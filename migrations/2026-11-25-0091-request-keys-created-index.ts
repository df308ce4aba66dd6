import { sql, type Kysely } from 'kysely'

// The daily prune of request ids (modules/core/core-jobs.server.ts) deletes by age.
export async function up(db: Kysely<any>) {
	await sql`create index request_keys_created_idx on request_keys (created_at)`.execute(db)
}

export async function down(db: Kysely<any>) {
	await sql`drop index request_keys_created_idx`.execute(db)
}
