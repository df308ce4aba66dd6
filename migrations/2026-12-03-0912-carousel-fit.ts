import { sql, type Kysely } from 'kysely'

// Issue 39 item 2 (ADR 0065): how a carousel is made one aspect where the network shows every item in
// the first one's ('crop': centre crop, what Instagram itself would do; 'pad': nothing cut off).
export async function up(db: Kysely<any>) {
	await sql.raw(`alter table posts add column carousel_fit text not null default 'crop' check (carousel_fit in ('crop', 'pad'));`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`alter table posts drop column if exists carousel_fit;`).execute(db)
}
