import { randomUUID } from 'node:crypto'
import { Kysely, PostgresDialect } from 'kysely'
import { expect, test } from 'vitest'
import { recentActivity } from '#modules/activity/recent.server.ts'
import { dashboardAgent } from '#modules/agents/onboarding.server.ts'
import { contentDashboard } from '#modules/content/dashboard.server.ts'
import { createDashboardService } from '#modules/dashboard/index.ts'
import { dashboardIdeas } from '#modules/news/dashboard-ideas.server.ts'
import type { DB } from '#modules/core/db.server.ts'
import { publishingDashboard } from '#modules/publishing/dashboard.server.ts'
import { favoriteTools } from '#modules/toolbox/favorites.server.ts'
import { seedToolboxConfigs } from '#modules/toolbox/index.ts'
import { expected, longText, seedDashboard } from '#tests/support/dashboard-seed.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testPlatforms } from '#tests/support/platforms.ts'

// A fixed "now": Sunday 2026-11-22 10:00 Zurich.
const now = new Date('2026-11-22T09:00:00Z')
const zurich = 'Europe/Zurich'

async function user(db: Kysely<DB>) {
	const email = `${randomUUID()}@beispiel.ch`
	const row = await db.insertInto('users').values({ email }).returning('id').executeTakeFirstOrThrow()
	await db.insertInto('profiles').values({ id: row.id, email }).execute()
	return row.id
}

/** The dashboard loader's read (app/routes/home.tsx): the six modules' parts in one statement. */
function dashboardReader(db: Kysely<DB>) {
	const dashboard = createDashboardService({ db, clock: { now: () => now } })
	return (userId: string) => dashboard.read(userId, zurich, { favorites: 4, activity: 5, ideas: 4 })
}

/** The same reads as each module's own function, one query (or three) each. */
async function separateReads(db: Kysely<DB>, userId: string) {
	const [agent, content, publishing, favorites, activity, ideas] = await Promise.all([
		dashboardAgent(db, userId),
		contentDashboard(db, userId, { now, timeZone: zurich }),
		publishingDashboard(db, userId),
		favoriteTools(db, userId, 4),
		recentActivity(db, userId, 5),
		dashboardIdeas(db, userId, 4),
	])
	return { agent, content, publishing, favorites, activity, ideas }
}

/** An agent, content settings and ideas (the parts seedDashboard leaves out), named after `label`. */
/** Alice and Bob, each with the dashboard's rows (the toolbox configs seeded once). */
async function twoSeededUsers(db: Kysely<DB>) {
	await seedToolboxConfigs(db, testPlatforms.ids)
	const alice = await user(db)
	const bob = await user(db)
	await seedDashboard(db, alice, now)
	await seedDashboard(db, bob, now)
	return { alice, bob }
}

async function seedAgentAndIdeas(db: Kysely<DB>, userId: string, label: string) {
	await db.insertInto('agent_configurations').values({ user_id: userId, name: `Agent ${label}`, agent_order: 1 }).execute()
	await db.insertInto('content_settings').values({ user_id: userId, niche: `Nische ${label}`, keywords: ['Bäckerei'], news_feeds: ['https://beispiel.ch/feed.xml'] }).execute()
	await db
		.insertInto('content_ideas')
		.values(Array.from({ length: 6 }, (_, i) => ({ user_id: userId, title: `Idee ${label} ${i}`, description: 'Beschreibung', platform: ['linkedin'], published_date: '2026-11-20', keyword: 'Bäckerei', created_at: new Date(now.getTime() - i * 60_000) })))
		.execute()
}

test('the dashboard figures match the inserted rows and never count another user\'s rows', async () => {
	await using t = await createTestDatabase()
	const { alice } = await twoSeededUsers(t.db)
	const read = dashboardReader(t.db)
	const figures = await read(alice)

	expect(figures.publishing).toEqual({ followers: expected.followers, connectedPages: expected.connectedPages, failedDeliveries: expected.todos.deliveries, reconnectAccounts: expected.todos.reconnect })
	expect(figures.content.engagementRate).toBe(expected.engagementRate)
	expect(figures.content.draftsCount).toBe(expected.todos.drafts)
	expect(figures.content.reviewCount).toBe(expected.todos.review)
	expect(figures.content.recent.map((r) => r.title)).toEqual(expected.recentTitles)
	expect(figures.content.recent[0]).toMatchObject({ kind: 'draft', excerpt: `${longText.slice(0, 120)}…` })
	expect(figures.activity.map((a) => a.title)).toEqual(expected.activityTitles)
	expect(figures.favorites.map((f) => ({ toolName: f.toolName, isEnabled: f.isEnabled }))).toEqual(expected.favorites)
	expect(figures.favorites[0]?.displayName).not.toBe('autoReply')

	// 30 days in Zurich, today last; the published posts of yesterday and three days ago.
	const days = figures.content.days
	expect(days).toHaveLength(30)
	expect(days[0]?.date).toBe('2026-10-24')
	expect(days.at(-1)?.date).toBe('2026-11-22')
	expect(days.find((d) => d.date === '2026-11-21')).toEqual({ date: '2026-11-21', posts: 1, interactions: 18 })
	expect(days.find((d) => d.date === '2026-11-19')).toEqual({ date: '2026-11-19', posts: 1, interactions: 12 })
	expect(days.reduce((s, d) => s + d.posts, 0)).toBe(expected.chartPosts)
	expect(days.reduce((s, d) => s + d.interactions, 0)).toBe(expected.chartInteractions)

	// A third user with nothing sees nothing of Alice's or Bob's rows.
	const carol = await read(await user(t.db))
	expect(carol.publishing).toEqual({ followers: 0, connectedPages: 0, failedDeliveries: 0, reconnectAccounts: 0 })
	expect(carol.content).toMatchObject({ draftsCount: 0, reviewCount: 0, publishedCount: 0, engagementRate: null, recent: [] })
	expect(carol.content.days.every((d) => d.posts === 0 && d.interactions === 0)).toBe(true)
	expect(carol.activity).toEqual([])
	expect(carol.favorites).toEqual([])
})

test('a post counts on its day in the user\'s time zone, not in UTC', async () => {
	await using t = await createTestDatabase()
	const alice = await user(t.db)
	// 23:30 UTC on the 20th is 00:30 on the 21st in Zurich.
	await t.db
		.insertInto('posts')
		.values({ user_id: alice, title: 'Spät', content: 'x', platform: 'linkedin', status: 'published', published_at: new Date('2026-11-20T23:30:00Z'), engagement_views: 10, engagement_likes: 1 })
		.execute()
	const { content } = await dashboardReader(t.db)(alice)
	expect(content.days.find((d) => d.date === '2026-11-21')?.posts).toBe(1)
	expect(content.days.find((d) => d.date === '2026-11-20')?.posts).toBe(0)
	expect(content.engagementRate).toBe(10)
})

test('the dashboard makes one query with no rows and with 300 posts', async () => {
	await using t = await createTestDatabase()
	let queries = 0
	const counting = new Kysely<DB>({ dialect: new PostgresDialect({ pool: t.pool }), log: () => void queries++ })
	const read = dashboardReader(counting)
	const alice = await user(t.db)

	queries = 0
	await read(alice)
	const empty = queries

	await seedDashboard(t.db, alice, now)
	await t.db
		.insertInto('posts')
		.values(Array.from({ length: 300 }, (_, i) => ({ user_id: alice, title: `P${i}`, content: 'y', platform: 'linkedin', status: 'published', published_at: new Date(now.getTime() - (i % 40) * 24 * 3600 * 1000), engagement_views: 10 })))
		.execute()
	queries = 0
	await read(alice)
	expect(queries).toBe(empty)
	// agents, content (figures, chart, recent posts and drafts), publishing, toolbox, activity and news in one statement
	expect(empty).toBe(1)
})

test('the agent card shows the default agent, else the first in the user\'s order, and none without agents', async () => {
	await using t = await createTestDatabase()
	const alice = await user(t.db)
	expect(await dashboardAgent(t.db, alice)).toBeNull()
	await t.db
		.insertInto('agent_configurations')
		.values([
			{ user_id: alice, name: 'Zweiter', agent_order: 2 },
			{ user_id: alice, name: 'Erster', agent_order: 1 },
		])
		.execute()
	expect(await dashboardAgent(t.db, alice)).toMatchObject({ name: 'Erster', is_default: false })
	await t.db.updateTable('agent_configurations').set({ is_default: true }).where('name', '=', 'Zweiter').execute()
	expect(await dashboardAgent(t.db, alice)).toMatchObject({ name: 'Zweiter', is_default: true })
	expect(await dashboardAgent(t.db, await user(t.db))).toBeNull()
})

test('the composed read gives what each module\'s own read gives, and only the user\'s rows', async () => {
	await using t = await createTestDatabase()
	const { alice, bob } = await twoSeededUsers(t.db)
	await seedAgentAndIdeas(t.db, alice, 'Alice')
	await seedAgentAndIdeas(t.db, bob, 'Bob')
	const read = dashboardReader(t.db)

	for (const userId of [alice, bob]) expect(await read(userId)).toEqual(await separateReads(t.db, userId))
	const nobody = await user(t.db)
	expect(await read(nobody)).toEqual(await separateReads(t.db, nobody))

	const composed = await read(alice)
	expect(composed.agent?.name).toBe('Agent Alice')
	expect(composed.ideas.canGenerate).toBe(true)
	expect(composed.ideas.ideas.map((i) => i.title)).toEqual(['Idee Alice 0', 'Idee Alice 1', 'Idee Alice 2', 'Idee Alice 3'])
	expect(composed.content.recent.length).toBeGreaterThan(0)
	expect(composed.activity.length).toBeGreaterThan(0)
	// None of Bob's posts, drafts or activity entries.
	const bobsRows = new Set([
		...(await t.db.selectFrom('posts').select('id').where('user_id', '=', bob).execute()),
		...(await t.db.selectFrom('drafts').select('id').where('user_id', '=', bob).execute()),
		...(await t.db.selectFrom('activity_logs').select('id').where('user_id', '=', bob).execute()),
	].map((r) => r.id))
	expect([...composed.content.recent, ...composed.activity].filter((r) => bobsRows.has(r.id))).toEqual([])
})

test('the dashboard runs as one of two fixed statement texts (all brands, one brand) whatever the user, limits, time zone and time', async () => {
	await using t = await createTestDatabase()
	const { alice, bob } = await twoSeededUsers(t.db)
	const brandOf = async (userId: string) => (await t.db.insertInto('brands').values({ user_id: userId, name: 'Marke' }).returning('id').executeTakeFirstOrThrow()).id
	const texts = new Set<string>()
	const logging = new Kysely<DB>({ dialect: new PostgresDialect({ pool: t.pool }), log: (event) => void texts.add(event.query.sql) })
	const few = { favorites: 2, activity: 3, ideas: 1 }
	const usual = { favorites: 4, activity: 5, ideas: 4 }
	const later = new Date(now.getTime() + 36 * 3600 * 1000)
	const calls = [
		{ userId: alice, timeZone: zurich, at: now, limits: usual, brandId: null },
		{ userId: bob, timeZone: 'America/New_York', at: later, limits: few, brandId: null },
		{ userId: alice, timeZone: zurich, at: now, limits: few, brandId: await brandOf(alice) },
		{ userId: bob, timeZone: 'Asia/Tokyo', at: later, limits: usual, brandId: await brandOf(bob) },
	]
	for (const call of calls) {
		// executePrepared throws when a name's text changes: a value inlined into the text would.
		const read = await createDashboardService({ db: logging, clock: { now: () => call.at } }).read(call.userId, call.timeZone, call.limits, call.brandId)
		expect([read.favorites.length, read.activity.length]).toEqual([call.limits.favorites, call.limits.activity])
		expect(read.content.days.at(-1)?.date).toBe(call.at.toLocaleDateString('en-CA', { timeZone: call.timeZone }))
	}
	expect(texts.size).toBe(2)
})
