import { sql, type Kysely } from 'kysely'

// Every run of a toolbox automation, one row per unit of work. run_key makes a run idempotent:
// a job that runs twice (retry, double trigger, two workers) finds its key taken and does nothing.
export async function up(db: Kysely<any>) {
	await sql.raw(`
create table tool_runs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  tool_name text not null check (tool_name in ('birthdayWishes', 'autoRepost', 'autoReply', 'eventPlanning', 'hashtagOptimizer')),
  run_key text not null check (length(run_key) between 1 and 300),
  status text not null default 'success' check (status in ('success', 'skipped', 'error')),
  items integer not null default 0 check (items >= 0),
  minutes_saved integer not null default 0 check (minutes_saved >= 0),
  summary text not null default '' check (length(summary) <= 2000),
  metadata jsonb not null default '{}'::jsonb check (jsonb_typeof(metadata) = 'object'),
  created_at timestamptz not null default now(),
  unique (user_id, tool_name, run_key)
);
create index tool_runs_user_created_idx on tool_runs (user_id, created_at desc);
create index toolbox_settings_enabled_idx on toolbox_settings (tool_name, user_id) where is_enabled;
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
drop index if exists toolbox_settings_enabled_idx;
drop table if exists tool_runs;
`).execute(db)
}
