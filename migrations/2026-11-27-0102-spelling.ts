import { sql, type Kysely } from 'kysely'

// The user's German spelling (ADR 0013): 'ch' writes "ss" for "ß", 'de' keeps "ß"; null follows the
// browser's Accept-Language (de-CH → 'ch').
export async function up(db: Kysely<any>) {
	await sql.raw(`alter table users add column spelling text check (spelling in ('ch', 'de'));`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`alter table users drop column if exists spelling;`).execute(db)
}
