import { sql, type Kysely } from 'kysely'

// Issue 40 item 3 (ADR 0073): one activity entry per token, minute and kind of call (API or MCP)
// summarising a program's calls instead of one entry per call. `summary_key` names that minute; the
// unique index makes the upsert atomic under parallel requests. Null for every other entry.
export async function up(db: Kysely<any>) {
	await sql.raw(`
alter table activity_logs add column summary_key text check (length(summary_key) between 1 and 200);
create unique index activity_logs_summary_key_idx on activity_logs (summary_key);
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
drop index if exists activity_logs_summary_key_idx;
alter table activity_logs drop column if exists summary_key;
`).execute(db)
}
