import { sql, type Kysely } from 'kysely'

// Settings page: whether the user gets an e-mail when a post fails to publish (on by default).
// The time zone already lives in users.time_zone.
export async function up(db: Kysely<any>) {
	await sql.raw(`
alter table users add column notify_failed_posts boolean not null default true;
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
alter table users drop column if exists notify_failed_posts;
`).execute(db)
}
