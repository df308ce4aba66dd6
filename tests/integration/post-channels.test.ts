import { randomUUID } from 'node:crypto'
import { Kysely, PostgresDialect } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { startWebhookReceiver } from '#tests/fakes/webhook-receiver.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'

// Where a post goes is named wherever it is shown (issue 38, item 3): the channels of all shown posts
// in one query, a delivery without its own channel named by its brand's default of the network; the
// calendar filters by channel; 'post.scheduled' names the channels.

const zurich = 'Europe/Zurich'
const DAY = 86_400_000
const dateOf = (at: Date) => at.toLocaleDateString('sv-SE', { timeZone: zurich })
const plan = (days: number, time = '10:00') => ({ date: dateOf(new Date(Date.now() + days * DAY)), time, timeZone: zurich })
const text = (base: string) => ({ base, platforms: {} })

async function user(db: Kysely<DB>) {
	const email = `${randomUUID()}@beispiel.ch`
	const row = await db.insertInto('users').values({ email }).returning('id').executeTakeFirstOrThrow()
	await db.insertInto('profiles').values({ id: row.id, email }).execute()
	const brand = await db.insertInto('brands').values({ user_id: row.id, name: 'Bäckerei' }).returning('id').executeTakeFirstOrThrow()
	return { id: row.id, brand: brand.id }
}

/** One account of `platform` with a channel per name, in the user's brand; the first is the network's default. */
async function channels(db: Kysely<DB>, owner: { id: string; brand: string }, platform: string, names: Array<string>) {
	const token = await db
		.insertInto('social_tokens')
		.values({ user_id: owner.id, platform, account_id: `acct-${randomUUID()}`, account_name: 'Konto', access_token_encrypted: 'sealed', sandbox: true, status: 'active' })
		.returning('id')
		.executeTakeFirstOrThrow()
	const rows = await db
		.insertInto('channels')
		.values(names.map((name, i) => ({ user_id: owner.id, brand_id: owner.brand, social_token_id: token.id, platform, page_id: `page-${randomUUID()}`, page_name: name, page_type: 'business', is_default: i === 0 })))
		.returning('id')
		.execute()
	return rows.map((r) => r.id)
}

async function scheduled(services: ReturnType<typeof testServices>['services'], userId: string, title: string, channelIds: Array<string>, days = 2) {
	const result = await services.content.createScheduledPost(userId, randomUUID(), { platform: 'instagram', content: text(title), imageUrl: 'https://cdn.beispiel.ch/zopf.jpg', channelIds }, plan(days))
	if (!result.ok) throw new Error(`${result.error} ${result.reasons?.join(' ')}`)
	return result.post
}

test('the channels of every post in one query: names by network, a delivery without its own channel named by its brand default', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const alice = await user(t.db)
	const bob = await user(t.db)
	const [winterthur, cafe] = await channels(t.db, alice, 'instagram', ['Bäckerei Winterthur', 'Café am Markt'])
	const [anna] = await channels(t.db, alice, 'linkedin', ['Anna Muster'])
	const both = await scheduled(services, alice.id, 'Zopf am Sonntag', [cafe!, winterthur!, anna!])
	const one = await scheduled(services, alice.id, 'Nur das Café', [cafe!])
	const [bobs] = await channels(t.db, bob, 'instagram', ['Bobs Laden'])
	const his = await scheduled(services, bob.id, 'Bobs Post', [bobs!])
	// A delivery whose channel was taken from it (planned before channels): the default of its network in the post's brand.
	await t.db.updateTable('post_deliveries').set({ channel_id: null }).where('post_id', '=', one.id).execute()
	await t.db.updateTable('channels').set({ is_default: false }).where('id', '=', winterthur!).execute()
	await t.db.updateTable('channels').set({ is_default: true }).where('id', '=', cafe!).execute()

	const named = await services.publishing.postChannels(alice.id, [both.id, one.id, his.id])
	expect(named[both.id]).toEqual([
		{ id: winterthur, platform: 'instagram', name: 'Bäckerei Winterthur' },
		{ id: cafe, platform: 'instagram', name: 'Café am Markt' },
		{ id: anna, platform: 'linkedin', name: 'Anna Muster' },
	])
	expect(named[one.id]).toEqual([{ id: cafe, platform: 'instagram', name: 'Café am Markt' }])
	// Another user's post: nothing.
	expect(named[his.id]).toBeUndefined()
	// 'Meine Posts' names them on the card's delivery states too.
	const states = await services.publishing.deliveryStates(alice.id, [one.id])
	expect(states[one.id]!.map((s) => s.channelName)).toEqual(['Café am Markt'])
})

test('reading the channels of 40 posts is one statement, as for one', async () => {
	await using t = await createTestDatabase()
	let statements = 0
	const counting = new Kysely<DB>({ dialect: new PostgresDialect({ pool: t.pool }), log: () => void statements++ })
	const { services } = testServices(counting)
	const alice = await user(t.db)
	const ids = await channels(t.db, alice, 'instagram', ['Bäckerei Winterthur', 'Café am Markt'])
	const posts = []
	for (let i = 0; i < 40; i++) posts.push(await scheduled(services, alice.id, `Post ${i}`, ids, 1 + (i % 5)))
	const count = async (postIds: Array<string>) => {
		statements = 0
		const named = await services.publishing.postChannels(alice.id, postIds)
		expect(Object.keys(named)).toHaveLength(postIds.length)
		return statements
	}
	expect(await count([posts[0]!.id])).toBe(1)
	expect(await count(posts.map((p) => p.id))).toBe(1)
})

test('the calendar shows only the posts to the chosen channel, its figures too', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const alice = await user(t.db)
	const [winterthur, cafe] = await channels(t.db, alice, 'instagram', ['Bäckerei Winterthur', 'Café am Markt'])
	await scheduled(services, alice.id, 'An beide', [winterthur!, cafe!])
	await scheduled(services, alice.id, 'Nur Winterthur', [winterthur!])
	const onlyCafe = await scheduled(services, alice.id, 'Nur das Café', [cafe!])
	// Without its own channel it goes to the brand's default (Winterthur): it is Winterthur's.
	await t.db.updateTable('post_deliveries').set({ channel_id: null }).where('post_id', '=', (await scheduled(services, alice.id, 'Ohne Kanal', [winterthur!])).id).execute()

	const range = { from: new Date(Date.now() - DAY), to: new Date(Date.now() + 7 * DAY), weekStart: new Date(Date.now() - DAY), brandId: alice.brand }
	const titles = async (channelId: string | null) => (await services.content.calendar(alice.id, { ...range, channelId })).posts.map((p) => p.title).sort()
	expect(await titles(null)).toEqual(['An beide', 'Nur Winterthur', 'Nur das Café', 'Ohne Kanal'])
	expect(await titles(cafe!)).toEqual(['An beide', 'Nur das Café'])
	expect(await titles(winterthur!)).toEqual(['An beide', 'Nur Winterthur', 'Ohne Kanal'])
	const month = await services.content.calendar(alice.id, { ...range, channelId: cafe!, perDay: { limit: 2, timeZone: zurich } })
	expect(month.posts.map((p) => p.id)).toContain(onlyCafe.id)
	expect(month.stats.platforms).toEqual([{ platform: 'instagram', count: 2 }])
	expect(Object.values(month.dayTotals!).reduce((a, b) => a + b, 0)).toBe(2)
	// Another user's channel id shows none of her posts (the page ignores such an id before it gets here).
	const bob = await user(t.db)
	const [bobs] = await channels(t.db, bob, 'instagram', ['Bobs Laden'])
	expect(await titles(bobs!)).toEqual([])
	expect(await services.publishing.channelOptions(alice.id, alice.brand)).toEqual([
		{ id: winterthur, platform: 'instagram', name: 'Bäckerei Winterthur' },
		{ id: cafe, platform: 'instagram', name: 'Café am Markt' },
	])
	expect((await services.publishing.channelOptions(alice.id, bob.brand)).length).toBe(0)
})

test("'post.scheduled' names the post's channels: id, network and name", async () => {
	await using t = await createTestDatabase()
	await using receiver = await startWebhookReceiver()
	const { services } = testServices(t.db, { WEB_FETCH_ALLOW_HOSTS: receiver.host })
	const alice = await user(t.db)
	const created = await services.webhooks.create(alice.id, randomUUID(), { url: `${receiver.url}/hooks`, description: 'Zapier', events: ['post.scheduled'] })
	if (!created.ok) throw new Error(created.message)
	const [winterthur, cafe] = await channels(t.db, alice, 'instagram', ['Bäckerei Winterthur', 'Café am Markt'])
	const post = await scheduled(services, alice.id, 'Zopf am Sonntag', [cafe!, winterthur!])
	// Moved to another day: sent again, with the same channels.
	const moved = await services.content.schedulePost(alice.id, post.id, plan(4, '11:00'))
	expect(moved.ok).toBe(true)

	const rows = await t.db.selectFrom('webhook_messages').select('body').where('user_id', '=', alice.id).where('event_type', '=', 'post.scheduled').execute()
	const sent = rows.map((r) => JSON.parse(r.body) as { type: string; timestamp: string; data: Record<string, unknown> })
	expect(sent).toHaveLength(2)
	for (const message of sent) {
		expect(message.type).toBe('post.scheduled')
		expect(message.data).toMatchObject({ postId: post.id, title: 'Zopf am Sonntag', networks: ['instagram'], origin: 'web' })
		expect(message.data.channels).toEqual([
			{ id: winterthur, network: 'instagram', name: 'Bäckerei Winterthur' },
			{ id: cafe, network: 'instagram', name: 'Café am Markt' },
		])
	}
})
