import { sql, type Kysely } from 'kysely'

// Issue 39 item 7 (ADR 0067): where a post's or draft's texts came from when a generation wrote them
// (the creator's input kind: idea, URL, article, document, recording, image), so that the AI label's
// 'auto' covers every generated text and not only the creator's idea (`ai_prompt`). Null: written by
// hand (or stored before this column; `ai_prompt` still counts for those).
export async function up(db: Kysely<any>) {
	await sql.raw(`
alter table posts add column text_origin text check (length(text_origin) between 1 and 50);
alter table drafts add column text_origin text check (length(text_origin) between 1 and 50);
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
alter table drafts drop column if exists text_origin;
alter table posts drop column if exists text_origin;
`).execute(db)
}
