import { randomUUID } from 'node:crypto'
import { Kysely, PostgresDialect } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { deliveryPages } from '#modules/publishing/pages.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { channels, contentServices, schedule, text, user, zurich } from '#tests/support/channel-posts.ts'

// A post targets channels (issue 38, ADR 0045): one delivery per channel, in a fixed number of
// statements; channels not the user's are refused in German; without channels each network goes to
// the default channel of the post's brand.

const deliveriesOf = (db: Kysely<DB>, postId: string) => db.selectFrom('post_deliveries').select(['platform', 'channel_id', 'status']).where('post_id', '=', postId).orderBy('platform').orderBy('channel_id').execute()

test('a post for channels gets one delivery per channel, and their networks become its networks', async () => {
	await using t = await createTestDatabase()
	const content = contentServices(t.db)
	const alice = await user(t.db)
	const linkedin = await channels(t.db, alice.id, 'linkedin', 2)
	const mastodon = await channels(t.db, alice.id, 'mastodon', 1)
	const result = await content.createScheduledPost(alice.id, randomUUID(), { platform: 'linkedin', content: text('An drei Kanäle'), channelIds: [...linkedin, ...mastodon, linkedin[0]!] }, schedule)
	expect(result.ok).toBe(true)
	const post = result.ok ? result.post : null
	expect(post!.platforms.sort()).toEqual(['linkedin', 'mastodon'])
	const deliveries = await deliveriesOf(t.db, post!.id)
	expect(deliveries.map((d) => d.channel_id).sort()).toEqual([...linkedin, ...mastodon].sort())
	expect(deliveries.every((d) => d.status === 'scheduled')).toBe(true)
	expect(deliveries.filter((d) => d.platform === 'linkedin')).toHaveLength(2)
})

test("another user's channel, or one that does not exist, is refused in German and nothing is written", async () => {
	await using t = await createTestDatabase()
	const content = contentServices(t.db)
	const alice = await user(t.db)
	const bob = await user(t.db)
	const [own] = await channels(t.db, alice.id, 'linkedin', 1)
	const [foreign] = await channels(t.db, bob.id, 'linkedin', 1)
	for (const channelIds of [[own!, foreign!], [randomUUID()], ['kein-kanal']]) {
		const result = await content.createScheduledPost(alice.id, randomUUID(), { platform: 'linkedin', content: text('Fremd'), channelIds }, schedule)
		expect(result).toMatchObject({ ok: false, error: 'preflight' })
		expect(!result.ok && result.reasons?.join(' ')).toMatch(/gehört nicht \(mehr\) zu Ihrem Konto/)
		const now = await content.publishNewPost(alice.id, randomUUID(), { platform: 'linkedin', content: text('Fremd jetzt'), channelIds }, zurich)
		expect(now).toMatchObject({ ok: false, error: 'preflight' })
	}
	const brand = await content.createScheduledPost(alice.id, randomUUID(), { platform: 'linkedin', content: text('Fremde Marke'), brandId: bob.brand }, schedule)
	expect(brand).toMatchObject({ ok: false, error: 'preflight' })
	expect(!brand.ok && brand.reasons?.join(' ')).toMatch(/Marke gibt es in Ihrem Konto nicht/)
	expect(await t.db.selectFrom('posts').select('id').where('user_id', '=', alice.id).execute()).toEqual([])
	expect(await t.db.selectFrom('post_deliveries').select('id').where('user_id', '=', alice.id).execute()).toEqual([])
})

test("without channels each network goes to the default channel of the post's brand; pageIds still name a channel per network", async () => {
	await using t = await createTestDatabase()
	const content = contentServices(t.db)
	const alice = await user(t.db)
	const [first] = await channels(t.db, alice.id, 'linkedin', 1, { name: 'Privat' })
	const bakery = await t.db.insertInto('brands').values({ user_id: alice.id, name: 'Bäckerei' }).returning('id').executeTakeFirstOrThrow()
	const [bakeryDefault, bakeryOther] = await channels(t.db, alice.id, 'linkedin', 2, { brandId: bakery.id, name: 'Bäckerei' })

	const inBakery = await content.createScheduledPost(alice.id, randomUUID(), { platform: 'linkedin', content: text('Für die Bäckerei'), brandId: bakery.id }, schedule)
	expect(inBakery.ok && (await deliveriesOf(t.db, inBakery.post.id)).map((d) => d.channel_id)).toEqual([bakeryDefault])
	const inFirst = await content.createScheduledPost(alice.id, randomUUID(), { platform: 'linkedin', content: text('Privat') }, schedule)
	expect(inFirst.ok && (await deliveriesOf(t.db, inFirst.post.id)).map((d) => d.channel_id)).toEqual([first])
	const chosen = await content.createScheduledPost(alice.id, randomUUID(), { platform: 'linkedin', content: text('Gewählt'), pageIds: { linkedin: bakeryOther! } }, schedule)
	expect(chosen.ok && (await deliveriesOf(t.db, chosen.post.id)).map((d) => d.channel_id)).toEqual([bakeryOther])

	// Channels name their brand: a post for the bakery's channels belongs to the bakery.
	const byChannel = await content.createScheduledPost(alice.id, randomUUID(), { platform: 'linkedin', content: text('Kanal'), channelIds: [bakeryOther!] }, schedule)
	expect(byChannel.ok && (await t.db.selectFrom('posts').select('brand_id').where('id', '=', byChannel.post.id).executeTakeFirstOrThrow()).brand_id).toBe(bakery.id)
})

test('a draft keeps its channels and brand; the post it becomes goes to them (a channel gone since is left out)', async () => {
	await using t = await createTestDatabase()
	const content = contentServices(t.db)
	const alice = await user(t.db)
	const bob = await user(t.db)
	const linkedin = await channels(t.db, alice.id, 'linkedin', 3)
	const [foreign] = await channels(t.db, bob.id, 'linkedin', 1)
	const draft = await content.createDraft(alice.id, { platforms: ['facebook'], content: text('Entwurf'), channelIds: [linkedin[1]!, foreign!, linkedin[2]!], brandId: bob.brand })
	expect(draft.channelIds).toEqual([linkedin[1], linkedin[2]])
	expect(draft.platforms).toEqual(['linkedin'])
	expect(draft.brandId).toBe(alice.brand)
	await t.db.deleteFrom('channels').where('id', '=', linkedin[2]!).execute()
	const result = await content.scheduleDraft(alice.id, draft.id, schedule, randomUUID())
	expect(result.ok).toBe(true)
	expect((await deliveriesOf(t.db, draft.id)).map((d) => d.channel_id)).toEqual([linkedin[1]])
})

test('planning a post for 25 channels runs as many statements as for one', async () => {
	await using t = await createTestDatabase()
	let statements = 0
	const counting = new Kysely<DB>({ dialect: new PostgresDialect({ pool: t.pool }), log: () => void statements++ })
	const content = contentServices(counting)
	const alice = await user(t.db)
	const many = [...(await channels(t.db, alice.id, 'linkedin', 10)), ...(await channels(t.db, alice.id, 'instagram', 10)), ...(await channels(t.db, alice.id, 'mastodon', 5))]

	async function plan(channelIds: Array<string>) {
		statements = 0
		const result = await content.createScheduledPost(alice.id, randomUUID(), { platform: 'linkedin', content: text('Viele Kanäle'), images: { instagram: 'https://bilder.example/a.jpg' }, channelIds }, schedule)
		expect(result.ok).toBe(true)
		expect(result.ok && (await t.db.selectFrom('post_deliveries').select('id').where('post_id', '=', result.post.id).execute())).toHaveLength(channelIds.length)
		return statements
	}
	const one = await plan([many[0]!])
	const all = await plan(many)
	expect(all).toBe(one)
})

test("the preflight runs per channel: a Mastodon server's own text limit, a LinkedIn page's scopes beside a member's; the reasons name the channel", async () => {
	await using t = await createTestDatabase()
	const content = contentServices(t.db)
	const alice = await user(t.db)
	const [small] = await channels(t.db, alice.id, 'mastodon', 1, { name: 'Klein' })
	const [large] = await channels(t.db, alice.id, 'mastodon', 1, { withDefault: false, name: 'Gross' })
	await t.db
		.updateTable('social_tokens')
		.set({ limits: JSON.stringify({ textLimit: 1000, urlLength: 23, maxImages: 4, imageMaxBytes: null, imageFormats: null }) })
		.where('id', '=', (eb) => eb.selectFrom('channels').select('social_token_id').where('id', '=', large!))
		.execute()
	const long = 'Wort '.repeat(140).trim()
	const refused = await content.createScheduledPost(alice.id, randomUUID(), { platform: 'mastodon', content: text(long), channelIds: [small!, large!] }, schedule)
	expect(refused).toMatchObject({ ok: false, error: 'preflight' })
	expect(!refused.ok && refused.reasons).toEqual([expect.stringMatching(/^Mastodon \(Klein 1\): /)])
	expect((await content.createScheduledPost(alice.id, randomUUID(), { platform: 'mastodon', content: text(long), channelIds: [large!] }, schedule)).ok).toBe(true)

	// One LinkedIn grant for the member only: its organization page may not be posted to, the member may.
	const token = await t.db
		.insertInto('social_tokens')
		.values({ user_id: alice.id, platform: 'linkedin', account_id: 'acct-li', account_name: 'Anna', access_token_encrypted: 'sealed', sandbox: true, status: 'active', scopes: ['openid', 'profile', 'w_member_social'] })
		.returning('id')
		.executeTakeFirstOrThrow()
	const [member, page] = await Promise.all(
		(['personal', 'business'] as const).map(async (pageType, i) =>
			(await t.db.insertInto('channels').values({ user_id: alice.id, social_token_id: token.id, platform: 'linkedin', page_id: `li-${i}`, page_name: pageType === 'personal' ? 'Anna' : 'Bäckerei AG', page_type: pageType, is_default: i === 0 }).returning('id').executeTakeFirstOrThrow()).id,
		),
	)
	const both = await content.createScheduledPost(alice.id, randomUUID(), { platform: 'linkedin', content: text('Seite und Person'), channelIds: [member!, page!] }, schedule)
	expect(!both.ok && both.reasons).toEqual([expect.stringMatching(/^LinkedIn \(Bäckerei AG\): Ihre Verbindung zu LinkedIn erlaubt das Veröffentlichen nicht/)])
	expect((await content.createScheduledPost(alice.id, randomUUID(), { platform: 'linkedin', content: text('Nur die Person'), channelIds: [member!] }, schedule)).ok).toBe(true)
})

test("a channel's daily cap (Instagram: 25 posts in 24 hours) counts that channel's deliveries only, and is refused at planning in German", async () => {
	await using t = await createTestDatabase()
	const content = contentServices(t.db)
	const alice = await user(t.db)
	const [full, empty] = await channels(t.db, alice.id, 'instagram', 2, { name: 'Filiale' })
	const post = (channelIds: Array<string>) => content.createScheduledPost(alice.id, randomUUID(), { platform: 'instagram', content: text('Noch einer'), images: { instagram: 'https://bilder.example/a.jpg' }, channelIds }, schedule)
	const first = await post([empty!])
	const at = new Date(first.ok ? first.post.scheduledAt! : 0)
	const earlier = await t.db
		.insertInto('posts')
		.values(Array.from({ length: 25 }, (_, i) => ({ user_id: alice.id, title: `P${i}`, content: JSON.stringify(text(`P${i}`)), platform: 'instagram', status: 'scheduled', scheduled_at: new Date(at.getTime() - (i + 1) * 60_000), time_zone: zurich })))
		.returning(['id', 'scheduled_at'])
		.execute()
	await t.db
		.insertInto('post_deliveries')
		.values(earlier.map((p) => ({ post_id: p.id, user_id: alice.id, platform: 'instagram', status: 'scheduled', scheduled_at: p.scheduled_at, channel_id: full! })))
		.execute()
	const refused = await post([full!, empty!])
	expect(!refused.ok && refused.reasons).toEqual(['Instagram (Filiale 1): Instagram erlaubt höchstens 25 Posts in 24 Stunden pro Konto, und um diese Zeit sind es schon so viele. Bitte wählen Sie eine andere Zeit.'])
	expect((await post([empty!])).ok).toBe(true)
})

test("a delivery without a channel is sent through the default channel of its post's brand, not any default of the user", async () => {
	await using t = await createTestDatabase()
	const alice = await user(t.db)
	const [first] = await channels(t.db, alice.id, 'linkedin', 1, { name: 'Privat' })
	const bakery = await t.db.insertInto('brands').values({ user_id: alice.id, name: 'Bäckerei' }).returning('id').executeTakeFirstOrThrow()
	const [bakeryDefault] = await channels(t.db, alice.id, 'linkedin', 1, { brandId: bakery.id, name: 'Bäckerei' })
	const post = await t.db.insertInto('posts').values({ user_id: alice.id, brand_id: bakery.id, title: 'B', content: JSON.stringify(text('B')), platform: 'linkedin', status: 'draft' }).returning('id').executeTakeFirstOrThrow()
	const pages = await deliveryPages(t.db, [
		{ user_id: alice.id, platform: 'linkedin', channel_id: null, post_id: post.id },
		{ user_id: alice.id, platform: 'linkedin', channel_id: first!, post_id: post.id },
	])
	expect(pages.map((p) => p?.page_row_id)).toEqual([bakeryDefault, first])
})
