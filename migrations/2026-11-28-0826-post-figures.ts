import { sql, type Kysely } from 'kysely'

// Per-user figures of the posts (ADR 0026): how many posts each (status, platform) has and the sums of
// their views and interactions, kept by statement triggers on posts. The dashboard, the calendar's
// platform counts and Meine Posts' totals read a handful of rows instead of counting up to thousands of
// posts per request.
//
// Each statement's changes (transition tables) are summed per key. First the statement takes a
// transaction lock per user whose figures change (advisory, by a hash of the user, in the order of the lock keys): a user's
// writers queue there, so even transactions that write posts in several statements (a CSV import beside
// the publisher's batch) never wait on each other's counter rows crosswise. An upsert ordered by the key
// then locks (or creates) every changed key's row and adds the increases; the decreases follow on those
// locked rows (the checks apply to an upsert's proposed row too, so it never carries a negative count).
// A statement that changes no figure (a text edit) takes no lock and writes nothing. Rows of a user
// being deleted are left to the cascade.
const changes = {
	insert: `select user_id, status, platform, 1 as posts, engagement_views::bigint as views,
	           (engagement_likes + engagement_comments + engagement_shares)::bigint as interactions from new_rows`,
	delete: `select user_id, status, platform, -1, -engagement_views::bigint,
	           -(engagement_likes + engagement_comments + engagement_shares)::bigint from old_rows`,
}

/** Advisory lock class of post_figures (the ADR's number); the second key is one of FIGURES_LOCK_SLOTS by a hash of the user id. */
const FIGURES_LOCK = 260026
// Users share a slot now and then (they queue behind each other, in order, without harm); the slots bound
// the locks a bulk statement over thousands of users holds (the lock table has room for a few thousand).
const FIGURES_LOCK_SLOTS = 1024

function applyFunction(name: string, sources: Array<string>) {
	return `
create function ${name}() returns trigger language plpgsql as $$
declare
  deltas post_figures[];
  decreases boolean;
  user_lock integer;
begin
  select array_agg((g.user_id, g.status, g.platform, g.posts, g.views, g.interactions)::post_figures order by g.user_id, g.status, g.platform),
    bool_or(g.posts < 0 or g.views < 0 or g.interactions < 0)
  into deltas, decreases
  from (
    select user_id, status, platform, sum(posts) as posts, sum(views) as views, sum(interactions) as interactions
    from (${sources.join('\n    union all\n    ')}) as c(user_id, status, platform, posts, views, interactions)
    group by user_id, status, platform
    having sum(posts) <> 0 or sum(views) <> 0 or sum(interactions) <> 0
  ) as g
  where exists (select 1 from users u where u.id = g.user_id);
  if deltas is null then
    return null;
  end if;
  for user_lock in select distinct hashtext(d.user_id::text) & ${FIGURES_LOCK_SLOTS - 1} from unnest(deltas) as d order by 1 loop
    perform pg_advisory_xact_lock(${FIGURES_LOCK}, user_lock);
  end loop;
  insert into post_figures as f (user_id, status, platform, posts, views, interactions)
  select d.user_id, d.status, d.platform, greatest(d.posts, 0), greatest(d.views, 0), greatest(d.interactions, 0)
  from unnest(deltas) as d
  order by d.user_id, d.status, d.platform
  on conflict (user_id, status, platform) do update
    set posts = f.posts + excluded.posts, views = f.views + excluded.views, interactions = f.interactions + excluded.interactions
    where excluded.posts > 0 or excluded.views > 0 or excluded.interactions > 0;
  if not decreases then
    return null;
  end if;
  update post_figures as f
  set posts = f.posts + least(d.posts, 0), views = f.views + least(d.views, 0), interactions = f.interactions + least(d.interactions, 0)
  from unnest(deltas) as d
  where f.user_id = d.user_id and f.status = d.status and f.platform = d.platform
    and (d.posts < 0 or d.views < 0 or d.interactions < 0);
  return null;
end $$;`
}

export async function up(db: Kysely<any>) {
	await sql
		.raw(
			`
create table post_figures (
  user_id uuid not null references users(id) on delete cascade,
  status text not null,
  platform text not null,
  posts bigint not null default 0 check (posts >= 0),
  views bigint not null default 0 check (views >= 0),
  interactions bigint not null default 0 check (interactions >= 0),
  primary key (user_id, status, platform)
);
${applyFunction('post_figures_inserted', [changes.insert])}
${applyFunction('post_figures_updated', [changes.insert, changes.delete])}
${applyFunction('post_figures_deleted', [changes.delete])}
create trigger posts_figures_insert after insert on posts referencing new table as new_rows for each statement execute function post_figures_inserted();
create trigger posts_figures_update after update on posts referencing old table as old_rows new table as new_rows for each statement execute function post_figures_updated();
create trigger posts_figures_delete after delete on posts referencing old table as old_rows for each statement execute function post_figures_deleted();
-- The triggers hold their lock on posts until this migration commits: no write falls between them and the backfill.
insert into post_figures (user_id, status, platform, posts, views, interactions)
select user_id, status, platform, count(*), sum(engagement_views), sum(engagement_likes + engagement_comments + engagement_shares)
from posts group by user_id, status, platform;
`,
		)
		.execute(db)
}

export async function down(db: Kysely<any>) {
	await sql
		.raw(
			`
drop trigger if exists posts_figures_insert on posts;
drop trigger if exists posts_figures_update on posts;
drop trigger if exists posts_figures_delete on posts;
drop function if exists post_figures_inserted();
drop function if exists post_figures_updated();
drop function if exists post_figures_deleted();
drop table if exists post_figures;
`,
		)
		.execute(db)
}
