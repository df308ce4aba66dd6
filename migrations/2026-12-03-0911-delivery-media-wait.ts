import { sql, type Kysely } from 'kysely'

// ADR 0064: a delivery waiting for its post's video to be processed costs no attempt; its wait is
// bounded by time instead, counted from when it began (its scheduled_at moves with every look, so the
// first due time is kept here). Null while the delivery is not waiting (a new time clears it).
export async function up(db: Kysely<any>) {
	await sql.raw('alter table post_deliveries add column media_wait_since timestamptz;').execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw('alter table post_deliveries drop column if exists media_wait_since;').execute(db)
}
