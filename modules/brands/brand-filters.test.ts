import { Kysely, PostgresDialect } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
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
