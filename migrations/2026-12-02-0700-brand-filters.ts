import { sql, type Kysely } from 'kysely'

// Dashboard, 'Meine Posts' and the calendar follow the chosen brand (issue 38, ADR 0047): their lists of
// one brand read these indexes as the user's lists read the (user_id, ...) ones. They start with
// brand_id, so the single-column brand indexes of the foundation (the foreign key's) are redundant.
export async function up(db: Kysely<any>) {
	await sql
		.raw(
			`
create index posts_brand_status_scheduled_idx on posts (brand_id, status, scheduled_at);
create index posts_brand_status_published_idx on posts (brand_id, status, published_at);
create index posts_brand_updated_idx on posts (brand_id, updated_at desc);
create index drafts_brand_updated_idx on drafts (brand_id, updated_at desc);
drop index if exists posts_brand_idx;
drop index if exists drafts_brand_idx;
`,
		)
		.execute(db)
}

export async function down(db: Kysely<any>) {
	await sql
		.raw(
			`
create index if not exists posts_brand_idx on posts (brand_id);
create index if not exists drafts_brand_idx on drafts (brand_id);
drop index posts_brand_status_scheduled_idx;
drop index posts_brand_status_published_idx;
drop index posts_brand_updated_idx;
drop index drafts_brand_updated_idx;
`,
		)
		.execute(db)
}
