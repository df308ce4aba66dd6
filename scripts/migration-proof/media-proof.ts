// The proof that migration 2026-12-03-0100 (post_media) loses nothing: on an empty database, migrate
// to the migration before it, fill users and posts with every shape of image_url / platform_images the
// app writes (set-based, the bulk size of seed:bulk), snapshot them into the schema `proof`, migrate up
// and compare every post's (imageUrl, images) as the content module's mapper reads them from the rows;
// optionally migrate down and compare the restored columns. Used by `npm run proof:migration -- --proof media`
// and tests/integration/post-media-migration.test.ts.
import type { Kysely } from 'kysely'
import type pg from 'pg'
import { platformModules } from '#adapters/platforms/index.ts'
import { imagesOfRows, type PostMediaRow } from '#modules/content/post-media.ts'
import { migrateTo, migrationBefore } from './proof.ts'

export const POST_MEDIA_MIGRATION = '2026-12-03-0100-post-media'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed Kysely<any>
type AnyDb = Kysely<any>

export type MediaProofResult = { failures: Array<string>; upSeconds: number; downSeconds: number | null; counts: Record<string, number> }

/** Four registered networks play the fill's parts ($3 of the posts' statement); which ones does not matter to the proof. */
function fillNetworks() {
	const networks = platformModules.slice(0, 4).map((module) => module.platform)
	if (networks.length < 4) throw new Error('the media proof needs four registered networks')
	return networks
}

/**
 * The image shapes of the fill, by `post number % 10` (what the creator, the API, a CSV import and edits
 * leave; 0-3: none): a = this post's image, b = its second (1:1) one, u = an https URL; nets[1..4] = the
 * fill's networks.
 */
const SHAPES = `(values
	(4, a, '{}'::jsonb),
	(5, u, '{}'::jsonb),
	(6, a, jsonb_build_object(nets[1], a, nets[2], '')),
	(7, a, jsonb_build_object(nets[1], a, nets[3], a, nets[2], b, nets[4], '')),
	(8, null, jsonb_build_object(nets[2], '', nets[4], '')),
	(9, null, jsonb_build_object(nets[1], u))
) v(shape, image_url, platform_images)`

function fillStatements(users: number, posts: number): Array<[string, string, Array<unknown>]> {
	return [
		[
			'users',
			`insert into users (email, password_hash, time_zone) select 'media-proof-' || lpad(n::text, 7, '0') || '@bulk.postwerk.test', 'proof', 'Europe/Zurich' from generate_series(1, $1::int) n`,
			[users],
		],
		[
			'posts',
			`insert into posts (user_id, title, content, platform, status, image_url, platform_images, origin, created_at, updated_at)
			select u.id, 'Post ' || g.i, 'Text ' || g.i, ($3::text[] || array['multiple'])[1 + g.i % 5], 'draft',
				s.image_url, coalesce(s.platform_images, '{}'), case when g.i % 10 = 5 then 'api' when g.i % 20 = 4 then 'csv' else 'web' end,
				now() - make_interval(days => g.i % 700), now() - make_interval(days => g.i % 300)
			from generate_series(1, $1::int) g(i)
				join (select id, row_number() over (order by email) as n from users) u on u.n = 1 + g.i % $2::int
				cross join lateral (select '/media/images/' || md5(g.i || 'a') || '.jpg' as a, '/media/images/' || md5(g.i || 'b') || '.jpg' as b, 'https://bilder.example/' || g.i || '.jpg' as u, $3::text[] as nets) i
				left join lateral (select v.image_url, v.platform_images from ${SHAPES} where v.shape = g.i % 10) s on true`,
			[posts, users, fillNetworks()],
		],
		// The generated images of every second generation-shaped post (the others' images are uploads).
		[
			'uploads',
			`insert into uploads (user_id, kind, storage_key, content_type, byte_size)
			select p.user_id, 'generated_image', substring(e.value #>> '{}' from '^/media/(.+)$'), 'image/jpeg', 1000
			from posts p cross join lateral (select distinct value from jsonb_each(p.platform_images) where value <> '""'::jsonb) e
			where p.title ~ '7$' and (substring(p.title from '[0-9]+')::int / 10) % 2 = 0`,
			[],
		],
	]
}

const snapshotSql = `
	create schema proof;
	create table proof.posts as select id, image_url, platform_images, updated_at from posts;
	create index on proof.posts (id);
	create table proof.counts as
		select 'users' as name, count(*)::int as n from users
		union all select 'posts', count(*)::int from posts
		union all select 'posts with images', count(*)::int from posts where image_url is not null or platform_images <> '{}'
		union all select 'image rows expected', (
			select count(*)::int from posts p where coalesce(p.image_url, '') <> '')
			+ (select count(*)::int from (select distinct p.id, e.value from posts p, jsonb_each(p.platform_images) e where e.value <> '""'::jsonb) d)
		union all select 'generated uploads', count(*)::int from uploads where kind = 'generated_image';
	analyze proof.posts;`

/** Runs the whole proof on `db`/`pool`, an empty database. */
export async function provePostMediaMigration(db: AnyDb, pool: pg.Pool, size: { users: number; posts: number }, options: { down: boolean; log?: (line: string) => void }) {
	const log = options.log ?? (() => {})
	const before = migrationBefore(POST_MEDIA_MIGRATION)
	await migrateTo(db, before)
	const session = await pool.connect()
	try {
		log(`Alte Daten (bis ${before}):`)
		await session.query('begin')
		for (const [label, statement, params] of fillStatements(size.users, size.posts)) {
			const started = performance.now()
			const result = await session.query(statement, params)
			log(`  ${label}: ${result.rowCount ?? 0} Zeilen, ${((performance.now() - started) / 1000).toFixed(1)} s`)
		}
		await session.query('commit')
		await session.query('analyze')
		await session.query(snapshotSql)
		const counts = Object.fromEntries((await session.query<{ name: string; n: number }>('select name, n from proof.counts')).rows.map((r) => [r.name, r.n]))
		let started = performance.now()
		await migrateTo(db, POST_MEDIA_MIGRATION)
		const upSeconds = (performance.now() - started) / 1000
		const failures = [...(await violations(session, afterUp)), ...(await viewDifferences(session))]
		let downSeconds: number | null = null
		if (options.down) {
			started = performance.now()
			await migrateTo(db, before)
			downSeconds = (performance.now() - started) / 1000
			failures.push(...(await violations(session, afterDown)).map((failure) => `nach down: ${failure}`))
		}
		return { failures, upSeconds, downSeconds, counts } satisfies MediaProofResult
	} finally {
		session.release()
	}
}

/** Every post's imageUrl and images as the mapper gives them from the rows, against the old columns (the '' image_url read as none). */
async function viewDifferences(session: pg.ClientBase) {
	const { rows } = await session.query<{ id: string; image_url: string | null; platform_images: Record<string, unknown>; without: Array<string>; media: Array<PostMediaRow> }>(`
		select s.id, s.image_url, s.platform_images, p.networks_without_media as without,
			(select coalesce(json_agg(json_build_object('id', m.id, 'kind', m.kind, 'url', m.url, 'networks', m.networks) order by m.position), '[]') from post_media m where m.post_id = p.id) as media
		from proof.posts s join posts p on p.id = s.id`)
	const failures: Array<string> = []
	for (const row of rows) {
		const networks = Object.keys(row.platform_images)
		const after = imagesOfRows([...networks, ...row.media.flatMap((m) => m.networks ?? [])], row.media, row.without)
		const images = Object.fromEntries(Object.entries(row.platform_images).filter((entry) => typeof entry[1] === 'string'))
		const before = { imageUrl: row.image_url || null, images }
		if (JSON.stringify(sorted(after)) !== JSON.stringify(sorted(before))) failures.push(`${row.id}: vorher ${JSON.stringify(before)}, nachher ${JSON.stringify(after)}`)
	}
	return failures.length ? [`Bild eines Posts verändert: ${failures.length} (${failures.slice(0, 3).join('; ')})`] : []
}

const sorted = (value: { imageUrl: string | null; images: Record<string, unknown> }) => ({ imageUrl: value.imageUrl, images: Object.fromEntries(Object.entries(value.images).sort(([a], [b]) => (a < b ? -1 : 1))) })

async function violations(session: pg.ClientBase, checks: Record<string, string>) {
	const failures: Array<string> = []
	for (const [name, query] of Object.entries(checks)) {
		const { rows } = await session.query<{ n: number; sample: Array<string> | null }>(`select count(*)::int as n, (array_agg(what))[1:3] as sample from (${query}) v`)
		const { n, sample } = rows[0]!
		if (n > 0) failures.push(`${name}: ${n} (${(sample ?? []).join('; ')})`)
	}
	return failures
}

const afterUp: Record<string, string> = {
	'Anzahl Posts geändert': `select 'posts' as what from proof.counts c where c.name = 'posts' and c.n <> (select count(*) from posts)`,
	'Anzahl Bildzeilen nicht wie erwartet': `select (select count(*) from post_media) || ' statt ' || c.n as what from proof.counts c where c.name = 'image rows expected' and c.n <> (select count(*) from post_media)`,
	'Post verändert (Zeitpunkt)': `select s.id::text as what from proof.posts s left join posts p on p.id = s.id where p.updated_at is distinct from s.updated_at`,
	'Positionen nicht 0..n-1': `select post_id::text as what from post_media group by post_id having min(position) <> 0 or max(position) <> count(*) - 1`,
	'Bildzeile in fremder Marke oder eines anderen Benutzers': `select m.id::text as what from post_media m join posts p on p.id = m.post_id where (m.user_id, m.brand_id) is distinct from (p.user_id, p.brand_id)`,
	'generiertes Bild nicht gekennzeichnet': `
		select m.id::text as what from post_media m join uploads u on u.storage_key = m.file_key
		where (u.kind = 'generated_image') is distinct from m.ai_generated or m.ai_generated is distinct from (m.source = 'generation')`,
	'Datei-Schlüssel falsch': `select m.id::text as what from post_media m where m.file_key is distinct from substring(m.url from '^/media/(.+)$')`,
}

const afterDown: Record<string, string> = {
	'Spalten nicht wie vorher': `
		select s.id::text as what from proof.posts s left join posts p on p.id = s.id
		where p.id is null or (p.image_url, p.platform_images, p.updated_at) is distinct from (nullif(s.image_url, ''), s.platform_images, s.updated_at)`,
	'post_media noch da': `select 'post_media' as what where to_regclass('post_media') is not null`,
}
