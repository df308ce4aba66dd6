import { randomUUID } from 'node:crypto'
import { Kysely, PostgresDialect } from 'kysely'
import { expect, test } from 'vitest'
import { createActivityService } from '#modules/activity/index.ts'
import { dashboardAgent } from '#modules/agents/onboarding.server.ts'
import { createContentService } from '#modules/content/index.ts'
import { createNewsService } from '#modules/news/index.ts'
import type { DB } from '#modules/core/db.server.ts'
import { deliveryPlanner } from '#modules/publishing/index.ts'
import { publishingDashboard } from '#modules/publishing/dashboard.server.ts'
import { createToolboxService, seedToolboxConfigs } from '#modules/toolbox/index.ts'
import { expected, longText, seedDashboard } from '#tests/support/dashboard-seed.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { createLogger } from '#modules/core/logger.server.ts'
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

/** The dashboard loader's module calls (app/routes/home.tsx), on one database handle. */
function dashboardReader(db: Kysely<DB>) {
	const content = createContentService({ db, clock: { now: () => now }, planner: deliveryPlanner, platforms: testPlatforms.ids })
	const activity = createActivityService({ db })
	const toolbox = createToolboxService({ db, logger: createLogger('silent'), platforms: testPlatforms })
	const news = createNewsService({ db, logger: createLogger('silent'), platforms: testPlatforms.descriptors })
	return async (userId: string) => {
		const [c, p, favorites, recent, ideas] = await Promise.all([
			content.dashboard(userId, zurich),
			publishingDashboard(db, userId),
			toolbox.favorites(userId, 4),
			activity.recent(userId, 5),
			news.dashboardIdeas(userId, 4),
		])
		return { content: c, publishing: p, favorites, activity: recent, ideas }
	}
}

test('the dashboard figures match the inserted rows and never count another user\'s rows', async () => {
	await using t = await createTestDatabase()
	await seedToolboxConfigs(t.db, testPlatforms.ids)
	const alice = await user(t.db)
	const bob = await user(t.db)
	await seedDashboard(t.db, alice, now)
	await seedDashboard(t.db, bob, now)
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

test('the dashboard makes the same small number of queries with no rows and with 300 posts', async () => {
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
	// content 3 (figures, chart, recent posts and drafts), publishing 1, toolbox 1, activity 1, news 1 (ideas and settings)
	expect(empty).toBe(7)
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
