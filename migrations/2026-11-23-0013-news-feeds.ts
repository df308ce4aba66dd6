import { sql, type Kysely } from 'kysely'

// The news feed's sources per user (null: the default list of modules/news/feeds.ts) and one news
// item per user and URL (a refresh updates instead of duplicating; null URLs stay distinct).
export async function up(db: Kysely<any>) {
	await sql.raw(`
alter table content_settings add column news_feeds text[] check (news_feeds is null or cardinality(news_feeds) <= 20);
delete from news_items a using news_items b where a.url is not null and a.url = b.url and a.user_id = b.user_id and a.created_at < b.created_at;
create unique index news_items_user_url_key on news_items (user_id, url);
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
drop index if exists news_items_user_url_key;
alter table content_settings drop column if exists news_feeds;
`).execute(db)
}
