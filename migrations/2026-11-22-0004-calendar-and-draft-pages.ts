import { type Kysely, sql } from 'kysely'

// The calendar lists a user's published posts by publication time; drafts remember the page
// chosen per platform in the draft editor (platform -> connected_pages.id).
export async function up(db: Kysely<any>) {
	await sql.raw(`
create index posts_user_status_published_idx on posts (user_id, status, published_at);
alter table drafts add column page_ids jsonb not null default '{}'::jsonb check (jsonb_typeof(page_ids) = 'object');
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
drop index if exists posts_user_status_published_idx;
alter table drafts drop column if exists page_ids;
`).execute(db)
}
