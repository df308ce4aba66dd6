import { type Kysely, sql } from 'kysely'

// Content, publishing, news, generation log, activity, toolbox, model catalogue, admin and billing.
export async function up(db: Kysely<any>) {
	await sql.raw(`
-- Content --------------------------------------------------------------------

create table posts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  title text not null default '' check (length(title) <= 300),
  -- Plain text, or a JSON string {base, platforms: {platform: text}}; Facebook alone allows 63206 characters.
  content text not null default '' check (length(content) <= 200000),
  platform text not null check (platform in ('linkedin', 'instagram', 'threads', 'facebook', 'multiple')),
  status text not null default 'draft' check (status in ('draft', 'scheduled', 'published', 'review')),
  scheduled_at timestamptz,
  time_zone text not null default 'Europe/Zurich' check (length(time_zone) between 1 and 64),
  published_at timestamptz,
  image_url text check (length(image_url) <= 2048),
  post_type text not null default 'ai-generated' check (length(post_type) between 1 and 50),
  ai_prompt text check (length(ai_prompt) <= 10000),
  engagement_views integer not null default 0 check (engagement_views >= 0),
  engagement_likes integer not null default 0 check (engagement_likes >= 0),
  engagement_shares integer not null default 0 check (engagement_shares >= 0),
  engagement_comments integer not null default 0 check (engagement_comments >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint posts_scheduled_has_time check (status <> 'scheduled' or scheduled_at is not null),
  constraint posts_published_has_time check (status <> 'published' or published_at is not null),
  -- Target of the deliveries' composite key: a delivery can never point at another user's post.
  unique (id, user_id)
);
create index posts_user_created_idx on posts (user_id, created_at desc);
create index posts_user_updated_idx on posts (user_id, updated_at desc);
create index posts_user_status_scheduled_idx on posts (user_id, status, scheduled_at);
create trigger posts_updated_at before update on posts for each row execute function set_updated_at();

create table drafts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  title text not null default '' check (length(title) <= 300),
  content text not null default '' check (length(content) <= 200000),
  platforms text[] not null default '{}' check (platforms <@ array['linkedin', 'instagram', 'threads', 'facebook']::text[]),
  images jsonb not null default '{}'::jsonb check (jsonb_typeof(images) = 'object'),
  post_type text not null default 'ai-generated' check (length(post_type) between 1 and 50),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index drafts_user_created_idx on drafts (user_id, created_at desc);
create index drafts_user_updated_idx on drafts (user_id, updated_at desc);
create trigger drafts_updated_at before update on drafts for each row execute function set_updated_at();

-- Publishing -----------------------------------------------------------------

create table social_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  platform text not null check (platform in ('linkedin', 'instagram', 'threads', 'facebook')),
  account_id text not null check (length(account_id) between 1 and 200),
  account_name text not null default '' check (length(account_name) <= 300),
  -- Sealed with the APP_SECRET-derived key (modules/core/crypto.server.ts), never plain.
  access_token_encrypted text not null,
  refresh_token_encrypted text,
  expires_at timestamptz,
  refresh_expires_at timestamptz,
  scopes text[] not null default '{}',
  follower_count integer not null default 0 check (follower_count >= 0),
  engagement_rate numeric(6, 2) not null default 0 check (engagement_rate >= 0),
  status text not null default 'active' check (status in ('active', 'reconnect_required', 'revoked')),
  last_synced_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, platform, account_id)
);
create index social_tokens_refresh_idx on social_tokens (expires_at) where status = 'active';
create trigger social_tokens_updated_at before update on social_tokens for each row execute function set_updated_at();

create table connected_pages (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  social_token_id uuid references social_tokens(id) on delete cascade,
  platform text not null check (platform in ('linkedin', 'instagram', 'threads', 'facebook')),
  page_id text not null check (length(page_id) between 1 and 200),
  page_name text not null default '' check (length(page_name) <= 300),
  real_name text check (length(real_name) <= 300),
  page_type text not null default 'personal' check (page_type in ('personal', 'business')),
  follower_count integer not null default 0 check (follower_count >= 0),
  is_default boolean not null default false,
  profile_picture_url text check (length(profile_picture_url) <= 2048),
  -- Page tokens (Facebook pages, Instagram business accounts) differ from the user token.
  access_token_encrypted text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Also serves the list query by (user_id, platform).
  unique (user_id, platform, page_id)
);
create unique index connected_pages_one_default on connected_pages (user_id, platform) where is_default;
create index connected_pages_social_token_idx on connected_pages (social_token_id);
create trigger connected_pages_updated_at before update on connected_pages for each row execute function set_updated_at();

-- One row per post and target platform: the unit a publish job works on, retries and reports.
create table post_deliveries (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null,
  user_id uuid not null references users(id) on delete cascade,
  platform text not null check (platform in ('linkedin', 'instagram', 'threads', 'facebook')),
  connected_page_id uuid references connected_pages(id) on delete set null,
  status text not null default 'pending' check (status in ('pending', 'publishing', 'published', 'failed', 'cancelled')),
  attempts integer not null default 0 check (attempts >= 0),
  external_id text check (length(external_id) <= 500),
  external_url text check (length(external_url) <= 2048),
  error_code text check (length(error_code) <= 100),
  error_message text check (length(error_message) <= 5000),
  scheduled_at timestamptz,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (post_id, user_id) references posts (id, user_id) on delete cascade,
  constraint post_deliveries_published_has_time check (status <> 'published' or published_at is not null),
  unique (post_id, platform)
);
create index post_deliveries_user_created_idx on post_deliveries (user_id, created_at desc);
create index post_deliveries_due_idx on post_deliveries (scheduled_at) where status = 'pending';
create index post_deliveries_page_idx on post_deliveries (connected_page_id);
create trigger post_deliveries_updated_at before update on post_deliveries for each row execute function set_updated_at();

-- News and ideas -------------------------------------------------------------

create table news_items (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  title text not null check (length(title) between 1 and 500),
  content text not null default '' check (length(content) <= 20000),
  source text not null default '' check (length(source) <= 500),
  url text check (length(url) <= 2048),
  published_date date,
  keywords text[] not null default '{}',
  trending boolean not null default false,
  created_at timestamptz not null default now()
);
create index news_items_user_created_idx on news_items (user_id, created_at desc);

create table content_ideas (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  title text not null check (length(title) between 1 and 500),
  description text not null default '' check (length(description) <= 10000),
  source text not null default '' check (length(source) <= 500),
  published_date date,
  trending boolean not null default false,
  platform text[] not null default '{linkedin}' check (platform <@ array['linkedin', 'instagram', 'threads', 'facebook']::text[]),
  keyword text check (length(keyword) <= 200),
  content_type text check (length(content_type) <= 100),
  created_at timestamptz not null default now()
);
create index content_ideas_user_created_idx on content_ideas (user_id, created_at desc);

create table user_news_generation_log (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  last_generated_date date not null,
  created_at timestamptz not null default now(),
  unique (user_id, last_generated_date)
);

create table content_settings (
  user_id uuid primary key references users(id) on delete cascade,
  niche text not null default '' check (length(niche) <= 500),
  target_audience text not null default '' check (length(target_audience) <= 1000),
  keywords text[] not null default '{}' check (cardinality(keywords) <= 100),
  news_keywords text[] not null default '{}' check (cardinality(news_keywords) <= 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger content_settings_updated_at before update on content_settings for each row execute function set_updated_at();

-- Generation log -------------------------------------------------------------

create table generations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  kind text not null check (kind in ('content', 'text', 'image', 'image_regeneration', 'video', 'content_ideas', 'daily_news')),
  status text not null default 'pending' check (status in ('pending', 'running', 'succeeded', 'failed')),
  source_type text check (length(source_type) <= 50),
  agent_configuration_id uuid references agent_configurations(id) on delete set null,
  language_model text check (length(language_model) <= 200),
  image_model text check (length(image_model) <= 200),
  video_model text check (length(video_model) <= 200),
  platforms text[] not null default '{}' check (platforms <@ array['linkedin', 'instagram', 'threads', 'facebook']::text[]),
  cost_credits integer not null default 0 check (cost_credits >= 0),
  input_summary text not null default '' check (length(input_summary) <= 2000),
  result jsonb check (jsonb_typeof(result) = 'object'),
  error_code text check (length(error_code) <= 100),
  error_message text check (length(error_message) <= 5000),
  -- A retried request (double submit, job retry) finds its earlier generation instead of charging twice.
  idempotency_key text check (length(idempotency_key) between 1 and 200),
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index generations_idempotency_key on generations (user_id, idempotency_key) where idempotency_key is not null;
create index generations_user_created_idx on generations (user_id, created_at desc);
create index generations_agent_idx on generations (agent_configuration_id) where agent_configuration_id is not null;
create trigger generations_updated_at before update on generations for each row execute function set_updated_at();

-- Activity -------------------------------------------------------------------

create table activity_logs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  log_type text not null check (log_type in ('post_creation', 'post_publication', 'post_scheduling', 'image_generation', 'model_test', 'content_generation', 'agent_usage', 'social_connection', 'authentication', 'automation', 'error', 'post', 'other')),
  title text not null check (length(title) between 1 and 500),
  description text not null default '' check (length(description) <= 10000),
  status text not null default 'info' check (status in ('success', 'error', 'warning', 'info')),
  metadata jsonb not null default '{}'::jsonb check (jsonb_typeof(metadata) = 'object'),
  created_at timestamptz not null default now()
);
create index activity_logs_user_created_idx on activity_logs (user_id, created_at desc);

create table error_reports (
  id uuid primary key default gen_random_uuid(),
  error_message text not null check (length(error_message) between 1 and 10000),
  error_stack text check (length(error_stack) <= 50000),
  user_id uuid references users(id) on delete set null,
  user_email text check (length(user_email) <= 254),
  url text check (length(url) <= 2048),
  user_agent text check (length(user_agent) <= 1000),
  additional_info jsonb not null default '{}'::jsonb check (jsonb_typeof(additional_info) = 'object'),
  status text not null default 'new' check (status in ('new', 'investigating', 'resolved')),
  admin_notes text not null default '' check (length(admin_notes) <= 10000),
  resolved_at timestamptz,
  resolved_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- resolved_by may later vanish with the admin's account; resolved_at stays.
  constraint error_reports_resolved_at check ((status = 'resolved') = (resolved_at is not null))
);
create index error_reports_status_created_idx on error_reports (status, created_at desc);
create index error_reports_created_idx on error_reports (created_at desc);
create index error_reports_user_idx on error_reports (user_id) where user_id is not null;
create index error_reports_resolved_by_idx on error_reports (resolved_by) where resolved_by is not null;
create trigger error_reports_updated_at before update on error_reports for each row execute function set_updated_at();

-- Toolbox --------------------------------------------------------------------

create table admin_toolbox_configs (
  id uuid primary key default gen_random_uuid(),
  tool_name text not null unique check (tool_name ~ '^[A-Za-z][A-Za-z0-9_]{0,63}$'),
  display_name text not null check (length(display_name) between 1 and 200),
  description text not null default '' check (length(description) <= 2000),
  icon text not null default 'wrench' check (length(icon) between 1 and 64),
  category text not null default 'general' check (category in ('engagement', 'content', 'planung', 'optimierung', 'general')),
  features text[] not null default '{}' check (cardinality(features) <= 20),
  config_schema jsonb not null default '{}'::jsonb check (jsonb_typeof(config_schema) = 'object'),
  default_settings jsonb not null default '{}'::jsonb check (jsonb_typeof(default_settings) = 'object'),
  is_available boolean not null default true,
  is_pro boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index admin_toolbox_configs_created_idx on admin_toolbox_configs (created_at desc);
create trigger admin_toolbox_configs_updated_at before update on admin_toolbox_configs for each row execute function set_updated_at();

create table toolbox_settings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  tool_name text not null check (tool_name in ('birthdayWishes', 'autoRepost', 'autoReply', 'eventPlanning', 'hashtagOptimizer')),
  is_enabled boolean not null default false,
  is_favorite boolean not null default false,
  settings jsonb not null default '{}'::jsonb check (jsonb_typeof(settings) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, tool_name)
);
create trigger toolbox_settings_updated_at before update on toolbox_settings for each row execute function set_updated_at();

-- Model catalogue ------------------------------------------------------------

create table ai_models (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 200),
  model_id text not null unique check (length(model_id) between 1 and 200),
  category text not null check (category in ('language', 'image', 'video')),
  description text not null default '' check (length(description) <= 5000),
  -- Not an enumeration: a new AI adapter folder must not need a migration.
  provider text not null check (provider ~ '^[a-z0-9][a-z0-9_-]{0,49}$'),
  credits_cost integer not null default 2 check (credits_cost >= 1),
  recommendation_level smallint not null default 0 check (recommendation_level between 0 and 3),
  preview_image_url text check (length(preview_image_url) <= 2048),
  features text[] not null default '{}' check (cardinality(features) <= 30),
  api_endpoint text check (length(api_endpoint) <= 2048),
  api_parameters jsonb not null default '{}'::jsonb check (jsonb_typeof(api_parameters) = 'object'),
  is_active boolean not null default true,
  supported_formats text[] not null default '{}' check (supported_formats <@ array['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '4:5', '5:4', '21:9', '9:21']::text[]),
  aspect_ratios text[] not null default '{}' check (aspect_ratios <@ array['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '4:5', '5:4', '21:9', '9:21']::text[]),
  supported_resolutions text[] not null default '{}' check (supported_resolutions <@ array['480p', '720p', '1080p', '1440p', '2160p', '4K']::text[]),
  fixed_durations integer[] not null default '{}' check (0 < all(fixed_durations) and array_position(fixed_durations, null) is null),
  video_duration_min integer check (video_duration_min >= 1),
  video_duration_max integer check (video_duration_max >= 1),
  -- Credits per second of video, by resolution, e.g. {"720p": 1.5, "1080p": 3}.
  resolution_credits jsonb not null default '{}'::jsonb check (jsonb_typeof(resolution_credits) = 'object'),
  supports_audio boolean not null default false,
  reference_image_required boolean not null default false,
  -- Kept in step with user_model_likes by the triggers below, so the gallery sorts without counting.
  like_count integer not null default 0 check (like_count >= 0),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint ai_models_duration_range check (video_duration_min is null or video_duration_max is null or video_duration_min <= video_duration_max)
);
create index ai_models_category_active_idx on ai_models (category, is_active);
create index ai_models_name_idx on ai_models (name);
create trigger ai_models_updated_at before update on ai_models for each row execute function set_updated_at();

create table user_model_likes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  model_id uuid not null references ai_models(id) on delete cascade,
  created_at timestamptz not null default now(),
  unique (user_id, model_id)
);
create index user_model_likes_model_idx on user_model_likes (model_id);

create function ai_models_count_likes() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update ai_models set like_count = like_count + 1 where id = new.model_id;
  else
    update ai_models set like_count = greatest(like_count - 1, 0) where id = old.model_id;
  end if;
  return null;
end $$;
create trigger user_model_likes_count after insert or delete on user_model_likes for each row execute function ai_models_count_likes();

create table user_model_favorites (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  model_id uuid not null references ai_models(id) on delete cascade,
  created_at timestamptz not null default now(),
  unique (user_id, model_id)
);
create index user_model_favorites_model_idx on user_model_favorites (model_id);

create table model_tests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  -- ai_model_id may be cleared when an admin deletes the model; model_id keeps the name of what ran.
  ai_model_id uuid references ai_models(id) on delete set null,
  model_id text not null check (length(model_id) between 1 and 200),
  category text not null check (category in ('language', 'image', 'video')),
  prompt text not null check (length(prompt) between 1 and 10000),
  agent_configuration_id uuid references agent_configurations(id) on delete set null,
  video_settings jsonb check (jsonb_typeof(video_settings) = 'object'),
  result jsonb check (jsonb_typeof(result) = 'object'),
  credits_cost integer not null default 0 check (credits_cost >= 0),
  status text not null default 'pending' check (status in ('pending', 'running', 'succeeded', 'failed')),
  error_message text check (length(error_message) <= 5000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index model_tests_user_created_idx on model_tests (user_id, created_at desc);
create index model_tests_ai_model_idx on model_tests (ai_model_id) where ai_model_id is not null;
create index model_tests_agent_idx on model_tests (agent_configuration_id) where agent_configuration_id is not null;
create trigger model_tests_updated_at before update on model_tests for each row execute function set_updated_at();

-- Admin ----------------------------------------------------------------------

create table admin_prompts (
  id uuid primary key default gen_random_uuid(),
  name text not null default '' check (length(name) <= 200),
  category text not null check (category in ('content_generation', 'platform_generation', 'enhanced_generation', 'image_generation', 'workflow')),
  prompt_text text not null default '' check (length(prompt_text) <= 50000),
  variables text[] not null default '{}' check (cardinality(variables) <= 100),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index admin_prompts_created_idx on admin_prompts (created_at desc);
create index admin_prompts_category_active_idx on admin_prompts (category, is_active);
create trigger admin_prompts_updated_at before update on admin_prompts for each row execute function set_updated_at();

create table workflows (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 200),
  description text not null default '' check (length(description) <= 5000),
  steps jsonb not null default '[]'::jsonb check (jsonb_typeof(steps) = 'array'),
  triggers jsonb not null default '[]'::jsonb check (jsonb_typeof(triggers) = 'array'),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index workflows_created_idx on workflows (created_at desc);
create trigger workflows_updated_at before update on workflows for each row execute function set_updated_at();

-- Billing --------------------------------------------------------------------

create table plans (
  id text primary key check (id in ('free', 'basic', 'pro')),
  name text not null check (length(name) between 1 and 100),
  price_chf numeric(10, 2) not null check (price_chf >= 0),
  credits_per_month integer not null check (credits_per_month >= 0),
  -- The free plan grants its credits once, the paid plans every month.
  credit_interval text not null default 'month' check (credit_interval in ('once', 'month')),
  stripe_price_id text check (length(stripe_price_id) <= 200),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger plans_updated_at before update on plans for each row execute function set_updated_at();

-- Text ids ('credits_500') stay the same in every environment, so forms and price mappings can name them.
create table credit_packs (
  id text primary key check (id ~ '^[a-z0-9_]{1,50}$'),
  credits integer not null check (credits >= 1),
  price_chf numeric(10, 2) not null check (price_chf >= 0),
  stripe_price_id text check (length(stripe_price_id) <= 200),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger credit_packs_updated_at before update on credit_packs for each row execute function set_updated_at();

create table discount_codes (
  id uuid primary key default gen_random_uuid(),
  code text not null unique check (code = upper(code) and code ~ '^[A-Z0-9_-]{1,50}$'),
  description text not null default '' check (length(description) <= 1000),
  discount_type text not null check (discount_type in ('percentage', 'fixed_amount')),
  discount_value numeric(10, 2) not null check (discount_value >= 0 and (discount_type <> 'percentage' or discount_value <= 100)),
  min_purchase_amount numeric(10, 2) not null default 0 check (min_purchase_amount >= 0),
  max_uses integer check (max_uses >= 1),
  max_credits integer check (max_credits >= 1),
  current_uses integer not null default 0 check (current_uses >= 0 and (max_uses is null or current_uses <= max_uses)),
  starts_at timestamptz not null default now(),
  expires_at timestamptz,
  is_active boolean not null default true,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint discount_codes_period check (expires_at is null or expires_at > starts_at)
);
create index discount_codes_created_idx on discount_codes (created_at desc);
create index discount_codes_created_by_idx on discount_codes (created_by) where created_by is not null;
create trigger discount_codes_updated_at before update on discount_codes for each row execute function set_updated_at();

create table payments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  kind text not null check (kind in ('subscription', 'credit_pack')),
  plan_id text references plans(id),
  credit_pack_id text references credit_packs(id),
  -- Snapshot of what was bought, so a later price or pack change does not rewrite history.
  credits integer not null default 0 check (credits >= 0),
  amount_chf numeric(10, 2) not null check (amount_chf >= 0),
  discount_amount_chf numeric(10, 2) not null default 0 check (discount_amount_chf >= 0),
  discount_code_id uuid references discount_codes(id) on delete set null,
  provider text not null check (provider ~ '^[a-z0-9][a-z0-9_-]{0,49}$'),
  provider_session_id text unique check (length(provider_session_id) <= 500),
  provider_subscription_id text check (length(provider_subscription_id) <= 500),
  status text not null default 'pending' check (status in ('pending', 'paid', 'failed', 'expired', 'refunded')),
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint payments_kind_target check (
    (kind = 'subscription' and plan_id is not null and credit_pack_id is null)
    or (kind = 'credit_pack' and credit_pack_id is not null and plan_id is null)
  ),
  constraint payments_paid_has_time check (status not in ('paid', 'refunded') or paid_at is not null)
);
create index payments_user_created_idx on payments (user_id, created_at desc);
create index payments_discount_code_idx on payments (discount_code_id) where discount_code_id is not null;
create trigger payments_updated_at before update on payments for each row execute function set_updated_at();

-- Webhook inbox: the unique key makes a redelivered event a no-op.
create table payment_events (
  id uuid primary key default gen_random_uuid(),
  provider text not null check (provider ~ '^[a-z0-9][a-z0-9_-]{0,49}$'),
  event_id text not null check (length(event_id) between 1 and 500),
  type text not null check (length(type) between 1 and 200),
  payload jsonb not null,
  processed_at timestamptz,
  created_at timestamptz not null default now(),
  unique (provider, event_id)
);

create table discount_redemptions (
  id uuid primary key default gen_random_uuid(),
  -- Set null, not cascade: an admin may delete a code without erasing who used it; code keeps the text.
  discount_code_id uuid references discount_codes(id) on delete set null,
  code text not null check (length(code) between 1 and 50),
  user_id uuid not null references users(id) on delete cascade,
  payment_id uuid not null unique references payments(id) on delete cascade,
  amount_chf numeric(10, 2) not null check (amount_chf >= 0),
  created_at timestamptz not null default now()
);
create index discount_redemptions_code_idx on discount_redemptions (discount_code_id, created_at desc);
create index discount_redemptions_user_idx on discount_redemptions (user_id, created_at desc);

-- Files ----------------------------------------------------------------------

create table uploads (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  kind text not null check (kind in ('brand_logo', 'post_image', 'reference_image', 'model_preview', 'document', 'audio', 'generated_image', 'generated_video')),
  storage_key text not null unique check (length(storage_key) between 1 and 1024),
  content_type text not null check (length(content_type) between 1 and 200),
  byte_size bigint not null check (byte_size >= 0),
  original_name text check (length(original_name) <= 255),
  created_at timestamptz not null default now()
);
create index uploads_user_created_idx on uploads (user_id, created_at desc);

-- Reference data (business constants from the pricing screen) ----------------

insert into plans (id, name, price_chf, credits_per_month, credit_interval, sort_order) values
  ('free', 'Kostenlos', 0, 50, 'once', 0),
  ('basic', 'Basic', 29.95, 350, 'month', 1),
  ('pro', 'Pro', 49.95, 600, 'month', 2);

insert into credit_packs (id, credits, price_chf, sort_order) values
  ('credits_200', 200, 19.95, 0),
  ('credits_500', 500, 49.95, 1),
  ('credits_1000', 1000, 99.95, 2),
  ('credits_2500', 2500, 239.95, 3),
  ('credits_5000', 5000, 449.95, 4);
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
drop table if exists uploads, discount_redemptions, payment_events, payments, discount_codes, credit_packs, plans,
  workflows, admin_prompts, model_tests, user_model_favorites, user_model_likes, ai_models,
  toolbox_settings, admin_toolbox_configs, error_reports, activity_logs, generations,
  content_settings, user_news_generation_log, content_ideas, news_items,
  post_deliveries, connected_pages, social_tokens, drafts, posts;
drop function if exists ai_models_count_likes();
`).execute(db)
}
