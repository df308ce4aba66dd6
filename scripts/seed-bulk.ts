// npm run seed:bulk -- [--users 1000] [--posts 100000] [--reset]
// Realistic data for benchmarks: users with profiles, credit ledgers, agents, brands, connected sandbox accounts (the
// heavy user: 20 channels in 3 brands),
// posts over the past and the coming year in every status (with their deliveries and publish jobs),
// drafts, activity logs, tool settings and content ideas. Set-based SQL (a few big statements), so
// 1000 users and 100 000 posts load in well under a minute. Works on the embedded database in DATA_DIR
// or on DATABASE_URL; migrates first. Bulk users are recognisable by their domain (@bulk.postwerk.test):
// with bulk data present it refuses, `--reset` deletes them (and their jobs) and loads anew.
// Not real: the sandbox accounts share one sealed placeholder token (a bulk post that falls due on a
// server with a worker fails with a token error, as a revoked account would), and the content settings
// have no keywords (the daily news job passes the bulk users by: no feed fetches for 1000 users).
import { parseArgs } from 'node:util'
import type pg from 'pg'
import { hashPassword } from '#modules/accounts/passwords.server.ts'
import { createSecretBox } from '#modules/core/crypto.server.ts'
import { readEnv } from '#modules/core/env.server.ts'
import { migrateToLatest } from '#modules/core/migrate.server.ts'
import { openDatabase } from '#server/database.ts'
import { seedReferenceData } from '#server/seed.ts'
import { BULK_ADMIN, BULK_DOMAIN, BULK_HEAVY, BULK_LIGHT, BULK_PASSWORD } from '#scripts/bulk-users.ts'

const { values: args } = parseArgs({
	options: { users: { type: 'string', default: '1000' }, posts: { type: 'string', default: '100000' }, reset: { type: 'boolean', default: false } },
})
const userCount = Number(args.users)
const postCount = Number(args.posts)
if (!Number.isInteger(userCount) || userCount < 3 || userCount > 1_000_000 || !Number.isInteger(postCount) || postCount < 0 || postCount > 10_000_000) {
	console.error('Aufruf: npm run seed:bulk -- --users <3..1000000> --posts <0..10000000> [--reset]')
	process.exit(2)
}

const started = performance.now()
const env = readEnv()
const database = await openDatabase(env, console.log)
// Two sessions: after the users and the post plan are in, posts (with deliveries and jobs) and the
// rest (activity, drafts, ...) load side by side.
const client = await database.pool.connect()
const second = await database.pool.connect()
let exitCode = 0
try {
	await migrateToLatest(database.db, database.pool)
	await seedReferenceData(database.db)
	const existing = await client.query<{ n: string }>(`select count(*) as n from users where email like $1`, [`%@${BULK_DOMAIN}`])
	if (Number(existing.rows[0]!.n) > 0 && !args.reset) {
		console.log(`Es gibt schon ${existing.rows[0]!.n} Bulk-Benutzer (@${BULK_DOMAIN}). Mit --reset werden sie gelöscht und neu angelegt.`)
		exitCode = 1
	} else {
		for (const c of [client, second]) {
			await c.query('set synchronous_commit = off')
			await c.query(`set work_mem = '64MB'`)
		}
		if (Number(existing.rows[0]!.n) > 0) {
			const t = performance.now()
			await resetBulkData()
			console.log(`Alte Bulk-Daten gelöscht (${seconds(t)} s).`)
		}
		const passwordHash = await hashPassword(BULK_PASSWORD)
		// One sandbox token, sealed with this installation's APP_SECRET and shared by every bulk account.
		const sealedToken = createSecretBox(env.APP_SECRET).seal('sandbox-bulk-token')
		await load(passwordHash, sealedToken)
		const t = performance.now()
		await Promise.all([
			client.query('analyze posts'),
			second.query('analyze post_deliveries, activity_logs, credit_transactions, users, profiles, agent_configurations, social_tokens, channels, drafts, toolbox_settings, content_settings, content_ideas'),
		])
		const counts = await client.query<Record<string, string>>(`
			select
				(select count(*) from users where email like '%@${BULK_DOMAIN}') as users,
				(select count(*) from posts p join users u on u.id = p.user_id where u.email like '%@${BULK_DOMAIN}') as posts,
				(select count(*) from post_deliveries d join users u on u.id = d.user_id where u.email like '%@${BULK_DOMAIN}') as deliveries,
				(select count(*) from drafts d join users u on u.id = d.user_id where u.email like '%@${BULK_DOMAIN}') as drafts,
				(select count(*) from activity_logs a join users u on u.id = a.user_id where u.email like '%@${BULK_DOMAIN}') as activity,
				(select count(*) from credit_transactions c join users u on u.id = c.user_id where u.email like '%@${BULK_DOMAIN}') as ledger`)
		const perUser = await client.query<{ email: string; posts: string }>(
			`select u.email, count(p.id) as posts from users u left join posts p on p.user_id = u.id where u.email = any($1) group by u.email order by u.email`,
			[[BULK_HEAVY, BULK_LIGHT, BULK_ADMIN]],
		)
		const c = counts.rows[0]!
		console.log(`ANALYZE: ${seconds(t)} s`)
		console.log(`Bulk-Daten: ${c.users} Benutzer, ${c.posts} Posts, ${c.deliveries} Zustellungen, ${c.drafts} Entwürfe, ${c.activity} Aktivitäten, ${c.ledger} Credit-Buchungen`)
		for (const row of perUser.rows) console.log(`  ${row.email}: ${row.posts} Posts`)
		console.log(`Passwort aller Bulk-Benutzer: ${BULK_PASSWORD}`)
		console.log(`seed:bulk fertig in ${seconds(started)} s`)
	}
} catch (error) {
	await client.query('rollback').catch(() => {})
	await second.query('rollback').catch(() => {})
	console.error('seed:bulk failed; partly loaded bulk data is removed by the next run with --reset')
	throw error
} finally {
	await client.query('drop table if exists bulk_users, bulk_posts, bulk_brands').catch(() => {})
	client.release()
	second.release()
	await database.close()
}
process.exit(exitCode)

function seconds(since: number) {
	return ((performance.now() - since) / 1000).toFixed(1)
}

type Session = pg.PoolClient

async function stepOn(session: Session, label: string, statement: string, params: Array<unknown> = []) {
	const t = performance.now()
	const result = await session.query<{ count?: string }>(statement, params)
	// A `select count(*) from …` step (the jobs through add_jobs) reports its count, not its one row.
	const rows = result.command === 'SELECT' && result.rows[0]?.count !== undefined ? Number(result.rows[0].count) : (result.rowCount ?? 0)
	console.log(`  ${label}: ${rows} Zeilen, ${seconds(t)} s`)
	return result
}

function step(label: string, statement: string, params: Array<unknown> = []) {
	return stepOn(client, label, statement, params)
}

/** Runs `work` in one transaction of `session`. */
async function inTransaction(session: Session, work: () => Promise<void>) {
	await session.query('begin')
	await work()
	await session.query('commit')
}

/** Removes the bulk users (everything of theirs cascades) and their pending publish jobs. */
async function resetBulkData() {
	await client.query(`
		select graphile_worker.remove_job(k)
		from post_deliveries d join users u on u.id = d.user_id,
			lateral (values ('publish:' || d.id), ('precheck:' || d.id)) as keys(k)
		where u.email like '%@${BULK_DOMAIN}' and d.status = 'scheduled'`)
	await client.query(`delete from users where email like '%@${BULK_DOMAIN}'`)
}

/** How many posts each user gets: one with ~5000, one with ~100, the rest uneven (a few busy, many quiet). */
function postsPerUser() {
	const heavy = Math.min(5000, Math.floor(postCount / 2))
	const light = Math.min(100, Math.floor((postCount - heavy) / 2))
	const counts = [heavy, light]
	const rest = postCount - heavy - light
	// Deterministic Pareto-like weights, so runs are comparable.
	let seed = 42
	const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
	const weights = Array.from({ length: userCount - 2 }, () => 1 / Math.pow(1 - random() * 0.97, 0.9))
	const sum = weights.reduce((a, b) => a + b, 0)
	const shares = weights.map((w) => Math.floor((w / sum) * rest))
	let left = rest - shares.reduce((a, b) => a + b, 0)
	for (let i = 0; left > 0; i = (i + 1) % shares.length, left--) shares[i]!++
	return [...counts, ...shares]
}

async function load(passwordHash: string, sealedToken: string) {
	const counts = postsPerUser()
	const emails = counts.map((_, i) => (i === 0 ? BULK_HEAVY : i === 1 ? BULK_LIGHT : i === 2 ? BULK_ADMIN : `nutzer-${String(i + 1).padStart(6, '0')}@${BULK_DOMAIN}`))
	// 1 to 4 connected platforms; the benchmark users (and the admin) have all four.
	const combinations = ['linkedin', 'linkedin,instagram', 'linkedin,facebook,instagram', 'instagram,threads', 'linkedin,instagram,facebook,threads']
	const platforms = counts.map((_, i) => (i < 3 ? combinations[4]! : combinations[(i * 7) % combinations.length]!))
	// The plan tables are unlogged work tables (both sessions read them), dropped at the end.
	await client.query('drop table if exists bulk_users, bulk_posts, bulk_brands')
	await client.query('begin')
	await client.query('select setseed(0.42)')

	// Who: a temporary table of the users with what they get.
	await step(
		'Benutzer (Plan)',
		`create unlogged table bulk_users as
		select n, gen_random_uuid() as id, email, posts,
			(array['Anna','Lukas','Mia','Noah','Lea','Elias','Laura','Jonas','Sara','Luca','Nina','David','Julia','Simon','Lena','Marco','Sophie','Fabian','Chiara','Reto'])[1 + (n * 7) % 20]
				|| ' ' || (array['Müller','Meier','Schmid','Keller','Weber','Huber','Schneider','Meyer','Steiner','Fischer','Gerber','Brunner','Baumann','Frei','Zimmermann','Moser','Widmer','Wyss','Graf','Roth'])[1 + (n * 13) % 20] as full_name,
			(array['Europe/Zurich','Europe/Zurich','Europe/Zurich','Europe/Berlin','Europe/Vienna'])[1 + n % 5] as time_zone,
			(array['free','free','basic','pro','basic'])[1 + (n * 3) % 5] as plan,
			now() - make_interval(days => 400 + (n * 37) % 400) as created_at,
			case when n = 1 then 3 else 1 + (n * 5) % 3 end as agents,
			case when n = 1 then 60 when n = 2 then 5 else (n * 11) % 9 end as drafts,
			string_to_array(platforms, ',') as platforms,
			-- The heavy user runs 20 channels (5 accounts on each of its 4 networks) in 3 brands (issue 38).
			case when n = 1 then 5 else 1 end as accounts_per_network,
			case when n = 1 then array['Meine Marke', 'Bäckerei Winterthur', 'Café am Markt'] else array['Meine Marke'] end as brands,
			8 + (n * 17) % 25 as ledger_rows
		from unnest($1::text[], $2::int[], $3::text[]) with ordinality as t(email, posts, platforms, ord), lateral (select ord::int as n) k`,
		[emails, counts, platforms],
	)
	await client.query(`create index on bulk_users (id)`)
	await client.query('analyze bulk_users')

	await step(
		'users',
		`insert into users (id, email, password_hash, email_verified_at, time_zone, created_at, updated_at)
		select id, email, $1, created_at + interval '5 minutes', time_zone, created_at, created_at from bulk_users`,
		[passwordHash],
	)

	await step(
		'brands',
		`insert into brands (user_id, name, created_at, updated_at)
		select u.id, b.name, u.created_at + make_interval(mins => b.o::int), u.created_at from bulk_users u cross join lateral unnest(u.brands) with ordinality as b(name, o)`,
	)
	// Each user's brands in order (slot 0 is the first, as brand_of_owner finds it).
	await client.query(`create unlogged table bulk_brands as select id, user_id, (row_number() over (partition by user_id order by created_at, id) - 1)::int as slot from brands`)
	await client.query('create index on bulk_brands (user_id, slot)')

	// The ledger: signup bonus first, a plan or pack grant every sixth row, small generation debits
	// between them (never more than the 50 of the bonus before the next grant: the balance stays >= 0).
	await step(
		'Credit-Ledger (Plan)',
		`create temporary table bulk_ledger on commit drop as
		select u.id as user_id, g.i,
			case when g.i = 1 then 50 when g.i % 6 = 0 then (array[200, 350, 500, 600])[1 + (u.n + g.i) % 4] else -(1 + (u.n * g.i) % 5) end as amount,
			case when g.i = 1 then 'signup_bonus' when g.i % 6 = 0 then (case when u.plan = 'free' then 'purchase' else 'allowance' end) else 'generation' end as type,
			case when g.i = 1 then 'signup' else 'bulk-' || g.i end as reference,
			u.created_at + (now() - u.created_at) * (g.i::float / (u.ledger_rows + 1)) as created_at
		from bulk_users u cross join lateral generate_series(1, u.ledger_rows) g(i)`,
	)
	await step(
		'profiles',
		`insert into profiles (id, email, full_name, subscription_type, subscription_tier, plan, credits_remaining, credits_total, created_at, updated_at)
		select u.id, u.email, u.full_name, u.plan, u.plan, u.plan, l.balance, l.total, u.created_at, u.created_at
		from bulk_users u join (select user_id, sum(amount) as balance, sum(amount) filter (where amount > 0) as total from bulk_ledger group by user_id) l on l.user_id = u.id`,
	)
	await step(
		'credit_transactions',
		`insert into credit_transactions (user_id, credits_amount, price_chf, transaction_type, reference, balance_after, created_at)
		select user_id, amount, case when type = 'purchase' then round(amount * 0.0999, 2) else 0 end, type, reference,
			sum(amount) over (partition by user_id order by i), created_at
		from bulk_ledger`,
	)

	await step(
		'agent_configurations',
		`insert into agent_configurations (user_id, name, avatar, personality, description, target_audience, tone, industry, brand_name, agent_order, is_default, created_at)
		select u.id,
			(array['Marketing-Profi','Freundliche Beraterin','Tech-Erklärer','Gastro-Stimme','Finanz-Coach'])[1 + (u.n + g.o) % 5],
			(array['bot','sparkles','rocket','coffee','briefcase'])[1 + (u.n + g.o) % 5],
			(array['professional','friendly','creative','expert','inspiring'])[1 + (u.n + g.o) % 5],
			'Schreibt klar und nahbar über ' || (array['Digitalisierung','Gastronomie','Finanzen','Gesundheit','Immobilien'])[1 + (u.n * 3 + g.o) % 5] || ' für kleine Unternehmen in der Schweiz.',
			(array['KMU-Inhaber','Gründerinnen und Gründer','Fachkräfte','Stammkundschaft','Entscheider im Mittelstand'])[1 + (u.n + g.o) % 5],
			(array['professional','conversational','friendly','inspiring','educational'])[1 + (u.n + g.o) % 5],
			(array['technology','marketing','finance','hospitality','consulting'])[1 + (u.n + g.o) % 5],
			split_part(u.full_name, ' ', 2) || ' ' || (array['GmbH','AG','Studio','Beratung','& Co.'])[1 + u.n % 5],
			g.o, g.o = 0, u.created_at + interval '10 minutes'
		from bulk_users u cross join lateral generate_series(0, u.agents - 1) g(o)`,
	)

	await step(
		'social_tokens (Sandbox)',
		`insert into social_tokens (user_id, platform, account_id, account_name, access_token_encrypted, scopes, follower_count, engagement_rate, status, sandbox, last_synced_at, last_refreshed_at, created_at)
		select u.id, p.platform, 'sbx-' || p.platform || '-' || u.n || case when a.k > 0 then '-' || a.k else '' end,
			u.full_name || case when a.k > 0 then ' ' || (array['Filiale','Shop','Team','Events'])[a.k] else '' end,
			$1, '{}', (u.n * 97 + p.o * 31 + a.k * 53) % 5000, ((u.n + p.o) % 60) / 10.0,
			case when u.n > 3 and (u.n + p.o) % 23 = 0 then 'reconnect_required' else 'active' end, true, now() - interval '1 day', u.created_at, u.created_at
		from bulk_users u cross join lateral unnest(u.platforms) with ordinality as p(platform, o) cross join lateral generate_series(0, u.accounts_per_network - 1) a(k)`,
		[sealedToken],
	)
	await step(
		'channels',
		`insert into channels (user_id, social_token_id, platform, page_id, page_name, real_name, page_type, follower_count, is_default, brand_id, created_at)
		select t.user_id, t.id, t.platform, t.account_id || '-page', t.account_name || case t.platform when 'facebook' then ' (Seite)' else '' end, t.account_name,
			case when t.platform = 'facebook' then 'business' else 'personal' end, t.follower_count,
			-- An account's place among the user's accounts on its network: the first three are their brands' defaults, the others join the last brand.
			t.k < cardinality(u.brands), br.id, t.created_at
		from (select *, (row_number() over (partition by user_id, platform order by account_id) - 1)::int as k from social_tokens) t
			join bulk_users u on u.id = t.user_id
			join bulk_brands br on br.user_id = t.user_id and br.slot = least(t.k, cardinality(u.brands) - 1)`,
	)

	// Posts: a plan instant per post, a year back to a year ahead, at a calendar slot (06:00-23:00, 30 minutes).
	await step(
		'Posts (Plan)',
		`create unlogged table bulk_posts as
		with raw as (
			select u.id as user_id, u.n, u.time_zone, u.platforms, g.i, g.i % cardinality(u.brands) as brand_slot, random() as r, random() as r2, random() as r3,
				((now() at time zone u.time_zone)::date + (floor(random() * 731) - 365)::int + time '06:00' + make_interval(mins => 30 * floor(random() * 35)::int)) at time zone u.time_zone as at,
				(array[
					'Drei Dinge, die wir diese Woche über unsere Kundschaft gelernt haben.',
					'Heute zeigen wir, wie kleine Teams mit klaren Abläufen jede Woche Zeit sparen.',
					'Was macht einen guten Arbeitstag aus? Wir haben unser Team gefragt.',
					'Neu bei uns: ein Angebot, das wir lange vorbereitet haben.',
					'Ein Blick hinter die Kulissen unserer Werkstatt.',
					'Fünf Fragen, die Sie sich vor jeder Investition stellen sollten.',
					'Warum Nachhaltigkeit für KMU keine Frage der Grösse ist.',
					'So haben wir unsere Terminplanung in einem Monat halbiert.',
					'Zum Wochenstart: ein kurzer Tipp für mehr Fokus im Alltag.',
					'Danke an alle, die letzte Woche an unserem Anlass dabei waren!',
					'Digitalisierung beginnt nicht mit Software, sondern mit Gewohnheiten.',
					'Unser Lehrling erzählt, was ihn am ersten Jahr überrascht hat.'
				])[1 + floor(random() * 12)::int] as opener,
				(array[
					'Der wichtigste Schritt war, jeden Ablauf einmal aufzuschreiben und dann gemeinsam zu vereinfachen.',
					'Wir haben gemerkt, dass kurze Rückmeldungen mehr bewirken als lange Sitzungen.',
					'Viele unterschätzen, wie viel Zeit in kleinen Wiederholungen steckt, die sich automatisieren lassen.',
					'Unsere Kundinnen und Kunden schätzen vor allem, dass sie schnell eine verlässliche Antwort bekommen.',
					'Am Ende zählt nicht das perfekte Konzept, sondern dass man anfängt und dranbleibt.',
					'Mit einer einfachen Checkliste vermeiden wir heute die meisten Fehler, bevor sie passieren.',
					'Regionale Partner machen uns unabhängiger und die Wege kürzer.',
					'Wer seine Zahlen kennt, trifft ruhigere Entscheidungen, gerade in unsicheren Zeiten.'
				])[1 + floor(random() * 8)::int] as middle,
				(array[
					'Wie machen Sie das in Ihrem Team? Schreiben Sie es uns in die Kommentare.',
					'Mehr dazu erzählen wir gerne persönlich, melden Sie sich einfach.',
					'Speichern Sie den Beitrag für Ihren nächsten Planungstag.',
					'Wir freuen uns auf den Austausch!',
					'Teilen Sie den Beitrag mit jemandem, dem er helfen könnte.'
				])[1 + floor(random() * 5)::int] as closer,
				(array['#KMU #Schweiz #Unternehmertum', '#Digitalisierung #Produktivität', '#Teamwork #Arbeitswelt', '#Nachhaltigkeit #Regional', '#Marketing #SocialMedia', '#Innovation #Zukunft'])[1 + floor(random() * 6)::int] as tags
			from bulk_users u cross join lateral generate_series(1, u.posts) g(i)
		), typed as (
			select *,
				case when cardinality(platforms) > 1 and r2 < 0.15 then 'multiple' else platforms[1 + floor(r2 * 100)::int % cardinality(platforms)] end as platform,
				case
					when at < now() then (case when r < 0.80 then 'published' when r < 0.88 then 'draft' when r < 0.92 then 'review' else 'scheduled' end)
					when at < now() + interval '2 hours' then 'draft'
					else (case when r < 0.80 then 'scheduled' when r < 0.93 then 'draft' else 'review' end)
				end as status,
				-- Past 'scheduled' posts are the ones whose delivery failed (or could not be confirmed).
				case when at < now() and r >= 0.92 then (case when r < 0.985 then 'failed' else 'unconfirmed' end) end as failure,
				opener || ' ' || middle || ' ' || closer || E'\\n\\n' || tags as body
			from raw
		)
		select gen_random_uuid() as id, user_id, n, platform, platforms, brand_slot, status, failure, at, body, r3,
			case when at < now() then at - make_interval(secs => 3600 + r3 * 10 * 86400) else now() - make_interval(secs => r3 * 60 * 86400) end as created_at,
			case when length(opener) > 50 then left(opener, 50) || '…' else opener end as title,
			case when platform = 'multiple' then
				(select jsonb_build_object('base', body, 'platforms', jsonb_object_agg(p, case p when 'instagram' then body || ' #instagood' when 'threads' then opener || ' ' || closer else body end)) from unnest(platforms) p)::text
				else body end as content
		from typed`,
	)
	await client.query(`create index on bulk_posts (id)`)
	await client.query('analyze bulk_posts')
	await client.query('commit')

	await Promise.all([inTransaction(client, () => loadPosts()), inTransaction(second, () => loadTheRest())])
}

/** Posts, their deliveries and publish jobs (first session). */
async function loadPosts() {
	await step(
		'posts',
		`insert into posts (id, user_id, brand_id, title, content, platform, status, scheduled_at, time_zone, published_at, post_type,
			engagement_views, engagement_likes, engagement_shares, engagement_comments, created_at, updated_at)
		select b.id, b.user_id, br.id, b.title, b.content, b.platform, b.status,
			case when b.status in ('scheduled', 'published') then b.at end, u.time_zone,
			case when b.status = 'published' then b.at + make_interval(secs => 1 + b.r3 * 20) end,
			(array['ai-generated','ai-generated','ai-generated','manual'])[1 + (b.n + floor(b.r3 * 10)::int) % 4],
			case when b.status = 'published' then 40 + floor(b.r3 * b.r3 * 6000)::int else 0 end,
			case when b.status = 'published' then floor(b.r3 * b.r3 * 6000 * (0.01 + b.r3 * 0.05))::int else 0 end,
			case when b.status = 'published' then floor(b.r3 * b.r3 * 6000 * 0.004)::int else 0 end,
			case when b.status = 'published' then floor(b.r3 * b.r3 * 6000 * 0.008)::int else 0 end,
			b.created_at,
			case when b.status = 'published' then b.at + make_interval(secs => 30) else b.created_at end
		from bulk_posts b join bulk_users u on u.id = b.user_id join bulk_brands br on br.user_id = b.user_id and br.slot = b.brand_slot`,
	)

	// One delivery per post and platform (to its brand's default channel there), as the publisher leaves them: published, due in the future,
	// failed or unconfirmed (past). Drafts and posts under review have pending deliveries (no time).
	await step(
		'post_deliveries',
		`insert into post_deliveries (post_id, user_id, platform, channel_id, status, attempts, external_id, external_url, error_code, error_message,
			scheduled_at, published_at, attempt_started_at, request_sent_at, created_at, updated_at)
		select b.id, b.user_id, p.platform, cp.id,
			case when b.status = 'published' then 'published' when b.status = 'scheduled' then coalesce(b.failure, 'scheduled') else 'pending' end,
			case when b.status = 'published' or b.failure is not null then 1 else 0 end,
			case when b.status = 'published' then 'sbx-' || substr(md5(b.id::text || p.platform), 1, 16) end,
			case when b.status = 'published' then $1 || '/sandbox/' || p.platform || '/p/' || substr(md5(b.id::text || p.platform), 1, 16) end,
			case when b.failure = 'failed' then (array['network','token_expired','rate_limited','instagram_needs_image'])[1 + floor(b.r3 * 4)::int] when b.failure = 'unconfirmed' then 'unconfirmed' end,
			case when b.failure = 'failed' then 'Die Plattform war nicht erreichbar.' end,
			case when b.status in ('scheduled', 'published') then b.at end,
			case when b.status = 'published' then b.at + make_interval(secs => 1 + b.r3 * 20) end,
			case when b.status = 'published' or b.failure is not null then b.at end,
			case when b.status = 'published' or b.failure is not null then b.at end,
			b.created_at, case when b.status = 'published' then b.at + make_interval(secs => 30) else b.created_at end
		from bulk_posts b
			cross join lateral unnest(case when b.platform = 'multiple' then b.platforms else array[b.platform] end) as p(platform)
			join bulk_brands br on br.user_id = b.user_id and br.slot = b.brand_slot
			left join channels cp on cp.user_id = b.user_id and cp.platform = p.platform and cp.brand_id = br.id and cp.is_default`,
		[env.APP_URL],
	)

	// A scheduled post is never without its job: the publish job at its instant, the check an hour before.
	await step(
		'Publish-Jobs',
		`select count(*) from graphile_worker.add_jobs((
			select array_agg(row(j.identifier, json_build_object('deliveryId', d.id), null, j.run_at, 3, j.key, null, null)::graphile_worker.job_spec)
			from post_deliveries d join bulk_users u on u.id = d.user_id,
				lateral (values ('publishing_publish_delivery', d.scheduled_at, 'publish:' || d.id), ('publishing_precheck_delivery', d.scheduled_at - interval '1 hour', 'precheck:' || d.id)) as j(identifier, run_at, key)
			where d.status = 'scheduled' and d.scheduled_at > now() and j.run_at > now()))`,
	)

}

/** Drafts, activity, tool settings, content settings and ideas (second session, beside the posts). */
async function loadTheRest() {
	const step = (label: string, statement: string, params: Array<unknown> = []) => stepOn(second, label, statement, params)
	await step(
		'drafts',
		`insert into drafts (user_id, title, content, platforms, post_type, created_at, updated_at)
		select u.id, 'Entwurf ' || g.i || ': ' || (array['Sommeraktion','Teamvorstellung','Kundenstimme','Neues Produkt','Veranstaltungshinweis','Rückblick'])[1 + (u.n + g.i) % 6],
			(array['Idee: ein kurzer Beitrag über unser Team und warum wir jeden Morgen gerne zur Arbeit kommen.',
				'Notiz für später: Kundenfeedback aus dem letzten Monat zusammenfassen und drei Zitate auswählen.',
				'Entwurf zur Sommeraktion mit Rabatt für Stammkundinnen und Stammkunden, Text noch kürzen.'])[1 + (u.n * g.i) % 3],
			u.platforms[1:1 + (u.n + g.i) % cardinality(u.platforms)], 'ai-generated',
			now() - make_interval(days => (u.n * g.i) % 90, hours => g.i), now() - make_interval(days => (u.n + g.i) % 30, hours => g.i)
		from bulk_users u cross join lateral generate_series(1, u.drafts) g(i)`,
	)

	// What the activity log shows: one entry per post (created, published, failed), a few sign-ins and generations.
	await step(
		'activity_logs',
		`insert into activity_logs (user_id, log_type, title, description, status, metadata, created_at)
		select b.user_id,
			case when b.status = 'published' then 'post_publication' when b.failure is not null then 'post_publication' when b.status = 'scheduled' then 'post_scheduling' else 'post_creation' end,
			case when b.status = 'published' then 'Post veröffentlicht' when b.failure is not null then 'Veröffentlichung fehlgeschlagen' when b.status = 'scheduled' then 'Post geplant' else 'Post erstellt' end,
			b.title,
			case when b.failure is not null then 'error' else 'success' end,
			jsonb_build_object('postId', b.id, 'platform', b.platform),
			case when b.status = 'published' then b.at + make_interval(secs => 30) else b.created_at end
		from bulk_posts b
		union all
		select u.id, (array['authentication','content_generation','agent_usage'])[1 + g.i % 3],
			(array['Anmeldung','Inhalt generiert','Agent verwendet'])[1 + g.i % 3], '', 'info', '{}'::jsonb, now() - make_interval(days => g.i * 3, hours => u.n % 24)
		from bulk_users u cross join lateral generate_series(1, 10) g(i)`,
	)

	await step(
		'toolbox_settings',
		`insert into toolbox_settings (user_id, tool_name, is_enabled, is_favorite)
		select u.id, t.tool, (u.n + t.o) % 2 = 0, (u.n + t.o) % 3 <> 0
		from bulk_users u cross join lateral unnest(array['autoReply','autoRepost','birthdayWishes','eventPlanning','hashtagOptimizer']) with ordinality as t(tool, o)
		where (u.n + t.o) % 4 <> 0`,
	)
	// Settings without keywords: the daily news job passes these users by (no feed fetches for bulk data).
	await step(
		'content_settings',
		`insert into content_settings (user_id, niche, target_audience) select id, 'KMU und Handwerk', 'Inhaberinnen und Inhaber kleiner Unternehmen' from bulk_users`,
	)
	await step(
		'content_ideas',
		`insert into content_ideas (user_id, title, description, source, trending, platform, keyword, created_at)
		select u.id, (array['Kundenfrage der Woche beantworten','Team-Mitglied vorstellen','Vorher-nachher zeigen','Saisonalen Tipp teilen','Zahl des Monats erklären'])[1 + (u.n + g.i) % 5],
			'Ein kurzer Beitrag, der zeigt, wie Ihr Unternehmen arbeitet, mit einer Frage an die Community.', 'Ideen-Generator', g.i = 1, array['linkedin'], 'KMU', now() - make_interval(days => g.i)
		from bulk_users u cross join lateral generate_series(1, 6) g(i)`,
	)
}
