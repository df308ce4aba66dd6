import { readFileSync } from 'node:fs'
import { Kysely, PostgresDialect, sql } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { userWithBrandPosts } from '#tests/support/brand-posts.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'
import { userWithCredits } from '#tests/support/users.ts'

const DAY = 86_400_000

async function post(db: Kysely<DB>, userId: string, brandId: string, title: string, status: 'draft' | 'scheduled' | 'published', offsetDays: number, views = 0) {
	const at = new Date(Date.now() + offsetDays * DAY)
	await db
		.insertInto('posts')
		.values({
			user_id: userId,
			brand_id: brandId,
			platform: 'linkedin',
			title,
			content: title,
			status,
			scheduled_at: status === 'scheduled' ? at : null,
			published_at: status === 'published' ? at : null,
			engagement_views: views,
			engagement_likes: views > 0 ? 1 : 0,
		})
		.execute()
}

// Dashboard, 'Meine Posts' and the calendar follow the chosen brand (issue 38): each reads one brand's
// rows when given its id, all of the user's with null, and never another user's.
test('board, calendar and dashboard show only the chosen brand, all brands with null', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const alice = await userWithCredits(t.db, 0)
	const bob = await userWithCredits(t.db, 0)
	const made = await Promise.all([services.brands.create(alice, 'Privat'), services.brands.create(alice, 'Bäckerei Winterthur'), services.brands.create(bob, 'Bob')])
	const [privat, baeckerei, bobs] = made.map((r) => (r.ok ? r.id : ''))
	await post(t.db, alice, privat!, 'Ferien im Tessin', 'scheduled', 1)
	await post(t.db, alice, privat!, 'Velotour', 'published', -1, 100)
	await post(t.db, alice, baeckerei!, 'Zopf am Sonntag', 'scheduled', 2)
	await post(t.db, alice, baeckerei!, 'Neue Gipfeli', 'scheduled', 3)
	await post(t.db, alice, baeckerei!, 'Brot des Monats', 'published', -2, 50)
	await post(t.db, alice, baeckerei!, 'Entwurf Weggen', 'draft', 0)
	await t.db.insertInto('drafts').values({ user_id: alice, brand_id: baeckerei!, platforms: ['linkedin'], title: 'Idee Birnbrot', content: 'Birnbrot' }).execute()
	await post(t.db, bob, bobs!, 'Bobs Post', 'scheduled', 1)

	const titles = (b: { posts: Array<{ title: string }>; drafts: Array<{ title: string }> }) => [...b.posts, ...b.drafts].map((p) => p.title).sort()
	const bakeryBoard = await services.content.board(alice, { brandId: baeckerei })
	expect(titles(bakeryBoard)).toEqual(['Brot des Monats', 'Entwurf Weggen', 'Idee Birnbrot', 'Neue Gipfeli', 'Zopf am Sonntag'])
	expect(bakeryBoard.counts).toEqual({ drafts: 2, scheduled: 2, published: 1 })
	const privatBoard = await services.content.board(alice, { brandId: privat })
	expect(titles(privatBoard)).toEqual(['Ferien im Tessin', 'Velotour'])
	expect(privatBoard.counts).toEqual({ drafts: 0, scheduled: 1, published: 1 })
	expect((await services.content.board(alice, { brandId: null })).counts).toEqual({ drafts: 2, scheduled: 3, published: 2 })
	expect((await services.content.board(alice, { brandId: baeckerei, query: 'gipfeli' })).counts).toEqual({ drafts: 0, scheduled: 1, published: 0 })
	// Another user's brand id shows nothing of hers or his.
	expect(titles(await services.content.board(alice, { brandId: bobs }))).toEqual([])

	const range = { from: new Date(Date.now() - 7 * DAY), to: new Date(Date.now() + 7 * DAY), weekStart: new Date(Date.now() - DAY) }
	const bakeryCalendar = await services.content.calendar(alice, { ...range, brandId: baeckerei })
	expect(bakeryCalendar.posts.map((p) => p.title).sort()).toEqual(['Brot des Monats', 'Neue Gipfeli', 'Zopf am Sonntag'])
	expect(bakeryCalendar.stats.platforms).toEqual([{ platform: 'linkedin', count: 3 }])
	expect((await services.content.calendar(alice, { ...range, brandId: privat })).posts.map((p) => p.title).sort()).toEqual(['Ferien im Tessin', 'Velotour'])
	expect((await services.content.calendar(alice, range)).posts).toHaveLength(5)

	const limits = { favorites: 4, activity: 5, ideas: 4 }
	const bakery = await services.dashboard.read(alice, 'Europe/Zurich', limits, baeckerei)
	const personal = await services.dashboard.read(alice, 'Europe/Zurich', limits, privat)
	const all = await services.dashboard.read(alice, 'Europe/Zurich', limits, null)
	expect([bakery.content.publishedCount, bakery.content.draftsCount, bakery.content.engagementRate]).toEqual([1, 2, 2])
	expect([personal.content.publishedCount, personal.content.draftsCount, personal.content.engagementRate]).toEqual([1, 0, 1])
	expect([all.content.publishedCount, all.content.draftsCount]).toEqual([2, 2])
	expect(bakery.content.recent.map((r) => r.title)).not.toContain('Velotour')
	expect(bakery.content.days.reduce((n, d) => n + d.posts, 0)).toBe(1)
})

test('one brand costs the same number of statements as all brands, with few and with many posts', async () => {
	await using t = await createTestDatabase()
	let queries = 0
	const counting = new Kysely<DB>({ dialect: new PostgresDialect({ pool: t.pool }), log: () => void queries++ })
	const { services } = testServices(counting)
	const alice = await userWithCredits(t.db, 0)
	const made = await services.brands.create(alice, 'Bäckerei Winterthur')
	const brand = made.ok ? made.id : ''
	const range = { from: new Date(Date.now() - 7 * DAY), to: new Date(Date.now() + 28 * DAY), weekStart: new Date(Date.now() - DAY), perDay: { limit: 2, timeZone: 'Europe/Zurich' } }
	const count = async (read: () => Promise<unknown>) => {
		queries = 0
		await read()
		return queries
	}
	const measure = async (brandId: string | null) => ({
		board: await count(() => services.content.board(alice, { brandId })),
		calendar: await count(() => services.content.calendar(alice, { ...range, brandId })),
		dashboard: await count(() => services.dashboard.read(alice, 'Europe/Zurich', { favorites: 4, activity: 5, ideas: 4 }, brandId)),
	})
	await post(t.db, alice, brand, 'Erster', 'scheduled', 1)
	const few = { all: await measure(null), brand: await measure(brand) }
	for (let i = 0; i < 200; i++) await post(t.db, alice, brand, `Post ${i}`, i % 2 ? 'scheduled' : 'published', i % 2 ? 1 + (i % 20) : -(i % 20))
	const many = { all: await measure(null), brand: await measure(brand) }
	expect(few.brand).toEqual(few.all)
	expect(many).toEqual(few)
})

// The brand's totals come from the rollup rows of its brand (ADR 0026, 0047 addendum): they must equal a
// count of its posts whatever happened to them, on every page that shows them.
test('a brand\'s totals equal a count of its posts after inserts, status changes, brand moves, a brand\'s deletion and deletes', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const alice = await userWithCredits(t.db, 0)
	const made = await Promise.all([services.brands.create(alice, 'Privat'), services.brands.create(alice, 'Bäckerei Winterthur'), services.brands.create(alice, 'Café am Markt')])
	const [privat, baeckerei, cafe] = made.map((r) => (r.ok ? r.id : ''))
	const range = { from: new Date(Date.now() - 30 * DAY), to: new Date(Date.now() + 30 * DAY), weekStart: new Date(Date.now() - DAY) }
	const limits = { favorites: 4, activity: 5, ideas: 4 }
	const counted = async (brandId: string | null) => {
		const rows = await t.db
			.selectFrom('posts')
			.select(['status', 'platform', (eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.sum<string>('engagement_views').as('views')])
			.where('user_id', '=', alice)
			.$if(brandId !== null, (qb) => qb.where('brand_id', '=', brandId!))
			.groupBy(['status', 'platform'])
			.execute()
		const drafts = await t.db.selectFrom('drafts').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', alice).$if(brandId !== null, (qb) => qb.where('brand_id', '=', brandId!)).executeTakeFirstOrThrow()
		const of = (...statuses: Array<string>) => rows.filter((r) => statuses.includes(r.status)).reduce((n, r) => n + Number(r.n), 0)
		const perPlatform = new Map<string, number>()
		for (const r of rows.filter((r) => r.status === 'scheduled' || r.status === 'published')) perPlatform.set(r.platform, (perPlatform.get(r.platform) ?? 0) + Number(r.n))
		return {
			board: { drafts: of('draft', 'review') + Number(drafts.n), scheduled: of('scheduled'), published: of('published') },
			dashboard: { published: of('published'), drafts: of('draft') + Number(drafts.n), review: of('review') },
			platforms: [...perPlatform].map(([platform, count]) => ({ platform, count })).sort((a, b) => b.count - a.count || a.platform.localeCompare(b.platform)),
		}
	}
	const shown = async (brandId: string | null) => {
		const dashboard = (await services.dashboard.read(alice, 'Europe/Zurich', limits, brandId)).content
		return {
			board: (await services.content.board(alice, { brandId })).counts,
			dashboard: { published: dashboard.publishedCount, drafts: dashboard.draftsCount, review: dashboard.reviewCount },
			platforms: (await services.content.calendar(alice, { ...range, brandId })).stats.platforms,
		}
	}
	const expectCounts = async (step: string, brands: Array<string | null>) => {
		for (const brandId of [null, ...brands]) expect(await shown(brandId), `${step}, brand ${brandId ?? 'all'}`).toEqual(await counted(brandId))
	}

	for (let i = 0; i < 12; i++) await post(t.db, alice, [privat, baeckerei, cafe][i % 3]!, `Post ${i}`, (['draft', 'scheduled', 'published'] as const)[i % 3]!, i % 3 === 2 ? -i : i, i * 10)
	await t.db.insertInto('drafts').values({ user_id: alice, brand_id: cafe!, platforms: ['linkedin'], title: 'Idee', content: 'Idee' }).execute()
	await expectCounts('inserts', [privat!, baeckerei!, cafe!])
	const ids = (await t.db.selectFrom('posts').select(['id', 'brand_id', 'status']).where('user_id', '=', alice).orderBy('title').execute()).filter((p) => p.brand_id === baeckerei)
	await t.db.updateTable('posts').set({ status: 'review' }).where('id', '=', ids.find((p) => p.status === 'scheduled')!.id).execute()
	await t.db.updateTable('posts').set({ status: 'published', published_at: new Date(), platform: 'facebook' }).where('brand_id', '=', privat!).where('status', '=', 'scheduled').execute()
	await expectCounts('status changes', [privat!, baeckerei!, cafe!])
	// One post to another brand (a retarget), then a brand deleted with its posts and drafts moved.
	await t.db.updateTable('posts').set({ brand_id: cafe! }).where('id', '=', ids[0]!.id).execute()
	await expectCounts('a post moved', [privat!, baeckerei!, cafe!])
	expect(await services.brands.delete(alice, cafe!, privat!)).toEqual({ ok: true })
	await expectCounts('a brand deleted', [privat!, baeckerei!])
	expect(await t.db.selectFrom('post_figures').select('brand_id').where('brand_id', '=', cafe!).execute()).toEqual([])
	await t.db.deleteFrom('posts').where('user_id', '=', alice).where('status', '=', 'published').where('brand_id', '=', privat!).execute()
	await expectCounts('deletes', [privat!, baeckerei!])
})

// Issue 38: the bench user (5 000 posts in 3 brands) with a brand chosen should cost what 'Alle Marken' costs.
// The plans are checked; the costs are reported, not checked: CPU time per request of Postgres (its backend's
// /proc schedstat, one connection) and of this process, which a loaded machine stretches less than wall time.
test('one brand of 5 000 posts in 3 brands: totals from the rollup, lists in index order; costs against all brands', async () => {
	await using t = await createTestDatabase({ maxConnections: 1 })
	const { userId, brandIds } = await userWithBrandPosts(t.db)
	const brand = brandIds[0]!
	const statements: Array<string> = []
	const logging = new Kysely<DB>({ dialect: new PostgresDialect({ pool: t.pool }), log: (e) => void statements.push(e.query.sql) })
	await testServices(logging).services.content.board(userId, { brandId: brand })
	// The board's statements are prepared (generic plans after five runs): explained as generic plans.
	const plan = async (text: string) => (await sql.raw<{ 'QUERY PLAN': string }>(`explain (generic_plan) ${text}`).execute(t.db)).rows.map((r) => r['QUERY PLAN']).join('\n')
	const totals = await plan(statements.find((s) => s.includes('post_figures'))!)
	const posts = await plan(statements.find((s) => s.includes('union all'))!)
	const drafts = await plan(statements.find((s) => !s.includes('post_figures') && !s.includes('union all'))!)
	expect(drafts).toMatch(/Index Scan using drafts_brand_user_updated_idx/)
	for (const index of ['posts_brand_user_updated_idx', 'posts_brand_user_status_scheduled_idx', 'posts_brand_user_status_published_idx']) expect(posts).toMatch(new RegExp(`Index Scan( Backward)? using ${index}`))
	expect(posts).not.toMatch(/Bitmap/)
	expect(totals).toMatch(/post_figures/)
	expect(totals).not.toMatch(/ on posts/)

	const { services } = testServices(t.db)
	const DAYS = 86_400_000
	const month = { from: new Date(Date.now() - 14 * DAYS), to: new Date(Date.now() + 28 * DAYS), weekStart: new Date(Date.now() - DAYS), perDay: { limit: 3, timeZone: 'Europe/Zurich' } }
	const week = { from: new Date(Date.now() - DAYS), to: new Date(Date.now() + 6 * DAYS), weekStart: new Date(Date.now() - DAYS) }
	const pages: Record<string, (brandId: string | null) => Promise<unknown>> = {
		board: (brandId) => services.content.board(userId, { brandId }),
		'calendar month': (brandId) => services.content.calendar(userId, { ...month, brandId }),
		'calendar week': (brandId) => services.content.calendar(userId, { ...week, brandId }),
		dashboard: (brandId) => services.dashboard.read(userId, 'Europe/Zurich', { favorites: 4, activity: 5, ideas: 4 }, brandId),
	}
	const { pid } = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(t.db)).rows[0]!
	const postgresNs = () => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0])
	const median = (values: Array<number>) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
	const report: Array<string> = []
	for (const [name, read] of Object.entries(pages)) {
		const costs = { all: { postgres: [] as Array<number>, node: [] as Array<number> }, brand: { postgres: [] as Array<number>, node: [] as Array<number> } }
		for (let i = 0; i < 35; i++) {
			for (const [which, brandId] of [['all', null], ['brand', brand]] as const) {
				const [pg, node] = [postgresNs(), process.cpuUsage()]
				await read(brandId)
				const nodeUs = process.cpuUsage(node)
				// The first five of each warm the connection's prepared statements and caches.
				if (i < 5) continue
				costs[which].postgres.push((postgresNs() - pg) / 1e6)
				costs[which].node.push((nodeUs.user + nodeUs.system) / 1e3)
			}
		}
		const ms = (values: Array<number>) => median(values).toFixed(2)
		report.push(`${name}: Postgres all ${ms(costs.all.postgres)} / one brand ${ms(costs.brand.postgres)} ms; Node all ${ms(costs.all.node)} / one brand ${ms(costs.brand.node)} ms`)
	}
	console.log(`CPU per request, all brands vs one brand (5 000 posts in 3 brands, median of 30):\n  ${report.join('\n  ')}`)
})
