import { sql, type Kysely } from 'kysely'

// When the user's last news run (the button or the daily job) failed: /news says so instead of
// "Noch nie aktualisiert" and still names the last successful run (user_news_generation_log).
export async function up(db: Kysely<any>) {
	await sql.raw(`alter table content_settings add column news_refresh_failed_at timestamptz;`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`alter table content_settings drop column if exists news_refresh_failed_at;`).execute(db)
}
