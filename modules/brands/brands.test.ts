import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { userWithCredits } from '#tests/support/users.ts'
import { moveIdeasOfBrand } from '#modules/news/index.ts'
import { brandDirectory, createBrandsService } from './index.ts'

async function channel(db: Kysely<DB>, userId: string, platform: string, brandId: string, isDefault: boolean) {
	const token = await db
		.insertInto('social_tokens')
		.values({ user_id: userId, platform, account_id: randomUUID(), account_name: platform, access_token_encrypted: 'not-used-here', status: 'active' })
		.returning('id')
		.executeTakeFirstOrThrow()
	const row = await db
		.insertInto('channels')
		.values({ user_id: userId, platform, page_id: randomUUID(), page_name: platform, social_token_id: token.id, brand_id: brandId, is_default: isDefault })
		.returning('id')
		.executeTakeFirstOrThrow()
	return row.id
}

const channelRow = (db: Kysely<DB>, id: string) => db.selectFrom('channels').select(['brand_id', 'is_default']).where('id', '=', id).executeTakeFirstOrThrow()

test('a brand is created, renamed and named 1 to 80 characters, unique per user', async () => {
	await using t = await createTestDatabase()
	const brands = createBrandsService({ db: t.db, ideas: { moveIdeasOfBrand } })
	const alice = await userWithCredits(t.db, 0)
	const bob = await userWithCredits(t.db, 0)

	const created = await brands.create(alice, '  Bäckerei Winterthur ')
	expect(created.ok).toBe(true)
	expect(await brands.create(alice, 'Bäckerei Winterthur')).toEqual({ ok: false, error: 'name_taken' })
	expect(await brands.create(alice, '   ')).toEqual({ ok: false, error: 'name_empty' })
	expect(await brands.create(alice, 'x'.repeat(81))).toEqual({ ok: false, error: 'name_too_long' })
	expect((await brands.create(alice, 'ä'.repeat(80))).ok).toBe(true)
	// Another user may use the same name.
	expect((await brands.create(bob, 'Bäckerei Winterthur')).ok).toBe(true)

	const id = created.ok ? created.id : ''
	expect(await brands.rename(alice, id, 'Privat')).toEqual({ ok: true })
	expect(await brands.rename(alice, id, 'ä'.repeat(80))).toEqual({ ok: false, error: 'name_taken' })
	expect(await brands.rename(bob, id, 'Gestohlen')).toEqual({ ok: false, error: 'not_found' })
	expect(await brands.rename(alice, 'keine-id', 'Privat')).toEqual({ ok: false, error: 'not_found' })
	// The first brand ('Meine Marke') comes from the fill_brand trigger of the first channel/post; none yet here.
	expect((await brands.list(alice)).map((b) => b.name)).toEqual(['Privat', 'ä'.repeat(80)])
})

test('deleting a brand moves its channels, posts, drafts and agents to the other brand in one transaction', async () => {
	await using t = await createTestDatabase()
	const brands = createBrandsService({ db: t.db, ideas: { moveIdeasOfBrand } })
	const alice = await userWithCredits(t.db, 0)
	const bob = await userWithCredits(t.db, 0)
	const first = await brands.create(alice, 'Meine Marke')
	const second = await brands.create(alice, 'Bäckerei Winterthur')
	const keep = first.ok ? first.id : ''
	const gone = second.ok ? second.id : ''
	const keptDefault = await channel(t.db, alice, 'linkedin', keep, true)
	const movedDefault = await channel(t.db, alice, 'linkedin', gone, true)
	const movedOnly = await channel(t.db, alice, 'mastodon', gone, true)
	const post = await t.db.insertInto('posts').values({ user_id: alice, brand_id: gone, platform: 'linkedin', content: 'Zopf am Sonntag', status: 'draft' }).returning('id').executeTakeFirstOrThrow()
	const draft = await t.db.insertInto('drafts').values({ user_id: alice, brand_id: gone, platforms: ['linkedin'], content: 'Gipfeli' }).returning('id').executeTakeFirstOrThrow()
	const agent = await t.db.insertInto('agent_configurations').values({ user_id: alice, brand_id: gone, name: 'Beck' }).returning('id').executeTakeFirstOrThrow()

	// Another user's brand, as the one to delete or as the target, changes nothing.
	const bobs = await brands.create(bob, 'Bobs Marke')
	const bobsId = bobs.ok ? bobs.id : ''
	expect(await brands.delete(bob, gone, bobsId)).toEqual({ ok: false, error: 'not_found' })
	expect(await brands.delete(alice, gone, bobsId)).toEqual({ ok: false, error: 'target_not_found' })
	expect(await brands.delete(alice, gone, gone)).toEqual({ ok: false, error: 'target_not_found' })

	expect(await brands.delete(alice, gone, keep)).toEqual({ ok: true })
	expect((await brands.list(alice)).map((b) => b.id)).toEqual([keep])
	// The target's default LinkedIn channel stays its default; the moved Mastodon channel is the only one and stays default.
	expect(await channelRow(t.db, keptDefault)).toEqual({ brand_id: keep, is_default: true })
	expect(await channelRow(t.db, movedDefault)).toEqual({ brand_id: keep, is_default: false })
	expect(await channelRow(t.db, movedOnly)).toEqual({ brand_id: keep, is_default: true })
	expect((await t.db.selectFrom('posts').select('brand_id').where('id', '=', post.id).executeTakeFirstOrThrow()).brand_id).toBe(keep)
	expect((await t.db.selectFrom('drafts').select('brand_id').where('id', '=', draft.id).executeTakeFirstOrThrow()).brand_id).toBe(keep)
	expect((await t.db.selectFrom('agent_configurations').select('brand_id').where('id', '=', agent.id).executeTakeFirstOrThrow()).brand_id).toBe(keep)
})

test('a channel moves to another brand: the default passes on in the brand it left', async () => {
	await using t = await createTestDatabase()
	const brands = createBrandsService({ db: t.db, ideas: { moveIdeasOfBrand } })
	const alice = await userWithCredits(t.db, 0)
	const bob = await userWithCredits(t.db, 0)
	const a = await brands.create(alice, 'Privat')
	const b = await brands.create(alice, 'Bäckerei Winterthur')
	const bobs = await brands.create(bob, 'Bobs Marke')
	const [from, to, bobsId] = [a, b, bobs].map((r) => (r.ok ? r.id : ''))
	const moving = await channel(t.db, alice, 'instagram', from!, true)
	const staying = await channel(t.db, alice, 'instagram', from!, false)

	expect(await brands.moveChannel(alice, moving, bobsId!)).toEqual({ ok: false, error: 'not_found' })
	expect(await brands.moveChannel(bob, moving, bobsId!)).toEqual({ ok: false, error: 'channel_not_found' })
	expect(await channelRow(t.db, moving)).toEqual({ brand_id: from, is_default: true })

	expect(await brands.moveChannel(alice, moving, to!)).toEqual({ ok: true })
	expect(await channelRow(t.db, moving)).toEqual({ brand_id: to, is_default: true })
	expect(await channelRow(t.db, staying)).toEqual({ brand_id: from, is_default: true })
	// Back again: the brand has its default of the network now, so the returning channel is not one.
	expect(await brands.moveChannel(alice, moving, from!)).toEqual({ ok: true })
	expect(await channelRow(t.db, moving)).toEqual({ brand_id: from, is_default: false })
})

test('the default agent is one of the user\'s agents; the chosen brand resolves only for its owner', async () => {
	await using t = await createTestDatabase()
	const brands = createBrandsService({ db: t.db, ideas: { moveIdeasOfBrand } })
	const alice = await userWithCredits(t.db, 0)
	const bob = await userWithCredits(t.db, 0)
	const made = await brands.create(alice, 'Bäckerei Winterthur')
	const brand = made.ok ? made.id : ''
	const agent = await t.db.insertInto('agent_configurations').values({ user_id: alice, name: 'Beck' }).returning('id').executeTakeFirstOrThrow()
	const bobsAgent = await t.db.insertInto('agent_configurations').values({ user_id: bob, name: 'Fremd' }).returning('id').executeTakeFirstOrThrow()

	expect(await brands.setDefaultAgent(alice, brand, bobsAgent.id)).toEqual({ ok: false, error: 'agent_not_found' })
	expect(await brands.setDefaultAgent(bob, brand, bobsAgent.id)).toEqual({ ok: false, error: 'not_found' })
	expect(await brands.setDefaultAgent(alice, brand, agent.id)).toEqual({ ok: true })
	expect((await brands.list(alice)).find((b) => b.id === brand)?.defaultAgentId).toBe(agent.id)
	expect(await brands.forNewContent(alice, brand)).toEqual({ id: brand, defaultAgentId: agent.id })

	expect(await brands.resolve(alice, brand)).toBe(brand)
	expect(await brands.resolve(bob, brand)).toBeNull()
	expect(await brands.resolve(alice, 'alle')).toBeNull()
	// 'Alle Marken' (or another user's brand): new content goes to the user's first brand.
	const first = (await brands.list(alice))[0]!.id
	expect((await brands.forNewContent(alice, null))?.id).toBe(first)
	expect((await brands.forNewContent(bob, brand))?.id).not.toBe(brand)
	expect(await brands.setDefaultAgent(alice, brand, null)).toEqual({ ok: true })
})

test("the reads other modules get as ports: a brand is the user's, a brand's name in a statement, the export", async () => {
	await using t = await createTestDatabase()
	const brands = createBrandsService({ db: t.db, ideas: { moveIdeasOfBrand } })
	const alice = await userWithCredits(t.db, 0)
	const bob = await userWithCredits(t.db, 0)
	const made = await brands.create(alice, 'Bäckerei Winterthur')
	if (!made.ok) throw new Error(made.error)

	expect(await brandDirectory.ownsBrand(t.db, alice, made.id)).toBe(true)
	expect(await brandDirectory.ownsBrand(t.db, bob, made.id)).toBe(false)
	const id = await channel(t.db, alice, 'instagram', made.id, true)
	const row = await t.db.selectFrom('channels').select(brandDirectory.brandNameSql(sql.ref('channels.brand_id')).as('brand_name')).where('id', '=', id).executeTakeFirstOrThrow()
	expect(row.brand_name).toBe('Bäckerei Winterthur')
	expect((await brands.exportData(alice)).brands).toEqual([expect.objectContaining({ id: made.id, name: 'Bäckerei Winterthur', default_agent_id: null })])
	expect((await brands.exportData(bob)).brands).toEqual([])
})
