import { type Kysely, sql } from 'kysely'

// Publishing: the delivery state machine (claimed before any network call, checkpointed, reconciled),
// OAuth connect state, sandbox accounts and the worker heartbeat.
export async function up(db: Kysely<any>) {
	await sql.raw(`
alter table post_deliveries drop constraint post_deliveries_status_check;
alter table post_deliveries add constraint post_deliveries_status_check
  check (status in ('pending', 'scheduled', 'publishing', 'published', 'unconfirmed', 'failed', 'cancelled'));
alter table post_deliveries
  add column attempt_id uuid,
  add column attempt_started_at timestamptz,
  -- Set right before the request that creates the post leaves: after a crash, a delivery without it
  -- never reached the network and may be sent; one with it is reconciled, never resent blindly.
  add column request_sent_at timestamptz,
  add column checkpoint jsonb not null default '{}'::jsonb check (jsonb_typeof(checkpoint) = 'object'),
  add column retry_at timestamptz;
drop index if exists post_deliveries_due_idx;
create index post_deliveries_due_idx on post_deliveries (scheduled_at) where status = 'scheduled';
create index post_deliveries_publishing_idx on post_deliveries (attempt_started_at) where status = 'publishing';
create index post_deliveries_post_idx on post_deliveries (post_id);

alter table social_tokens
  add column sandbox boolean not null default false,
  add column last_refreshed_at timestamptz,
  add column reconnect_reason text check (length(reconnect_reason) <= 1000);

create table oauth_states (
  state_hash text primary key,
  user_id uuid not null references users(id) on delete cascade,
  platform text not null check (platform in ('linkedin', 'instagram', 'threads', 'facebook')),
  code_verifier_encrypted text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index oauth_states_user_idx on oauth_states (user_id);

create table worker_heartbeats (
  worker_id text primary key check (length(worker_id) <= 200),
  started_at timestamptz not null default now(),
  beat_at timestamptz not null default now()
);
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
drop table if exists worker_heartbeats, oauth_states;
alter table social_tokens drop column if exists sandbox, drop column if exists last_refreshed_at, drop column if exists reconnect_reason;
drop index if exists post_deliveries_publishing_idx;
drop index if exists post_deliveries_post_idx;
alter table post_deliveries drop column if exists attempt_id, drop column if exists attempt_started_at, drop column if exists request_sent_at,
  drop column if exists checkpoint, drop column if exists retry_at;
alter table post_deliveries drop constraint post_deliveries_status_check;
alter table post_deliveries add constraint post_deliveries_status_check check (status in ('pending', 'publishing', 'published', 'failed', 'cancelled'));
`).execute(db)
}
