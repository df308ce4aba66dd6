import { sql, type Kysely } from 'kysely'

// Issue 21: a draft keeps where it was made (web, api, mcp, csv), so the post it becomes when it is
// planned or published carries the same origin (an assistant's draft planned later is still 'mcp').
export async function up(db: Kysely<any>) {
	await sql.raw(`alter table drafts add column origin text not null default 'web' check (origin in ('web', 'api', 'mcp', 'csv'));`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`alter table drafts drop column if exists origin;`).execute(db)
}
