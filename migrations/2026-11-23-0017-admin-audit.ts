import { sql, type Kysely } from 'kysely'

// Every change an administrator makes (credits granted, plan or role changed, codes, reports, ...),
// with the acting admin, kept when either side's account is deleted.
export async function up(db: Kysely<any>) {
	await sql.raw(`
create table admin_audit_log (
  id uuid primary key default gen_random_uuid(),
  admin_id uuid references users(id) on delete set null,
  admin_email text not null default '' check (length(admin_email) <= 320),
  action text not null check (action ~ '^[a-z][a-z0-9_.]{0,99}$'),
  target_type text not null default '' check (length(target_type) <= 100),
  target_id text check (length(target_id) <= 200),
  details jsonb not null default '{}'::jsonb check (jsonb_typeof(details) = 'object'),
  created_at timestamptz not null default now()
);
create index admin_audit_log_created_idx on admin_audit_log (created_at desc);
create index admin_audit_log_admin_idx on admin_audit_log (admin_id) where admin_id is not null;
create index admin_audit_log_target_idx on admin_audit_log (target_type, target_id);
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`drop table if exists admin_audit_log;`).execute(db)
}
