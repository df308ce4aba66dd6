import { sql, type Kysely } from 'kysely'

// Billing: the subscriptions behind a paid plan (one live subscription per user; the period it
// covers decides the monthly allowance), why a payment was not fulfilled, and the enterprise
// contact requests of the pricing page.
export async function up(db: Kysely<any>) {
	await sql.raw(`
create table subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  plan_id text not null references plans(id),
  provider text not null check (provider ~ '^[a-z0-9][a-z0-9_-]{0,49}$'),
  provider_subscription_id text not null check (length(provider_subscription_id) between 1 and 500),
  provider_customer_id text check (length(provider_customer_id) <= 500),
  status text not null default 'active' check (status in ('active', 'past_due', 'canceled')),
  cancel_at_period_end boolean not null default false,
  current_period_start timestamptz not null,
  current_period_end timestamptz not null,
  canceled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider, provider_subscription_id),
  constraint subscriptions_period check (current_period_end > current_period_start)
);
-- At most one live subscription per user.
create unique index subscriptions_user_live_key on subscriptions (user_id) where status <> 'canceled';
create index subscriptions_due_idx on subscriptions (current_period_end) where status <> 'canceled';
create trigger subscriptions_updated_at before update on subscriptions for each row execute function set_updated_at();

alter table payments add column failure_reason text check (length(failure_reason) <= 200);
create index payments_subscription_idx on payments (provider, provider_subscription_id) where provider_subscription_id is not null;

create table enterprise_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users(id) on delete set null,
  name text not null check (length(name) between 1 and 200),
  email text not null check (length(email) between 3 and 320),
  company text not null default '' check (length(company) <= 200),
  message text not null default '' check (length(message) <= 5000),
  created_at timestamptz not null default now()
);
create index enterprise_requests_created_idx on enterprise_requests (created_at desc);
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
drop table if exists enterprise_requests;
drop index if exists payments_subscription_idx;
alter table payments drop column if exists failure_reason;
drop table if exists subscriptions;
`).execute(db)
}
