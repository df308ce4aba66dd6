import { sql, type Kysely } from 'kysely'

// A draft's media as ordered post_media rows (ADR 0069, the plan of ADR 0067 "Drafts' media"): a row
// belongs to a post or to a draft, never both; drafts.images moves into rows and goes (nothing reads it
// any more; `down` rebuilds it from the rows).
//
// drafts.images maps each network to its own image (there is no common key), '' for "none". As for posts
// (migration 2026-12-03-0100, postImageRows in modules/content/post-media.ts): each distinct non-empty URL is
// one row naming the networks that take it, in the order of their first network; '' goes to the draft's
// networks_without_media. ai_generated, source 'generation' and the alt text come from the upload the URL names.
export async function up(db: Kysely<any>) {
	await sql
		.raw(
			`
alter table drafts
  add column networks_without_media text[] not null default '{}' check (cardinality(networks_without_media) <= 50),
  -- The media rows' key to their draft: brand moves (move-brand, changeDraftChannels) cascade to them.
  add constraint drafts_id_user_brand_key unique (id, user_id, brand_id);

alter table post_media
  alter column post_id drop not null,
  add column draft_id uuid,
  add constraint post_media_owner_check check ((post_id is null) <> (draft_id is null));

insert into post_media (draft_id, user_id, brand_id, position, kind, url, file_key, networks, ai_generated, source, alt_text, created_at)
select d.id, d.user_id, d.brand_id, (row_number() over (partition by d.id order by i.first_network collate "C"))::int - 1, 'image', i.url,
  substring(i.url from '^/media/(.+)$'), i.networks, coalesce(u.generated, false),
  case when u.generated then 'generation' when i.url ~* '^https?://' then 'url' when d.origin = 'csv' then 'import' else 'upload' end,
  u.alt_text, d.created_at
from drafts d
  cross join lateral (
    select min(e.key collate "C") as first_network, e.value #>> '{}' as url, array_agg(e.key order by e.key collate "C") as networks
    from jsonb_each(d.images) e
    where jsonb_typeof(e.value) = 'string' and e.value <> '""'::jsonb
    group by e.value #>> '{}'
  ) i
  left join lateral (
    select up.kind = 'generated_image' as generated, up.alt_text from uploads up
    where up.user_id = d.user_id and up.storage_key = substring(i.url from '^/media/(.+)$')
    order by up.kind = 'generated_image' desc limit 1
  ) u on true;

alter table post_media
  add constraint post_media_draft_fk foreign key (draft_id, user_id, brand_id) references drafts (id, user_id, brand_id) on delete cascade on update cascade,
  add constraint post_media_draft_position_key unique (draft_id, position) deferrable initially immediate;

-- Moving the images is no edit: updated_at stays (the board sorts by it).
alter table drafts disable trigger drafts_updated_at;
update drafts d set networks_without_media = array(
    select e.key from jsonb_each(d.images) e where e.value = '""'::jsonb order by e.key collate "C")
  where exists (select 1 from jsonb_each(d.images) e where e.value = '""'::jsonb);
alter table drafts enable trigger drafts_updated_at;

alter table drafts drop column images;
`,
		)
		.execute(db)
}

export async function down(db: Kysely<any>) {
	await sql
		.raw(
			`
alter table drafts add column images jsonb not null default '{}'::jsonb check (jsonb_typeof(images) = 'object');

alter table drafts disable trigger drafts_updated_at;
update drafts d set images = coalesce((
    select jsonb_object_agg(n.network, n.url) from (
      select distinct on (n.network) n.network, m.url from post_media m cross join lateral unnest(coalesce(m.networks, d.platforms)) n(network)
      where m.draft_id = d.id and m.kind = 'image' order by n.network, m.networks is null, m.position) n), '{}'::jsonb)
    || coalesce((select jsonb_object_agg(n, '') from unnest(d.networks_without_media) n), '{}'::jsonb)
  where exists (select 1 from post_media m where m.draft_id = d.id) or cardinality(d.networks_without_media) > 0;
alter table drafts enable trigger drafts_updated_at;

delete from post_media where draft_id is not null;
alter table post_media drop constraint post_media_draft_fk, drop constraint post_media_draft_position_key, drop constraint post_media_owner_check, drop column draft_id;
alter table post_media alter column post_id set not null;
alter table drafts drop constraint drafts_id_user_brand_key, drop column networks_without_media;
`,
		)
		.execute(db)
}
