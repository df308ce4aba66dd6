import { sql, type Kysely } from 'kysely'

// Channels and brands (issue 38, ADR 0044). A channel is one place a post can go (a member profile,
// an organization page, a Facebook page, an Instagram account, a Mastodon account on its server): the
// former connected_pages, renamed. A brand groups channels, agents, posts and drafts; every user has
// at least one. What a brand owns carries (brand_id, user_id) with a foreign key to the brand's own
// (id, user_id), so a row can never sit in another user's brand, and a later step can give brands
// members without moving data again.
//
// Rows inserted without a brand (every insert written before brands, tests, seeds) get the owner's
// first brand from a trigger, which creates 'Meine Marke' when the owner has none yet.
export async function up(db: Kysely<any>) {
	await sql
		.raw(
			`
create table brands (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  name text not null check (length(name) between 1 and 80),
  default_agent_id uuid references agent_configurations(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, name),
  unique (id, user_id)
);
create trigger brands_updated_at before update on brands for each row execute function set_updated_at();

-- The owner's first brand, made when there is none (the first insert of a new user's channel, post, ...).
create function brand_of_owner(owner uuid) returns uuid language plpgsql as $$
declare found uuid;
begin
  select id into found from brands where user_id = owner order by created_at, id limit 1;
  if found is null then
    insert into brands (user_id, name) values (owner, 'Meine Marke')
      on conflict (user_id, name) do update set name = excluded.name
      returning id into found;
  end if;
  return found;
end $$;

create function fill_brand() returns trigger language plpgsql as $$
begin
  if new.brand_id is null then new.brand_id := brand_of_owner(new.user_id); end if;
  return new;
end $$;

insert into brands (user_id, name) select id, 'Meine Marke' from users;

alter table connected_pages rename to channels;
alter index connected_pages_one_default rename to channels_one_default;
alter index connected_pages_social_token_idx rename to channels_social_token_idx;
alter trigger connected_pages_updated_at on channels rename to channels_updated_at;
alter table post_deliveries rename column connected_page_id to channel_id;
alter index post_deliveries_page_idx rename to post_deliveries_channel_idx;
`,
		)
		.execute(db)

	for (const table of ['channels', 'posts', 'drafts', 'agent_configurations']) {
		await sql
			.raw(
				`
alter table ${table} add column brand_id uuid;
-- Filling in the brand is no edit: updated_at stays (drafts and the board sort by it).
alter table ${table} disable trigger ${table}_updated_at;
update ${table} t set brand_id = b.id from brands b where b.user_id = t.user_id;
alter table ${table} enable trigger ${table}_updated_at;
alter table ${table} alter column brand_id set not null,
  add constraint ${table}_brand_fk foreign key (brand_id, user_id) references brands (id, user_id) deferrable initially deferred;
create index ${table}_brand_idx on ${table} (brand_id);
create trigger ${table}_fill_brand before insert on ${table} for each row execute function fill_brand();
`,
			)
			.execute(db)
	}

	await sql
		.raw(
			`
-- The default channel of a network is the brand's (the channel a post for 'LinkedIn' goes to).
drop index channels_one_default;
create unique index channels_one_default on channels (brand_id, platform) where is_default;
update brands b set default_agent_id = (
  select a.id from agent_configurations a where a.brand_id = b.id order by a.is_default desc, a.agent_order limit 1
);

-- Deliveries that went to the default page name it now (no edit: updated_at stays); one delivery per post and channel.
alter table post_deliveries disable trigger post_deliveries_updated_at;
update post_deliveries d set channel_id = c.id
  from posts p, channels c
  where d.channel_id is null and p.id = d.post_id and c.brand_id = p.brand_id and c.platform = d.platform and c.is_default;
alter table post_deliveries enable trigger post_deliveries_updated_at;
alter table post_deliveries drop constraint post_deliveries_post_id_platform_key;
create unique index post_deliveries_post_channel on post_deliveries (post_id, channel_id);
-- A delivery without a channel (its account disconnected, or planned before one was connected) that has not gone
-- out stays one per network: it would go to the brand's default channel. Those that went out keep their records.
create unique index post_deliveries_post_network_unassigned on post_deliveries (post_id, platform)
  where channel_id is null and status in ('pending', 'scheduled', 'failed', 'cancelled');

-- How many channels a plan allows (the admin edits it).
alter table plans add column channel_limit integer not null default 10 check (channel_limit between 1 and 1000);
-- Free keeps what it could connect before (one account on each of six networks, with its pages).
update plans set channel_limit = case id when 'basic' then 25 when 'pro' then 50 else 10 end;
`,
		)
		.execute(db)
}

export async function down(db: Kysely<any>) {
	await sql
		.raw(
			`
alter table plans drop column channel_limit;
drop index post_deliveries_post_network_unassigned;
drop index post_deliveries_post_channel;
delete from post_deliveries d using post_deliveries e where d.post_id = e.post_id and d.platform = e.platform and d.id > e.id;
alter table post_deliveries add constraint post_deliveries_post_id_platform_key unique (post_id, platform);
drop index channels_one_default;
update channels c set is_default = false where is_default and exists (select 1 from channels o where o.user_id = c.user_id and o.platform = c.platform and o.is_default and o.id < c.id);
create unique index channels_one_default on channels (user_id, platform) where is_default;
`,
		)
		.execute(db)
	for (const table of ['channels', 'posts', 'drafts', 'agent_configurations']) {
		await sql.raw(`drop trigger ${table}_fill_brand on ${table}; alter table ${table} drop column brand_id;`).execute(db)
	}
	await sql
		.raw(
			`
alter index post_deliveries_channel_idx rename to post_deliveries_page_idx;
alter table post_deliveries rename column channel_id to connected_page_id;
alter trigger channels_updated_at on channels rename to connected_pages_updated_at;
alter index channels_social_token_idx rename to connected_pages_social_token_idx;
alter index channels_one_default rename to connected_pages_one_default;
alter table channels rename to connected_pages;
drop function fill_brand();
drop function brand_of_owner(uuid);
drop table brands;
`,
		)
		.execute(db)
}
