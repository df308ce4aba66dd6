import { sql, type Kysely } from 'kysely'

// The admin index counts across all users: new sign-ups, deliveries that need a person, published posts per day.
export async function up(db: Kysely<any>) {
	await sql.raw(`
create index users_created_idx on users (created_at);
create index post_deliveries_problem_idx on post_deliveries (status) where status in ('failed', 'unconfirmed');
create index posts_published_at_idx on posts (published_at) where status = 'published';
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
drop index if exists users_created_idx;
drop index if exists post_deliveries_problem_idx;
drop index if exists posts_published_at_idx;
`).execute(db)
}
