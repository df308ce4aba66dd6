import { type Kysely, sql } from 'kysely'

// Accounts, sessions, roles, e-mail tokens, rate limits, the credit ledger and agent presets.
export async function up(db: Kysely<any>) {
	await sql.raw(`
create extension if not exists pgcrypto;

create function set_updated_at() returns trigger language plpgsql as $$
begin new.updated_at = now(); return new; end $$;

create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email = lower(email) and length(email) between 3 and 254),
  password_hash text,
  email_verified_at timestamptz,
  time_zone text not null default 'Europe/Zurich',
  disabled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (email);
create trigger users_updated_at before update on users for each row execute function set_updated_at();

create table user_identities (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  provider text not null check (provider in ('google')),
  subject text not null,
  email text,
  created_at timestamptz not null default now(),
  unique (provider, subject)
);
create index user_identities_user_id_idx on user_identities (user_id);

create table profiles (
  id uuid primary key references users(id) on delete cascade,
  email text not null,
  full_name text not null default '' check (length(full_name) <= 200),
  subscription_type text not null default 'free' check (subscription_type in ('free', 'basic', 'pro')),
  subscription_tier text check (subscription_tier in ('free', 'basic', 'pro', 'premium')),
  plan text check (plan in ('free', 'basic', 'pro', 'premium')),
  credits_remaining integer not null default 0 check (credits_remaining >= 0),
  credits_total integer not null default 0 check (credits_total >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index profiles_created_at_idx on profiles (created_at desc);
create trigger profiles_updated_at before update on profiles for each row execute function set_updated_at();

create table user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  role text not null check (role in ('admin', 'user')),
  created_at timestamptz not null default now(),
  unique (user_id, role)
);

-- The cookie carries a random token; the row stores only its SHA-256, so a leaked table cannot be replayed.
create table sessions (
  id text primary key,
  user_id uuid not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ip text,
  user_agent text
);
create index sessions_user_id_idx on sessions (user_id);
create index sessions_expires_at_idx on sessions (expires_at);

create table email_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  purpose text not null check (purpose in ('confirm_email', 'reset_password')),
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index email_tokens_user_purpose_idx on email_tokens (user_id, purpose);

create table rate_limits (
  key text primary key,
  hits integer not null default 0,
  window_start timestamptz not null default now()
);

create table credit_transactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  credits_amount integer not null check (credits_amount <> 0),
  price_chf numeric(10, 2) not null default 0 check (price_chf >= 0),
  transaction_type text not null check (length(transaction_type) between 1 and 200),
  reference text,
  balance_after integer not null check (balance_after >= 0),
  created_at timestamptz not null default now()
);
create index credit_transactions_user_created_idx on credit_transactions (user_id, created_at desc);
-- One ledger row per external reference (a checkout session, a generation, a signup grant).
create unique index credit_transactions_reference_key on credit_transactions (user_id, transaction_type, reference) where reference is not null;

create table agent_configurations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  avatar text not null default 'bot' check (avatar in ('bot', 'user', 'brain', 'sparkles', 'target', 'building', 'briefcase', 'shield', 'heart', 'lightbulb', 'crown', 'star', 'diamond', 'flame', 'coffee', 'rocket', 'globe', 'zap', 'music')),
  personality text not null default 'professional' check (personality in ('professional', 'friendly', 'creative', 'authoritative', 'casual', 'expert', 'enthusiastic', 'empathetic', 'innovative', 'trustworthy', 'inspiring')),
  description text not null default '' check (length(description) <= 2000),
  target_audience text not null default 'entrepreneurs' check (length(target_audience) <= 1000),
  tone text not null default 'professional' check (tone in ('professional', 'conversational', 'friendly', 'authoritative', 'inspiring', 'casual', 'formal', 'educational', 'motivational', 'humorous')),
  industry text check (industry in ('technology', 'marketing', 'finance', 'healthcare', 'education', 'retail', 'consulting', 'real-estate', 'hospitality', 'other')),
  formality smallint not null default 50 check (formality between 0 and 100),
  creativity smallint not null default 70 check (creativity between 0 and 100),
  humor smallint not null default 30 check (humor between 0 and 100),
  empathy smallint not null default 60 check (empathy between 0 and 100),
  enthusiasm smallint not null default 60 check (enthusiasm between 0 and 100),
  brand_name text not null default '' check (length(brand_name) <= 200),
  brand_colors jsonb not null default '[]'::jsonb check (jsonb_typeof(brand_colors) = 'array'),
  logo_url text,
  use_branding boolean not null default false,
  accent_color text not null default '#6366f1' check (accent_color ~ '^#[0-9a-fA-F]{6}$'),
  voice_identity text not null default '' check (length(voice_identity) <= 5000),
  writing_style text not null default '' check (length(writing_style) <= 5000),
  training_texts jsonb not null default '[]'::jsonb check (jsonb_typeof(training_texts) = 'array'),
  post_urls jsonb not null default '[]'::jsonb check (jsonb_typeof(post_urls) = 'array'),
  specialties jsonb not null default '[]'::jsonb check (jsonb_typeof(specialties) = 'array'),
  knowledge_base text not null default '' check (length(knowledge_base) <= 50000),
  language_model text not null default 'gpt-5-2025-08-07',
  image_model text not null default 'flux-1.1-pro',
  video_model text not null default 'seedance-1-pro',
  -- Three slots (0, 1, 2) per user, unique: the database itself allows at most 3 presets.
  agent_order smallint not null default 0 check (agent_order between 0 and 2),
  is_default boolean not null default false,
  onboarding_draft_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, agent_order),
  unique (user_id, onboarding_draft_id)
);
create unique index agent_configurations_one_default on agent_configurations (user_id) where is_default;
create trigger agent_configurations_updated_at before update on agent_configurations for each row execute function set_updated_at();
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
drop table if exists agent_configurations, credit_transactions, rate_limits, email_tokens, sessions, user_roles, profiles, user_identities, users;
drop function if exists set_updated_at();
`).execute(db)
}
