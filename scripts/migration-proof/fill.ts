// The bulk data as it was before channels and brands (migration 2026-12-02-0500): users with
// accounts on up to four networks, their pages (one default per network, some with a second,
// non-default page), posts with deliveries that name a page, name none (they went to the default
// page) or name none on a network without a page (its account disconnected), drafts that remember
// pages, agents. Set-based SQL like scripts/seed-bulk.ts, frozen in time like a migration: it writes
// the old schema (connected_pages, connected_page_id), so it names the four networks of that time.
import type pg from 'pg'

export type FillSize = { users: number; posts: number }

/** Fills an empty database migrated to just before 2026-12-02-0500; returns what each step took. */
export async function fillBeforeChannels(session: pg.ClientBase, size: FillSize, log: (line: string) => void = () => {}) {
	await session.query('begin')
	try {
		for (const [label, statement, params] of statements(size)) {
			const started = performance.now()
			const result = await session.query(statement, params)
			log(`  ${label}: ${result.rowCount ?? 0} Zeilen, ${((performance.now() - started) / 1000).toFixed(1)} s`)
		}
		await session.query('commit')
	} catch (error) {
		await session.query('rollback').catch(() => {})
		throw error
	}
	await session.query('analyze')
}

function statements({ users, posts }: FillSize): Array<[string, string, Array<unknown>?]> {
	return [
		// Who: every tenth user has no account at all; the others one to four networks.
		[
			'Benutzer (Plan)',
			`create temporary table proof_users on commit drop as
			select n, gen_random_uuid() as id, 'proof-' || lpad(n::text, 7, '0') || '@bulk.postwerk.test' as email,
				string_to_array((array['', 'linkedin', 'linkedin,instagram', 'linkedin,facebook,instagram', 'instagram,threads',
					'linkedin,instagram,facebook,threads'])[1 + least(n % 10, 5)], ',') as platforms,
				now() - make_interval(days => 400 + (n * 37) % 400) as created_at,
				case when n % 7 = 0 then 0 else 1 + n % 3 end as agents
			from generate_series(1, $1::int) n`,
			[users],
		],
		['users', `insert into users (id, email, password_hash, time_zone, created_at, updated_at) select id, email, 'proof', 'Europe/Zurich', created_at, created_at from proof_users`],
		[
			'agent_configurations',
			`insert into agent_configurations (user_id, name, avatar, personality, agent_order, is_default, created_at)
			select u.id, 'Agent ' || g.o, 'bot', 'professional', g.o, g.o = (u.n % u.agents), u.created_at
			from proof_users u cross join lateral generate_series(0, u.agents - 1) g(o)`,
		],
		[
			'social_tokens',
			`insert into social_tokens (user_id, platform, account_id, account_name, access_token_encrypted, scopes, status, sandbox, created_at)
			select u.id, p.platform, 'proof-' || p.platform || '-' || u.n, 'Konto ' || u.n, 'sealed-placeholder', '{}',
				case when (u.n + p.o) % 23 = 0 then 'reconnect_required' else 'active' end, true, u.created_at
			from proof_users u cross join lateral unnest(u.platforms) with ordinality as p(platform, o)`,
		],
		// One default page per account; every third LinkedIn member also has an organization page,
		// every fourth Facebook account a second page (neither is the default).
		[
			'connected_pages',
			`insert into connected_pages (user_id, social_token_id, platform, page_id, page_name, real_name, page_type, follower_count, is_default, access_token_encrypted, created_at)
			select t.user_id, t.id, t.platform, t.account_id || '-' || k.k, t.account_name || ' ' || k.k, t.account_name,
				case when t.platform = 'facebook' or k.k > 1 then 'business' else 'personal' end, (u.n * 97 + k.k * 31) % 5000, k.k = 1,
				case when t.platform = 'facebook' then 'page-token-' || u.n || '-' || k.k end, t.created_at + make_interval(mins => k.k)
			from social_tokens t join proof_users u on u.id = t.user_id
				cross join lateral generate_series(1, case when (t.platform = 'linkedin' and u.n % 3 = 0) or (t.platform = 'facebook' and u.n % 4 = 0) then 2 else 1 end) k(k)`,
		],
		// Posts spread unevenly over the users (the first ones busy, the last ones quiet); every 17th also went to Threads, connected or not.
		[
			'Posts (Plan)',
			`create temporary table proof_posts on commit drop as
			select gen_random_uuid() as id, u.id as user_id, u.n, i,
				case when cardinality(t.targets) > 1 then 'multiple' else t.targets[1] end as platform, t.targets,
				(array['published','published','published','published','published','published','published','published','published','published','published','published',
					'scheduled','scheduled','scheduled','failed','failed','pending','pending','cancelled','unconfirmed'])[1 + i % 21] as outcome,
				now() + make_interval(hours => (i % 17520) - 8760) as at
			from generate_series(1, $1::int) i
				join proof_users u on u.n = 1 + floor($2::int * power(((i::bigint * 7919) % 10007) / 10007.0, 2))::int
				cross join lateral (select case
					when cardinality(u.platforms) = 0 then array[(array['linkedin','instagram','facebook','threads'])[1 + i % 4]]
					when i % 17 = 0 then array(select distinct unnest(u.platforms || array['threads']))
					when i % 5 = 0 then u.platforms
					else array[u.platforms[1 + i % cardinality(u.platforms)]] end as targets) t`,
			[posts, users],
		],
		[
			'posts',
			`insert into posts (id, user_id, title, content, platform, status, scheduled_at, time_zone, published_at, created_at)
			select id, user_id, 'Post ' || i, 'Beitrag ' || i || ' für die Migrationsprobe.', platform,
				case outcome when 'published' then 'published' when 'pending' then 'draft' when 'cancelled' then 'draft' else 'scheduled' end,
				case when outcome not in ('pending', 'cancelled') then at end, 'Europe/Zurich',
				case when outcome = 'published' then at end, at - interval '2 days'
			from proof_posts`,
		],
		// A delivery names its page (the default or the other one) or none: then it went to the
		// default page of its network, or (no page on that network) nowhere yet.
		[
			'post_deliveries',
			`insert into post_deliveries (post_id, user_id, platform, connected_page_id, status, attempts, external_id, external_url, error_code, scheduled_at, published_at, created_at)
			select b.id, b.user_id, t.platform,
				case when (b.i + t.o) % 10 < 3 then null
					when (b.i + t.o) % 10 < 5 then coalesce(other.id, standard.id)
					else standard.id end,
				b.outcome, case when b.outcome in ('published', 'failed', 'unconfirmed') then 1 else 0 end,
				case when b.outcome = 'published' then 'proof-' || md5(b.id::text || t.platform) end,
				case when b.outcome = 'published' then 'https://proof.invalid/' || t.platform || '/p/' || md5(b.id::text || t.platform) end,
				case when b.outcome = 'failed' then 'network' when b.outcome = 'unconfirmed' then 'unconfirmed' end,
				case when b.outcome not in ('pending', 'cancelled') then b.at end,
				case when b.outcome = 'published' then b.at end, b.at - interval '2 days'
			from proof_posts b
				cross join lateral unnest(b.targets) with ordinality as t(platform, o)
				left join connected_pages standard on standard.user_id = b.user_id and standard.platform = t.platform and standard.is_default
				left join connected_pages other on other.user_id = b.user_id and other.platform = t.platform and not other.is_default`,
		],
		// Drafts remember the page chosen per network (platform -> connected_pages.id) for some networks.
		[
			'drafts',
			`insert into drafts (user_id, title, content, platforms, page_ids, created_at)
			select u.id, 'Entwurf ' || g.i, 'Notiz ' || g.i, u.platforms,
				coalesce((select jsonb_object_agg(p.platform, p.id) from connected_pages p where p.user_id = u.id and (p.is_default = (g.i % 2 = 0))), '{}'::jsonb),
				u.created_at + make_interval(days => g.i)
			from proof_users u cross join lateral generate_series(1, u.n % 5) g(i)`,
		],
	]
}
