import { sql, type Kysely } from 'kysely'

// Auto-reply: one row per answered comment (publishing owns it). The row is inserted as 'sending'
// and committed before the reply leaves, so a comment is answered at most once: unique
// (delivery_id, comment_id) stops a second run, and a row left 'sending' by a crash is reconciled
// (looked for on the network), never sent again.
// Auto-repost: posts.repost_of names the post a proposal ('review') was copied from.
export async function up(db: Kysely<any>) {
	await sql.raw(`
create table comment_replies (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  delivery_id uuid not null references post_deliveries(id) on delete cascade,
  platform text not null check (platform in ('linkedin', 'instagram', 'threads', 'facebook')),
  comment_id text not null check (length(comment_id) between 1 and 500),
  comment_author text not null default '' check (length(comment_author) <= 300),
  comment_text text not null default '' check (length(comment_text) <= 5000),
  template text not null check (length(template) between 1 and 500),
  reply_text text not null check (length(reply_text) between 1 and 5000),
  status text not null default 'sending' check (status in ('sending', 'sent', 'failed', 'unknown')),
  reply_external_id text check (length(reply_external_id) <= 500),
  error_code text check (length(error_code) <= 100),
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint comment_replies_sent_has_id check (status <> 'sent' or reply_external_id is not null),
  unique (delivery_id, comment_id)
);
create index comment_replies_user_created_idx on comment_replies (user_id, created_at desc);
create index comment_replies_sending_idx on comment_replies (created_at) where status = 'sending';
create trigger comment_replies_updated_at before update on comment_replies for each row execute function set_updated_at();

alter table posts add column repost_of uuid references posts(id) on delete set null;
create index posts_repost_of_idx on posts (repost_of) where repost_of is not null;
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
drop index if exists posts_repost_of_idx;
alter table posts drop column if exists repost_of;
drop table if exists comment_replies;
`).execute(db)
}
