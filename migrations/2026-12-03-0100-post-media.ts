import { sql, type Kysely } from 'kysely'

// A post's media as ordered rows (ADR 0053, "post_media"), its AI label, and the move of every post's
// image_url / platform_images into rows in one set-based statement; the two columns go (ADR 0053 addendum:
// nothing reads them any more, and `down` rebuilds them from the rows without loss).
//
// How today's two columns map onto rows (postMediaRows in modules/content/post-media.ts writes the same):
// - image_url, the post's image for every network without one of its own: a row with networks = null, first;
// - each distinct non-empty URL of platform_images: one row naming the networks that take it (Instagram's
//   1:1 beside the others' 16:9), in the order of their first network;
// - a network whose platform_images entry is '' gets no image at all (not the post's one):
//   posts.networks_without_media names it, as no row can stand for "nothing".
// A /media/<key> URL is a file of our store (file_key = <key>); an https URL (API, CSV) keeps file_key null.
// ai_generated and source 'generation' come from the upload the URL names (uploads.kind 'generated_image').
export async function up(db: Kysely<any>) {
	await sql
		.raw(
			`
alter table posts
  add column ai_label text not null default 'auto' check (ai_label in ('auto', 'on', 'off')),
  add column networks_without_media text[] not null default '{}' check (cardinality(networks_without_media) <= 50),
  -- The media rows' key to their post: brand moves (move-brand, retarget) cascade to them.
  add constraint posts_id_user_brand_key unique (id, user_id, brand_id);

create table post_media (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null,
  user_id uuid not null,
  brand_id uuid not null,
  position int not null check (position >= 0),
  kind text not null check (kind in ('image', 'video', 'document')),
  url text not null check (length(url) between 1 and 2048),
  file_key text check (length(file_key) <= 1024),
  content_type text check (length(content_type) <= 255),
  size_bytes bigint check (size_bytes >= 0),
  width int check (width > 0),
  height int check (height > 0),
  duration_ms int check (duration_ms >= 0),
  pages int check (pages > 0),
  alt_text text check (length(alt_text) <= 5000),
  ai_generated boolean not null default false,
  source text not null check (source in ('upload', 'generation', 'import', 'model_test', 'slides', 'url')),
  cover_url text check (length(cover_url) <= 2048),
  cover_at_ms int check (cover_at_ms >= 0),
  state text not null default 'ready' check (state in ('processing', 'ready', 'failed')),
  progress smallint check (progress between 0 and 100),
  error_code text check (length(error_code) <= 100),
  -- null: every network of the post without rows of its own; else the networks this item is for.
  networks text[] check (cardinality(networks) between 1 and 50),
  created_at timestamptz not null default now()
);

insert into post_media (post_id, user_id, brand_id, position, kind, url, file_key, networks, ai_generated, source, created_at)
select p.id, p.user_id, p.brand_id, (row_number() over (partition by p.id order by i.ord, i.first_network collate "C"))::int - 1, 'image', i.url,
  substring(i.url from '^/media/(.+)$'), i.networks, coalesce(u.generated, false),
  case when u.generated then 'generation' when i.url ~* '^https?://' then 'url' when p.origin = 'csv' then 'import' else 'upload' end,
  p.created_at
from posts p
  cross join lateral (
    select 0 as ord, null::text as first_network, p.image_url as url, null::text[] as networks where coalesce(p.image_url, '') <> ''
    union all
    select 1, min(e.key collate "C"), e.value #>> '{}', array_agg(e.key order by e.key collate "C")
    from jsonb_each(p.platform_images) e
    where jsonb_typeof(e.value) = 'string' and e.value <> '""'::jsonb
    group by e.value #>> '{}'
  ) i
  left join lateral (
    select bool_or(up.kind = 'generated_image') as generated from uploads up where up.storage_key = substring(i.url from '^/media/(.+)$')
  ) u on true;

-- The keys after the copy: one index build and one check instead of one per row.
alter table post_media
  add constraint post_media_post_fk foreign key (post_id, user_id, brand_id) references posts (id, user_id, brand_id) on delete cascade on update cascade,
  -- Deferrable: a reorder is one UPDATE of the positions, checked at its end (also the index on (post_id, position)).
  add constraint post_media_post_position_key unique (post_id, position) deferrable initially immediate;
create index post_media_user_idx on post_media (user_id);

-- Moving the images is no edit: updated_at stays (the board sorts by it).
alter table posts disable trigger posts_updated_at;
update posts p set networks_without_media = array(
    select e.key from jsonb_each(p.platform_images) e where e.value = '""'::jsonb order by e.key collate "C")
  where exists (select 1 from jsonb_each(p.platform_images) e where e.value = '""'::jsonb);
alter table posts enable trigger posts_updated_at;

alter table posts drop column image_url, drop column platform_images;
`,
		)
		.execute(db)
}

export async function down(db: Kysely<any>) {
	await sql
		.raw(
			`
alter table posts
  add column image_url text check (length(image_url) <= 2048),
  add column platform_images jsonb not null default '{}'::jsonb check (jsonb_typeof(platform_images) = 'object');

alter table posts disable trigger posts_updated_at;
update posts p set
  image_url = (select m.url from post_media m where m.post_id = p.id and m.networks is null order by m.position limit 1),
  platform_images = coalesce((
    select jsonb_object_agg(n.network, n.url) from (
      select distinct on (n.network) n.network, m.url from post_media m cross join lateral unnest(m.networks) n(network)
      where m.post_id = p.id order by n.network, m.position) n), '{}'::jsonb)
    || coalesce((select jsonb_object_agg(n, '') from unnest(p.networks_without_media) n), '{}'::jsonb)
  where exists (select 1 from post_media m where m.post_id = p.id) or cardinality(p.networks_without_media) > 0;
alter table posts enable trigger posts_updated_at;

drop table post_media;
alter table posts drop constraint posts_id_user_brand_key, drop column networks_without_media, drop column ai_label;
`,
		)
		.execute(db)
}
