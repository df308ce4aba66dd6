import { sql, type Kysely } from 'kysely'

// Issue 21, the open platform: personal API tokens (only a hash of the secret is kept), where a post
// came from (web, api, mcp, csv) and the activity log's 'api' entries.
export async function up(db: Kysely<any>) {
	await sql
		.raw(
			`create table api_tokens (
				id uuid primary key default gen_random_uuid(),
				user_id uuid not null references users(id) on delete cascade,
				name text not null check (char_length(name) between 1 and 100),
				token_hash text not null unique,
				token_hint text not null,
				scopes text[] not null check (scopes <@ array['read', 'posts', 'generate', 'webhooks']::text[] and cardinality(scopes) > 0),
				expires_at timestamptz,
				last_used_at timestamptz,
				revoked_at timestamptz,
				created_at timestamptz not null default now()
			);
			create index api_tokens_user_idx on api_tokens (user_id, created_at desc);
			alter table posts add column origin text not null default 'web' check (origin in ('web', 'api', 'mcp', 'csv'));
			alter table activity_logs drop constraint if exists activity_logs_log_type_check;
			alter table activity_logs add constraint activity_logs_log_type_check check (log_type in ('post_creation', 'post_publication', 'post_scheduling', 'image_generation', 'model_test', 'content_generation', 'agent_usage', 'social_connection', 'authentication', 'automation', 'error', 'api', 'post', 'other'));`,
		)
		.execute(db)
}

export async function down(db: Kysely<any>) {
	await sql
		.raw(
			`drop table if exists api_tokens;
			alter table posts drop column if exists origin;
			delete from activity_logs where log_type = 'api';
			alter table activity_logs drop constraint if exists activity_logs_log_type_check;
			alter table activity_logs add constraint activity_logs_log_type_check check (log_type in ('post_creation', 'post_publication', 'post_scheduling', 'image_generation', 'model_test', 'content_generation', 'agent_usage', 'social_connection', 'authentication', 'automation', 'error', 'post', 'other'));`,
		)
		.execute(db)
}
