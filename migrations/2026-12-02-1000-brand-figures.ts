import { sql, type Kysely } from 'kysely'
import { up as perUserFigures } from './2026-11-28-0826-post-figures.ts'

// post_figures per brand (ADR 0026 and 0047 addenda): the key gains the post's brand, so a chosen brand's
// dashboard, calendar platforms and 'Meine Posts' totals read its handful of rows as 'Alle Marken' reads the
// user's (summed over the brands). posts.brand_id is never null (migration 2026-12-02-0500), so it joins the
// primary key as it is. The triggers stay those of the per-user rollup with brand_id in the key: a statement
// that moves posts to another brand (a brand's deletion, a retarget) subtracts its old rows' figures from
// the old brand's rows and adds the new rows' to the new brand's. Lock discipline unchanged: one advisory
// lock per user slot in the order of the lock keys, then an upsert ordered by the key.
const changes = {
	insert: `select user_id, brand_id, status, platform, 1 as posts, engagement_views::bigint as views,
	           (engagement_likes + engagement_comments + engagement_shares)::bigint as interactions from new_rows`,
	delete: `select user_id, brand_id, status, platform, -1, -engagement_views::bigint,
	           -(engagement_likes + engagement_comments + engagement_shares)::bigint from old_rows`,
}

const key = 'user_id, brand_id, status, platform'
const FIGURES_LOCK = 260026
const FIGURES_LOCK_SLOTS = 1024

function applyFunction(name: string, sources: Array<string>) {
	return `
create function ${name}() returns trigger language plpgsql as $$
declare
  deltas post_figures[];
  decreases boolean;
  user_lock integer;
begin
  select array_agg((g.user_id, g.brand_id, g.status, g.platform, g.posts, g.views, g.interactions)::post_figures order by g.user_id, g.brand_id, g.status, g.platform),
    bool_or(g.posts < 0 or g.views < 0 or g.interactions < 0)
  into deltas, decreases
  from (
    select ${key}, sum(posts) as posts, sum(views) as views, sum(interactions) as interactions
    from (${sources.join('\n    union all\n    ')}) as c(${key}, posts, views, interactions)
    group by ${key}
    having sum(posts) <> 0 or sum(views) <> 0 or sum(interactions) <> 0
  ) as g
  where exists (select 1 from users u where u.id = g.user_id);
  if deltas is null then
    return null;
  end if;
  for user_lock in select distinct hashtext(d.user_id::text) & ${FIGURES_LOCK_SLOTS - 1} from unnest(deltas) as d order by 1 loop
    perform pg_advisory_xact_lock(${FIGURES_LOCK}, user_lock);
  end loop;
  insert into post_figures as f (${key}, posts, views, interactions)
  select d.user_id, d.brand_id, d.status, d.platform, greatest(d.posts, 0), greatest(d.views, 0), greatest(d.interactions, 0)
  from unnest(deltas) as d
  order by d.user_id, d.brand_id, d.status, d.platform
  on conflict (${key}) do update
    set posts = f.posts + excluded.posts, views = f.views + excluded.views, interactions = f.interactions + excluded.interactions
    where excluded.posts > 0 or excluded.views > 0 or excluded.interactions > 0;
  if not decreases then
    return null;
  end if;
  update post_figures as f
  set posts = f.posts + least(d.posts, 0), views = f.views + least(d.views, 0), interactions = f.interactions + least(d.interactions, 0)
  from unnest(deltas) as d
  where f.user_id = d.user_id and f.brand_id = d.brand_id and f.status = d.status and f.platform = d.platform
    and (d.posts < 0 or d.views < 0 or d.interactions < 0);
  return null;
end $$;`
}

const dropRollup = `
drop trigger if exists posts_figures_insert on posts;
drop trigger if exists posts_figures_update on posts;
drop trigger if exists posts_figures_delete on posts;
drop function if exists post_figures_inserted();
drop function if exists post_figures_updated();
drop function if exists post_figures_deleted();
drop table if exists post_figures;
`

export async function up(db: Kysely<any>) {
	await sql
		.raw(
			`
${dropRollup}
create table post_figures (
  user_id uuid not null references users(id) on delete cascade,
  brand_id uuid not null,
  status text not null,
  platform text not null,
  posts bigint not null default 0 check (posts >= 0),
  views bigint not null default 0 check (views >= 0),
  interactions bigint not null default 0 check (interactions >= 0),
  primary key (${key}),
  -- A deleted brand's rows go with it (its posts moved to another brand first, so they are zero by then).
  -- Deferred as the posts' own brand key, which may name a brand the transaction creates later.
  foreign key (brand_id, user_id) references brands (id, user_id) on delete cascade deferrable initially deferred
);
${applyFunction('post_figures_inserted', [changes.insert])}
${applyFunction('post_figures_updated', [changes.insert, changes.delete])}
${applyFunction('post_figures_deleted', [changes.delete])}
create trigger posts_figures_insert after insert on posts referencing new table as new_rows for each statement execute function post_figures_inserted();
create trigger posts_figures_update after update on posts referencing old table as old_rows new table as new_rows for each statement execute function post_figures_updated();
create trigger posts_figures_delete after delete on posts referencing old table as old_rows for each statement execute function post_figures_deleted();
-- The triggers hold their lock on posts until this migration commits: no write falls between them and the backfill.
insert into post_figures (${key}, posts, views, interactions)
select ${key}, count(*), sum(engagement_views), sum(engagement_likes + engagement_comments + engagement_shares)
from posts group by ${key};
`,
		)
		.execute(db)
}

/** Back to the per-user rollup: the first migration's table, triggers and fill. */
export async function down(db: Kysely<any>) {
	await sql.raw(dropRollup).execute(db)
	await perUserFigures(db)
}
