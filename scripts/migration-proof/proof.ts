// The proof that migration 2026-12-02-0500 (channels and brands) loses nothing: on an empty
// database, migrate to the migration before it, fill the old schema (fill.ts), snapshot what
// matters into the schema `proof`, migrate up and compare; optionally migrate down and compare again.
// Used by `npm run proof:migration` (the bulk size) and tests/integration/channels-migration.test.ts.
import { promises as fs, readdirSync } from 'node:fs'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { FileMigrationProvider, Migrator } from 'kysely/migration'
import type pg from 'pg'
import { fillBeforeChannels, type FillSize } from './fill.ts'

export const CHANNELS_MIGRATION = '2026-12-02-0500-channels-and-brands'
const migrationFolder = path.resolve(import.meta.dirname, '../../migrations')

export type DeliveryKind = 'defaultPage' | 'otherPage' | 'noPageToDefault' | 'noPageNoChannel'
export type ProofResult = {
	failures: Array<string>
	upSeconds: number
	downSeconds: number | null
	counts: Record<string, number>
	deliveryKinds: Partial<Record<DeliveryKind, number>>
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any>
type AnyDb = Kysely<any>

/** The migration that sorts right before `name` (Kysely runs them in name order). */
export function migrationBefore(name: string) {
	const names = readdirSync(migrationFolder)
		.filter((file) => /\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'))
		.map((file) => file.replace(/\.(ts|js)$/, ''))
		.sort()
	const index = names.indexOf(name)
	if (index < 1) throw new Error(`No migration before ${name}`)
	return names[index - 1]!
}

export async function migrateTo(db: AnyDb, name: string) {
	const migrator = new Migrator({ db, provider: new FileMigrationProvider({ fs, path, migrationFolder }), allowUnorderedMigrations: true })
	const { error, results } = await migrator.migrateTo(name)
	if (error) {
		const failed = results?.find((r) => r.status === 'Error')
		throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`)
	}
}

/** Runs the whole proof on `db`/`pool`, an empty database. */
export async function proveChannelsMigration(db: AnyDb, pool: pg.Pool, size: FillSize, options: { down: boolean; log?: (line: string) => void }) {
	const log = options.log ?? (() => {})
	const before = migrationBefore(CHANNELS_MIGRATION)
	await migrateTo(db, before)
	const session = await pool.connect()
	try {
		log(`Alte Daten (bis ${before}):`)
		await fillBeforeChannels(session, size, log)
		await session.query(snapshotSql)
		const counts = Object.fromEntries((await session.query<{ name: string; n: number }>('select name, n from proof.counts')).rows.map((r) => [r.name, r.n]))
		const deliveryKinds = Object.fromEntries((await session.query<{ kind: DeliveryKind; n: number }>('select kind, n from proof.delivery_kinds')).rows.map((r) => [r.kind, r.n]))
		let started = performance.now()
		await migrateTo(db, CHANNELS_MIGRATION)
		const upSeconds = (performance.now() - started) / 1000
		const failures = await violations(session, afterUp)
		let downSeconds: number | null = null
		if (options.down) {
			started = performance.now()
			await migrateTo(db, before)
			downSeconds = (performance.now() - started) / 1000
			failures.push(...(await violations(session, afterDown)).map((failure) => `nach down: ${failure}`))
		}
		return { failures, upSeconds, downSeconds, counts, deliveryKinds } satisfies ProofResult
	} finally {
		session.release()
	}
}

async function violations(session: pg.ClientBase, checks: Record<string, string>) {
	const failures: Array<string> = []
	for (const [name, query] of Object.entries(checks)) {
		const { rows } = await session.query<{ n: number; sample: Array<string> | null }>(
			`select count(*)::int as n, (array_agg(what))[1:3] as sample from (${query}) v`,
		)
		const { n, sample } = rows[0]!
		if (n > 0) failures.push(`${name}: ${n} (${(sample ?? []).join('; ')})`)
	}
	return failures
}

// The schema as the down migration must restore it: tables, columns, indexes, constraints, triggers, functions.
const shapeSql = `
	select 'table' as kind, relname::text as name, relkind::text as definition from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'v', 'm', 'S')
	union all select 'column', table_name || '.' || column_name, data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') from information_schema.columns where table_schema = 'public'
	union all select 'index', indexname, indexdef from pg_indexes where schemaname = 'public'
	union all select 'constraint', conrelid::regclass::text || '.' || conname, pg_get_constraintdef(oid) from pg_constraint where connamespace = 'public'::regnamespace
	union all select 'trigger', t.tgname, pg_get_triggerdef(t.oid) from pg_trigger t join pg_class c on c.oid = t.tgrelid where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
	union all select 'function', proname, pg_get_function_identity_arguments(oid) from pg_proc where pronamespace = 'public'::regnamespace`

const countsSql = (pages: string) => `
	select 'users' as name, count(*)::int as n from users
	union all select 'social_tokens', count(*)::int from social_tokens
	union all select 'pages', count(*)::int from ${pages}
	union all select 'posts', count(*)::int from posts
	union all select 'post_deliveries', count(*)::int from post_deliveries
	union all select 'drafts', count(*)::int from drafts
	union all select 'agent_configurations', count(*)::int from agent_configurations`

const snapshotSql = `
	create schema proof;
	create table proof.shape as ${shapeSql};
	create table proof.counts as ${countsSql('connected_pages')};
	create table proof.deliveries as
		select id, post_id, user_id, platform, status, external_id, external_url, connected_page_id as page, updated_at from post_deliveries;
	create index on proof.deliveries (id);
	create table proof.pages as select * from connected_pages;
	create table proof.posts as select id, updated_at from posts;
	create table proof.drafts as select id, page_ids, updated_at from drafts;
	create table proof.agents as select id, updated_at from agent_configurations;
	analyze proof.deliveries, proof.pages, proof.posts, proof.drafts, proof.agents;
	-- What the fill covers: deliveries at the default page, at another page, without a page (to the default), without any page of their network.
	create table proof.delivery_kinds as
		select case when s.page is not null then (case when p.is_default then 'defaultPage' else 'otherPage' end)
			when exists (select 1 from proof.pages d where d.user_id = s.user_id and d.platform = s.platform and d.is_default) then 'noPageToDefault'
			else 'noPageNoChannel' end as kind, count(*)::int as n
		from proof.deliveries s left join proof.pages p on p.id = s.page group by 1;`

/** Checks both sides share; `pages`/`page` name the table and the delivery's column of that side. Each query lists violations as `what`. */
const unchanged = (pages: string, page: string) => ({
	'Anzahl geändert': `select c.name || ': ' || c.n || ' vorher, ' || coalesce(now.n, 0) || ' nachher' as what from proof.counts c left join (${countsSql(pages)}) now using (name) where now.n is distinct from c.n`,
	'Zustellung verloren oder verändert': `
		select s.id::text as what from proof.deliveries s left join post_deliveries d on d.id = s.id
		where d.id is null or (d.post_id, d.user_id, d.platform, d.status, d.external_id, d.external_url, d.updated_at)
			is distinct from (s.post_id, s.user_id, s.platform, s.status, s.external_id, s.external_url, s.updated_at)`,
	'Seite verloren oder verändert': `
		select s.id::text as what from proof.pages s left join ${pages} c on c.id = s.id
		where c.id is null or (c.user_id, c.social_token_id, c.platform, c.page_id, c.page_name, c.real_name, c.page_type, c.follower_count,
			c.is_default, c.profile_picture_url, c.access_token_encrypted, c.created_at, c.updated_at)
			is distinct from (s.user_id, s.social_token_id, s.platform, s.page_id, s.page_name, s.real_name, s.page_type, s.follower_count,
			s.is_default, s.profile_picture_url, s.access_token_encrypted, s.created_at, s.updated_at)`,
	'Entwurf verändert (Seiten, Zeitpunkt)': `
		select s.id::text as what from proof.drafts s left join drafts d on d.id = s.id where (d.page_ids, d.updated_at) is distinct from (s.page_ids, s.updated_at)`,
	'Post verändert (Zeitpunkt)': `select s.id::text as what from proof.posts s left join posts p on p.id = s.id where p.updated_at is distinct from s.updated_at`,
	'Agent verändert (Zeitpunkt)': `select s.id::text as what from proof.agents s left join agent_configurations a on a.id = s.id where a.updated_at is distinct from s.updated_at`,
	// Without a page a delivery went to the default page of its network; after the migration it names that channel.
	'Zustellung am falschen Kanal': `
		select s.id::text as what from proof.deliveries s join post_deliveries d on d.id = s.id
		where d.${page} is distinct from coalesce(s.page, (select p.id from proof.pages p where p.user_id = s.user_id and p.platform = s.platform and p.is_default))`,
})

const brandOwned = ['channels', 'posts', 'drafts', 'agent_configurations']

const afterUp: Record<string, string> = {
	...unchanged('channels', 'channel_id'),
	// The brief's own wording: the default channel of the post's brand and network.
	'Zustellung nicht am Standardkanal der Marke': `
		select s.id::text as what from proof.deliveries s join post_deliveries d on d.id = s.id join posts p on p.id = d.post_id
			left join channels c on c.brand_id = p.brand_id and c.platform = d.platform and c.is_default
		where s.page is null and d.channel_id is distinct from c.id`,
	'Benutzer ohne genau eine Marke': `select u.email as what from users u left join brands b on b.user_id = u.id group by u.id, u.email having count(b.id) <> 1`,
	...Object.fromEntries(
		brandOwned.map((table) => [
			`${table} in fremder Marke`,
			`select t.id::text as what from ${table} t left join brands b on b.id = t.brand_id and b.user_id = t.user_id where b.id is null`,
		]),
	),
	'Marke und Netzwerk nicht genau ein Standardkanal': `
		select brand_id || ' ' || platform as what from channels group by brand_id, platform having count(*) filter (where is_default) <> 1`,
	'Marke ohne den Standard-Agenten': `
		select b.id::text as what from brands b
		where b.default_agent_id is distinct from (select a.id from agent_configurations a where a.user_id = b.user_id order by a.is_default desc, a.agent_order limit 1)`,
}

const afterDown: Record<string, string> = {
	...unchanged('connected_pages', 'connected_page_id'),
	'Schema nicht wie vorher': `
		select kind || ' ' || name || ' ' || definition || ' (' || side || ')' as what from (
			(select *, 'fehlt' as side from proof.shape except select *, 'fehlt' from (${shapeSql}) now)
			union all (select *, 'neu' from (${shapeSql}) now except select *, 'neu' from proof.shape)) diff`,
}
