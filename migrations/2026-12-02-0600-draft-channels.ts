import { sql, type Kysely } from 'kysely'

// A draft remembers the channels chosen for it (issue 38, ADR 0045): the post it becomes goes to them.
// Empty: each network of the draft goes to its brand's default channel (or the page chosen in page_ids).
export async function up(db: Kysely<any>) {
	await sql.raw(`alter table drafts add column if not exists channel_ids uuid[] not null default '{}';`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`alter table drafts drop column if exists channel_ids;`).execute(db)
}
