import { sql, type Kysely } from 'kysely'

// The admin's user search (/admin/users) matches e-mail and name with `ilike '%...%'`
// (modules/accounts/directory.server.ts); trigram GIN indexes keep that index-backed.
// pg_trgm is a trusted extension (Postgres 13+), so the database owner may create it.
export async function up(db: Kysely<any>) {
	await sql.raw(`
create extension if not exists pg_trgm;
create index profiles_email_trgm_idx on profiles using gin (email gin_trgm_ops);
create index profiles_full_name_trgm_idx on profiles using gin (full_name gin_trgm_ops);
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
drop index if exists profiles_full_name_trgm_idx;
drop index if exists profiles_email_trgm_idx;
`).execute(db)
}
