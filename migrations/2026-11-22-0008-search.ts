import { sql, type Kysely } from 'kysely'

// Full-text search (the header's search box, /suche) over the user's posts, drafts, content ideas
// and news items with the 'german' configuration (stemming: 'Firma' finds 'Firmen'). Expression
// GIN indexes, no stored columns: the queries (modules/content/search.server.ts,
// modules/news/search.server.ts) use exactly these expressions, always together with user_id.
export async function up(db: Kysely<any>) {
	await sql.raw(`
create index posts_search_idx on posts using gin (to_tsvector('german', title || ' ' || content));
create index drafts_search_idx on drafts using gin (to_tsvector('german', title || ' ' || content));
create index content_ideas_search_idx on content_ideas using gin (to_tsvector('german', title || ' ' || description));
create index news_items_search_idx on news_items using gin (to_tsvector('german', title || ' ' || content));
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
drop index if exists news_items_search_idx;
drop index if exists content_ideas_search_idx;
drop index if exists drafts_search_idx;
drop index if exists posts_search_idx;
`).execute(db)
}
