import { randomUUID } from 'node:crypto'
import { Kysely, PostgresDialect } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { BOARD_PAGE_SIZE } from '#modules/content/board-limits.ts'
import { boardCards } from '#app/server/posts-board.server.ts'
import type { DraftView } from '#modules/content/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'

// A draft card names where the draft would go, as a post card does (issue 38): its chosen channels,
// else per network the page chosen for it or its brand's default channel; all drafts in one query.

type Owner = { id: string; brand: string }

async function user(db: Kysely<DB>): Promise<Owner> {
	const email = `${randomUUID()}@beispiel.ch`
	const row = await db.insertInto('users').values({ email }).returning('id').executeTakeFirstOrThrow()
	await db.insertInto('profiles').values({ id: row.id, email }).execute()
	const brand = await db.insertInto('brands').values({ user_id: row.id, name: 'Bäckerei' }).returning('id').executeTakeFirstOrThrow()
	return { id: row.id, brand: brand.id }
}

/** One account of `platform` with a channel per name, in `brand`; the first is the network's default there. */
async function channels(db: Kysely<DB>, owner: Owner, platform: string, names: Array<string>, brand = owner.brand) {
	const token = await db
		.insertInto('social_tokens')
		.values({ user_id: owner.id, platform, account_id: `acct-${randomUUID()}`, account_name: 'Konto', access_token_encrypted: 'sealed', sandbox: true, status: 'active' })
		.returning('id')
		.executeTakeFirstOrThrow()
	const rows = await db
		.insertInto('channels')
		.values(names.map((name, i) => ({ user_id: owner.id, brand_id: brand, social_token_id: token.id, platform, page_id: `page-${randomUUID()}`, page_name: name, page_type: 'business', is_default: i === 0 })))
		.returning('id')
		.execute()
	return rows.map((r) => r.id)
}

const targets = (draft: DraftView) => ({ draftId: draft.id, brandId: draft.brandId, platforms: draft.platforms, channelIds: draft.channelIds, pageIds: draft.pageIds })

test("a draft's channels: its chosen ones, else its page per network, else its brand's default; the user's own only", async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const alice = await user(t.db)
	const bob = await user(t.db)
	const [winterthur, cafe] = await channels(t.db, alice, 'instagram', ['Bäckerei Winterthur', 'Café am Markt'])
	const [anna] = await channels(t.db, alice, 'linkedin', ['Anna Muster'])
	const second = await t.db.insertInto('brands').values({ user_id: alice.id, name: 'Blumen' }).returning('id').executeTakeFirstOrThrow()
	const [blumen] = await channels(t.db, alice, 'instagram', ['Blumen Rosa'], second.id)
	const [bobs] = await channels(t.db, bob, 'instagram', ['Bobs Laden'])
	const content = { base: 'Zopf am Sonntag', platforms: {} }

	const chosen = await services.content.createDraft(alice.id, { platforms: ['instagram'], content, channelIds: [cafe!, anna!], brandId: alice.brand })
	const defaults = await services.content.createDraft(alice.id, { platforms: ['instagram', 'linkedin'], content, brandId: alice.brand })
	const page = await services.content.createDraft(alice.id, { platforms: ['instagram'], content, pageIds: { instagram: cafe! }, brandId: alice.brand })
	const otherBrand = await services.content.createDraft(alice.id, { platforms: ['instagram'], content, brandId: second.id })
	const noChannel = await services.content.createDraft(alice.id, { platforms: ['mastodon'], content, brandId: alice.brand })
	const his = await services.content.createDraft(bob.id, { platforms: ['instagram'], content, channelIds: [bobs!], brandId: bob.brand })

	const named = await services.publishing.draftChannels(alice.id, [chosen, defaults, page, otherBrand, noChannel, his].map(targets))
	expect(named[chosen.id]).toEqual([
		{ id: cafe, platform: 'instagram', name: 'Café am Markt' },
		{ id: anna, platform: 'linkedin', name: 'Anna Muster' },
	])
	expect(named[defaults.id]).toEqual([
		{ id: winterthur, platform: 'instagram', name: 'Bäckerei Winterthur' },
		{ id: anna, platform: 'linkedin', name: 'Anna Muster' },
	])
	expect(named[page.id]).toEqual([{ id: cafe, platform: 'instagram', name: 'Café am Markt' }])
	expect(named[otherBrand.id]).toEqual([{ id: blumen, platform: 'instagram', name: 'Blumen Rosa' }])
	// A network without a channel in the brand, and another user's draft and channel: nothing.
	expect(named[noChannel.id]).toBeUndefined()
	expect(named[his.id]).toBeUndefined()

	// 'Meine Posts' gives the draft cards their line (network and name).
	const cards = await boardCards(services, alice.id, { q: '', edit: null, show: BOARD_PAGE_SIZE }, false, alice.brand)
	const line = (id: string) => cards.drafts.find((d) => d.id === id)?.channels
	expect(line(defaults.id)).toEqual([
		{ platform: 'instagram', name: 'Bäckerei Winterthur' },
		{ platform: 'linkedin', name: 'Anna Muster' },
	])
	expect(line(noChannel.id)).toEqual([])
})

test('reading the channels of 30 drafts is one statement, as for one', async () => {
	await using t = await createTestDatabase()
	let statements = 0
	const counting = new Kysely<DB>({ dialect: new PostgresDialect({ pool: t.pool }), log: () => void statements++ })
	const { services } = testServices(counting)
	const alice = await user(t.db)
	const [, cafe] = await channels(t.db, alice, 'instagram', ['Bäckerei Winterthur', 'Café am Markt'])
	await channels(t.db, alice, 'linkedin', ['Anna Muster'])
	const drafts = []
	for (let i = 0; i < 30; i++) {
		const content = { base: `Entwurf ${i}`, platforms: {} }
		const input = i % 2 ? { platforms: ['instagram', 'linkedin'], content, brandId: alice.brand } : { platforms: ['instagram'], content, channelIds: [cafe!], brandId: alice.brand }
		drafts.push(await services.content.createDraft(alice.id, input))
	}
	const count = async (some: Array<DraftView>) => {
		statements = 0
		const named = await services.publishing.draftChannels(alice.id, some.map(targets))
		expect(Object.keys(named)).toHaveLength(some.length)
		return statements
	}
	expect(await count([drafts[0]!])).toBe(1)
	expect(await count(drafts)).toBe(1)
})
