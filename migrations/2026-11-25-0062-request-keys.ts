import { sql, type Kysely } from 'kysely'

// Creating actions (drafts, posts, agents, feeds, contacts, admin creates) run once per request id
// from the browser: the first request's result is kept here, a retry with the same id gets it back
// (docs/decisions/0001-idempotent-writes.md).
export async function up(db: Kysely<any>) {
	await sql.raw(`
create table request_keys (
  user_id uuid not null references users(id) on delete cascade,
  request_id uuid not null,
  action text not null check (length(action) <= 100),
  fingerprint text not null check (length(fingerprint) <= 100),
  result jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, request_id)
);
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw('drop table if exists request_keys;').execute(db)
}
