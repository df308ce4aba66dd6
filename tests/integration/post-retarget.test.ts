import { randomUUID } from 'node:crypto'
import { Kysely, PostgresDialect, sql } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { channels, contentServices, schedule, text, user, zurich } from '#tests/support/channel-posts.ts'

// A stored post goes to other channels (issue 38, item 3): content's changeChannels removes the
// deliveries (and jobs) of channels no longer chosen and adds the new ones, in one transaction and a
// fixed number of statements; another user's channel, a second brand or a delivery already out is
// refused in German and nothing changes.

const deliveriesOf = (db: Kysely<DB>, postId: string) => db.selectFrom('post_deliveries').select(['id', 'platform', 'channel_id', 'status']).where('post_id', '=', postId).orderBy('platform').orderBy('channel_id').execute()
const jobKeys = async (db: Kysely<DB>) => (await sql<{ key: string }>`select key from graphile_worker.jobs where key is not null`.execute(db)).rows.map((r) => r.key)

async function planned(content: ReturnType<typeof contentServices>, userId: string, channelIds: Array<string>, base = 'Frische Gipfeli') {
	const result = await content.createScheduledPost(userId, randomUUID(), { platform: 'linkedin', content: text(base), channelIds }, schedule)
	if (!result.ok) throw new Error(JSON.stringify(result))
	return result.post
}

test("channels added and removed: the removed one loses its delivery and its jobs, a new network gets the base text, the same choice again changes nothing", async () => {
	await using t = await createTestDatabase()
	const content = contentServices(t.db)
	const alice = await user(t.db)
	const linkedin = await channels(t.db, alice.id, 'linkedin', 2)
	const mastodon = await channels(t.db, alice.id, 'mastodon', 1)
	const post = await planned(content, alice.id, [linkedin[0]!])
	const [first] = await deliveriesOf(t.db, post.id)
	expect(await jobKeys(t.db)).toContain(`publish:${first!.id}`)

	const changed = await content.changeChannels(alice.id, post.id, [linkedin[1]!, mastodon[0]!])
	expect(changed).toMatchObject({ ok: true, post: { platform: 'multiple', platforms: ['linkedin', 'mastodon'], status: 'scheduled' } })
	const after = await deliveriesOf(t.db, post.id)
	expect(after.map((d) => [d.platform, d.channel_id, d.status])).toEqual(
		[
			['linkedin', linkedin[1], 'scheduled'],
			['mastodon', mastodon[0], 'scheduled'],
		].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
	)
	const keys = await jobKeys(t.db)
	expect(keys).not.toContain(`publish:${first!.id}`)
	for (const d of after) expect(keys).toContain(`publish:${d.id}`)
	const row = await t.db.selectFrom('posts').select(['content', 'scheduled_at']).where('id', '=', post.id).executeTakeFirstOrThrow()
	expect(JSON.parse(row.content)).toEqual({ base: 'Frische Gipfeli', platforms: { linkedin: 'Frische Gipfeli', mastodon: 'Frische Gipfeli' } })
	expect(row.scheduled_at?.toISOString()).toBe(post.scheduledAt)

	// Idempotent: the same channels again keep the same deliveries (ids included).
	expect(await content.changeChannels(alice.id, post.id, [mastodon[0]!, linkedin[1]!])).toMatchObject({ ok: true })
	expect(await deliveriesOf(t.db, post.id)).toEqual(after)

	// Back to one network: stored as its plain text.
	expect(await content.changeChannels(alice.id, post.id, [mastodon[0]!])).toMatchObject({ ok: true, post: { platform: 'mastodon', platforms: ['mastodon'] } })
	expect((await deliveriesOf(t.db, post.id)).map((d) => d.channel_id)).toEqual([mastodon[0]])
	expect((await t.db.selectFrom('posts').select('content').where('id', '=', post.id).executeTakeFirstOrThrow()).content).toBe('Frische Gipfeli')
})

test("another user's channel, a channel of a second brand, no channel at all: refused in German, nothing changes", async () => {
	await using t = await createTestDatabase()
	const content = contentServices(t.db)
	const alice = await user(t.db)
	const bob = await user(t.db)
	const own = await channels(t.db, alice.id, 'linkedin', 2)
	const second = await t.db.insertInto('brands').values({ user_id: alice.id, name: 'Privat' }).returning('id').executeTakeFirstOrThrow()
	const privat = await channels(t.db, alice.id, 'mastodon', 1, { brandId: second.id })
	const bobs = await channels(t.db, bob.id, 'linkedin', 1)
	const post = await planned(content, alice.id, [own[0]!])
	const before = await deliveriesOf(t.db, post.id)

	const foreign = await content.changeChannels(alice.id, post.id, [own[1]!, bobs[0]!])
	expect(foreign).toEqual({ ok: false, error: 'preflight', reasons: ['Mindestens einer der gewählten Kanäle gehört nicht (mehr) zu Ihrem Konto. Bitte wählen Sie Ihre Kanäle neu.'] })
	expect(await content.changeChannels(alice.id, post.id, [own[1]!, privat[0]!])).toEqual({ ok: false, error: 'preflight', reasons: ['Die Kanäle eines Posts müssen zu einer Marke gehören.'] })
	expect(await content.changeChannels(alice.id, post.id, [])).toEqual({ ok: false, error: 'preflight', reasons: ['Bitte wählen Sie mindestens einen Kanal.'] })
	// Bob cannot move Alice's post, not even to his own channel.
	expect(await content.changeChannels(bob.id, post.id, [bobs[0]!])).toEqual({ ok: false, error: 'not_found' })
	expect(await deliveriesOf(t.db, post.id)).toEqual(before)

	// All channels of the second brand: the post moves to that brand.
	expect(await content.changeChannels(alice.id, post.id, [privat[0]!])).toMatchObject({ ok: true, post: { brandId: second.id, platforms: ['mastodon'] } })
})

test('a published delivery stays: removing its channel is refused in German; a post already published cannot be moved', async () => {
	await using t = await createTestDatabase()
	const content = contentServices(t.db)
	const alice = await user(t.db)
	const linkedin = await channels(t.db, alice.id, 'linkedin', 3)
	const post = await planned(content, alice.id, [linkedin[0]!, linkedin[1]!])
	await t.db.updateTable('post_deliveries').set({ status: 'published', published_at: new Date(), external_url: 'https://linkedin.example/p/1' }).where('post_id', '=', post.id).where('channel_id', '=', linkedin[0]!).execute()
	await t.db.updateTable('post_deliveries').set({ status: 'publishing' }).where('post_id', '=', post.id).where('channel_id', '=', linkedin[1]!).execute()
	const before = await deliveriesOf(t.db, post.id)

	const refused = await content.changeChannels(alice.id, post.id, [linkedin[2]!])
	expect(refused).toMatchObject({ ok: false, error: 'preflight' })
	expect(!refused.ok && refused.reasons!.toSorted()).toEqual(['LinkedIn (Kanal 1) ist bereits veröffentlicht: dieser Kanal kann nicht mehr entfernt werden.', 'LinkedIn (Kanal 2) wird gerade veröffentlicht: dieser Kanal kann nicht mehr entfernt werden.'])
	expect(await deliveriesOf(t.db, post.id)).toEqual(before)
	// Keeping them and adding one is fine.
	expect(await content.changeChannels(alice.id, post.id, [linkedin[0]!, linkedin[1]!, linkedin[2]!])).toMatchObject({ ok: true })
	expect((await deliveriesOf(t.db, post.id)).map((d) => d.status).sort()).toEqual(['published', 'publishing', 'scheduled'])

	await t.db.updateTable('posts').set({ status: 'published', published_at: new Date() }).where('id', '=', post.id).execute()
	expect(await content.changeChannels(alice.id, post.id, [linkedin[0]!, linkedin[1]!])).toEqual({ ok: false, error: 'published_locked' })
})

test('a post not yet planned gets waiting deliveries without jobs; the preflight judges a planned post on its new channels', async () => {
	await using t = await createTestDatabase()
	const content = contentServices(t.db)
	const alice = await user(t.db)
	const linkedin = await channels(t.db, alice.id, 'linkedin', 1)
	const threads = await channels(t.db, alice.id, 'threads', 1)
	const draft = await content.createPost(alice.id, { platform: 'linkedin', content: text('Aus der CSV-Datei'), status: 'draft', timeZone: zurich, origin: 'csv' })
	expect(await content.changeChannels(alice.id, draft.id, [linkedin[0]!, threads[0]!])).toMatchObject({ ok: true })
	const waiting = await deliveriesOf(t.db, draft.id)
	expect(waiting.map((d) => d.status)).toEqual(['pending', 'pending'])
	const keys = await jobKeys(t.db)
	for (const d of waiting) expect(keys).not.toContain(`publish:${d.id}`)

	// Threads allows 500 characters: a planned post of 600 is refused when it is moved there.
	const long = await planned(content, alice.id, [linkedin[0]!], 'x'.repeat(600))
	const refused = await content.changeChannels(alice.id, long.id, [linkedin[0]!, threads[0]!])
	expect(refused).toMatchObject({ ok: false, error: 'preflight', reasons: [expect.stringMatching(/Threads/)] })
	expect((await deliveriesOf(t.db, long.id)).map((d) => d.channel_id)).toEqual([linkedin[0]])
})

test("a draft's channels: its networks follow them and it moves to their brand", async () => {
	await using t = await createTestDatabase()
	const content = contentServices(t.db)
	const alice = await user(t.db)
	const linkedin = await channels(t.db, alice.id, 'linkedin', 2)
	const mastodon = await channels(t.db, alice.id, 'mastodon', 1)
	const draft = await content.createDraft(alice.id, { platforms: ['linkedin'], content: text('Ein Entwurf') })
	const result = await content.changeDraftChannels(alice.id, draft.id, [mastodon[0]!, linkedin[1]!])
	expect(result).toMatchObject({ ok: true, draft: { platforms: ['linkedin', 'mastodon'], channelIds: [mastodon[0], linkedin[1]], brandId: alice.brand } })
	const bob = await user(t.db)
	expect(await content.changeDraftChannels(bob.id, draft.id, [])).toEqual({ ok: false, error: 'not_found' })
})

test('changing the channels runs as many statements for 10 channels as for one', async () => {
	await using t = await createTestDatabase()
	let statements = 0
	const counting = new Kysely<DB>({ dialect: new PostgresDialect({ pool: t.pool }), log: () => void statements++ })
	const content = contentServices(counting)
	const alice = await user(t.db)
	const many = [...(await channels(t.db, alice.id, 'linkedin', 10)), ...(await channels(t.db, alice.id, 'mastodon', 10))]

	async function move(from: Array<string>, to: Array<string>) {
		const post = await planned(contentServices(t.db), alice.id, from)
		statements = 0
		expect(await content.changeChannels(alice.id, post.id, to)).toMatchObject({ ok: true })
		const count = statements
		expect((await deliveriesOf(t.db, post.id)).map((d) => d.channel_id).sort()).toEqual([...to].sort())
		return count
	}
	const one = await move([many[0]!], [many[10]!])
	const ten = await move(many.slice(0, 10), many.slice(10, 20))
	expect(ten).toBe(one)
})
