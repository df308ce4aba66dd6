import { sql, type Kysely } from 'kysely'

// Issue 21, outgoing webhooks (Standard Webhooks): a user's endpoints (secret sealed with the
// app's secret box), one message per event and endpoint (its body kept byte for byte, so every
// retry and replay signs the same payload under the same webhook-id) and each attempt for the log.
export async function up(db: Kysely<any>) {
	await sql
		.raw(
			`create table webhook_endpoints (
				id uuid primary key default gen_random_uuid(),
				user_id uuid not null references users(id) on delete cascade,
				url text not null check (char_length(url) between 1 and 2000),
				description text not null default '' check (char_length(description) <= 200),
				events text[] not null check (cardinality(events) > 0),
				secret_sealed text not null,
				enabled boolean not null default true,
				disabled_reason text check (disabled_reason in ('user', 'failures')),
				failing_since timestamptz,
				failed_messages integer not null default 0,
				created_at timestamptz not null default now(),
				updated_at timestamptz not null default now()
			);
			create index webhook_endpoints_user_idx on webhook_endpoints (user_id, created_at);
			create table webhook_messages (
				id text primary key,
				endpoint_id uuid not null references webhook_endpoints(id) on delete cascade,
				user_id uuid not null references users(id) on delete cascade,
				event_type text not null,
				body text not null,
				state text not null default 'pending' check (state in ('pending', 'delivered', 'failed')),
				attempts integer not null default 0,
				created_at timestamptz not null default now()
			);
			create index webhook_messages_endpoint_idx on webhook_messages (endpoint_id, created_at desc);
			create index webhook_messages_created_idx on webhook_messages (created_at);
			create table webhook_attempts (
				id bigint generated always as identity primary key,
				message_id text not null references webhook_messages(id) on delete cascade,
				endpoint_id uuid not null references webhook_endpoints(id) on delete cascade,
				attempt integer not null,
				manual boolean not null default false,
				status_code integer,
				error text,
				duration_ms integer not null,
				created_at timestamptz not null default now()
			);
			create index webhook_attempts_endpoint_idx on webhook_attempts (endpoint_id, created_at desc);
			create index webhook_attempts_message_idx on webhook_attempts (message_id);`,
		)
		.execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`drop table if exists webhook_attempts; drop table if exists webhook_messages; drop table if exists webhook_endpoints;`).execute(db)
}
