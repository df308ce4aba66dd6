import { sql, type Kysely } from 'kysely'

// Issue 39 item 6 (ADR 0060): 'Alt-Text für Bilder verlangen' beside the user's other preferences
// (off by default: a missing alt text stays a warning), and the German alt text a generated image was
// made with, kept with its upload so that the post_media row made from the image carries it.
export async function up(db: Kysely<any>) {
	await sql.raw(`
alter table users add column require_alt_text boolean not null default false;
alter table uploads add column alt_text text check (length(alt_text) <= 5000);
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
alter table uploads drop column if exists alt_text;
alter table users drop column if exists require_alt_text;
`).execute(db)
}
