import { sql, type Kysely } from 'kysely'

// The activity log and the news follow the chosen brand (issue 38, ADR 0047).
//
// Activity: an entry about a post (metadata.postId) belongs to the post's brand; every other entry
// (credits, sign-ins, connections) stays account-wide (brand_id null). Rows are filled from their
// post here and at insert by a trigger that runs only for rows naming a post (its WHEN clause), one
// primary-key lookup each: the publisher's batch statement stays one statement.
//
// News: content settings, news items, content ideas and the daily run's log are a brand's, the user's
// first brand for the existing rows (users with one brand see what they saw). Rows inserted without a
// brand get the owner's first brand (fill_brand of 2026-12-02-0500).
const uuidPattern = `'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'`

export async function up(db: Kysely<any>) {
	await sql
		.raw(
			`
alter table activity_logs add column brand_id uuid,
  add constraint activity_logs_brand_fk foreign key (brand_id, user_id) references brands (id, user_id) on delete set null (brand_id);
update activity_logs l set brand_id = p.brand_id
  from posts p
  where l.metadata ? 'postId' and p.user_id = l.user_id
    and p.id = case when l.metadata->>'postId' ~ ${uuidPattern} then (l.metadata->>'postId')::uuid end;
create index activity_logs_brand_created_idx on activity_logs (brand_id, created_at desc);

create function fill_activity_brand() returns trigger language plpgsql as $$
declare post_ref text := new.metadata->>'postId';
begin
  if post_ref ~ ${uuidPattern} then
    select p.brand_id into new.brand_id from posts p where p.id = post_ref::uuid and p.user_id = new.user_id;
  end if;
  return new;
end $$;
create trigger activity_logs_fill_brand before insert on activity_logs for each row
  when (new.brand_id is null and new.metadata ? 'postId') execute function fill_activity_brand();

-- Every owner of news rows has a brand (users made after 2026-12-02-0500 get theirs at a first insert).
select brand_of_owner(owner) from (
  select user_id as owner from content_settings union select user_id from content_ideas
  union select user_id from news_items union select user_id from user_news_generation_log
) owners;
`,
		)
		.execute(db)

	for (const table of ['content_settings', 'content_ideas', 'news_items', 'user_news_generation_log']) {
		// A brand's settings, news and run log go with it; its ideas are moved to the brand that takes its posts.
		const onDelete = table === 'content_ideas' ? 'deferrable initially deferred' : 'on delete cascade'
		await sql
			.raw(
				`
alter table ${table} add column brand_id uuid;
${table === 'content_settings' ? 'alter table content_settings disable trigger content_settings_updated_at;' : ''}
update ${table} t set brand_id = (select b.id from brands b where b.user_id = t.user_id order by b.created_at, b.id limit 1);
${table === 'content_settings' ? 'alter table content_settings enable trigger content_settings_updated_at;' : ''}
alter table ${table} alter column brand_id set not null,
  add constraint ${table}_brand_fk foreign key (brand_id, user_id) references brands (id, user_id) ${onDelete};
create trigger ${table}_fill_brand before insert on ${table} for each row execute function fill_brand();
`,
			)
			.execute(db)
	}

	await sql
		.raw(
			`
alter table content_settings drop constraint content_settings_pkey, add primary key (brand_id);
create index content_settings_user_idx on content_settings (user_id);
create index content_ideas_brand_created_idx on content_ideas (brand_id, created_at desc);
create index news_items_brand_created_idx on news_items (brand_id, created_at desc);
drop index news_items_user_url_key;
create unique index news_items_brand_url_key on news_items (brand_id, url);
alter table user_news_generation_log drop constraint user_news_generation_log_user_id_last_generated_date_key,
  add constraint user_news_generation_log_brand_date_key unique (brand_id, last_generated_date);
create index user_news_generation_log_user_idx on user_news_generation_log (user_id, last_generated_date);
`,
		)
		.execute(db)
}

export async function down(db: Kysely<any>) {
	await sql
		.raw(
			`
drop index user_news_generation_log_user_idx;
delete from user_news_generation_log a using user_news_generation_log b
  where a.user_id = b.user_id and a.last_generated_date = b.last_generated_date and a.id > b.id;
alter table user_news_generation_log drop constraint user_news_generation_log_brand_date_key,
  add constraint user_news_generation_log_user_id_last_generated_date_key unique (user_id, last_generated_date);
drop index news_items_brand_url_key;
delete from news_items a using news_items b where a.url is not null and a.url = b.url and a.user_id = b.user_id and a.created_at < b.created_at;
delete from news_items a using news_items b where a.url is not null and a.url = b.url and a.user_id = b.user_id and a.created_at = b.created_at and a.id > b.id;
create unique index news_items_user_url_key on news_items (user_id, url);
drop index news_items_brand_created_idx;
drop index content_ideas_brand_created_idx;
drop index content_settings_user_idx;
-- Each user keeps the settings of the first brand.
delete from content_settings s where s.brand_id <> (select b.id from brands b where b.user_id = s.user_id order by b.created_at, b.id limit 1);
alter table content_settings drop constraint content_settings_pkey, add primary key (user_id);
`,
		)
		.execute(db)
	for (const table of ['content_settings', 'content_ideas', 'news_items', 'user_news_generation_log']) {
		await sql.raw(`drop trigger ${table}_fill_brand on ${table}; alter table ${table} drop column brand_id;`).execute(db)
	}
	await sql
		.raw(
			`
drop trigger activity_logs_fill_brand on activity_logs;
drop function fill_activity_brand();
drop index activity_logs_brand_created_idx;
alter table activity_logs drop column brand_id;
`,
		)
		.execute(db)
}
