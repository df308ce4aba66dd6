import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { expect, test } from 'vitest'
import { brandDirectory } from '#modules/brands/index.ts'
import { createContentService, moveContentOfBrand } from '#modules/content/index.ts'
import type { DB } from '#modules/core/db.server.ts'
import { mediaOrigins } from '#modules/generation/index.ts'
import { saveCreatorDraft } from '#modules/posting/save-creator-draft.server.ts'
import { deliveryPlanner } from '#modules/publishing/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { draftMediaRows } from '#tests/support/draft-media.ts'
import { testPlatforms } from '#tests/support/platforms.ts'
import { schedule, user as newUser } from '#tests/support/channel-posts.ts'

// A draft's media as ordered post_media rows (ADR 0069): written by the creator and by a media list,
// read back in order, taken over by the post it becomes (ids, alt texts, AI flags), carried by a brand
// move, removed with the draft, listed in the export.

const user = async (db: Kysely<DB>) => (await newUser(db)).id

function contentOn(db: Kysely<DB>) {
	return createContentService({ db, clock: { now: () => new Date() }, planner: deliveryPlanner, brands: brandDirectory, origins: mediaOrigins, platforms: testPlatforms.ids, altTextMaxLength: 1000 })
}

async function upload(db: Kysely<DB>, userId: string, name: string, kind = 'post_image', altText: string | null = null) {
	const key = `images/${randomUUID()}-${name}`
	await db.insertInto('uploads').values({ user_id: userId, kind, storage_key: key, content_type: 'image/jpeg', byte_size: 1234, alt_text: altText }).execute()
	return key
}

const creatorFields = (images: Partial<Record<string, string>>, editing: { kind: 'draft'; id: string } | null = null) => ({
	platforms: ['instagram' as const, 'linkedin' as const],
	texts: { instagram: 'Karussell', linkedin: 'Karussell' },
	images,
	prompt: '',
	editing,
})

test('a carousel draft keeps three ordered rows; planning it moves the same rows (ids, alt text, AI flag) to the post', async () => {
	await using t = await createTestDatabase()
	const content = contentOn(t.db)
	const alice = await user(t.db)
	const [a, b, c] = [await upload(t.db, alice, 'a.jpg', 'generated_image', 'Ein Hund am See'), await upload(t.db, alice, 'b.jpg'), await upload(t.db, alice, 'c.jpg')]
	const created = await content.createDrafts(alice, randomUUID(), [
		{ platforms: ['instagram', 'linkedin'], content: { base: 'Karussell', platforms: {} }, media: [{ fileKey: c }, { fileKey: a }, { fileKey: b, altText: 'Zwei Katzen' }] },
	])
	if (!created.ok) throw new Error(JSON.stringify(created))
	const draft = created.drafts[0]!
	expect(draft.media.map((m) => [m.url, m.altText, m.aiGenerated, m.networks])).toEqual([
		[`/media/${c}`, null, false, null],
		[`/media/${a}`, 'Ein Hund am See', true, null],
		[`/media/${b}`, 'Zwei Katzen', false, null],
	])
	// Read back in order, each network showing the first image.
	const read = (await content.getDraft(alice, draft.id))!
	expect(read.media.map((m) => m.id)).toEqual(draft.media.map((m) => m.id))
	expect(read.images).toEqual({ instagram: `/media/${c}`, linkedin: `/media/${c}` })

	// The creator saving the opened draft unchanged keeps the rows (no rewrite, no lost carousel).
	expect(await saveCreatorDraft(content, alice, randomUUID(), creatorFields(read.images, { kind: 'draft', id: draft.id }))).toMatchObject({ ok: true })
	expect((await draftMediaRows(t.db, draft.id)).map((r) => r.id)).toEqual(draft.media.map((m) => m.id))

	const planned = await content.scheduleDraft(alice, draft.id, schedule, randomUUID())
	if (!planned.ok) throw new Error(JSON.stringify(planned))
	expect(planned.post.id).toBe(draft.id)
	expect(planned.post.media.map((m) => [m.id, m.url, m.altText, m.aiGenerated])).toEqual(draft.media.map((m) => [m.id, m.url, m.altText, m.aiGenerated]))
	const rows = await t.db.selectFrom('post_media').select(['id', 'post_id', 'draft_id', 'position']).where('user_id', '=', alice).orderBy('position').execute()
	expect(rows).toEqual(draft.media.map((m, position) => ({ id: m.id, post_id: draft.id, draft_id: null, position })))
	expect(await content.getDraft(alice, draft.id)).toBeNull()
})

test('the creator writes each network’s own image as rows; an edit rewrites them, a brand move carries them, deleting the draft removes them', async () => {
	await using t = await createTestDatabase()
	const content = contentOn(t.db)
	const alice = await user(t.db)
	const [a, b] = [await upload(t.db, alice, 'a.jpg'), await upload(t.db, alice, 'b.jpg')]
	const saved = await saveCreatorDraft(content, alice, randomUUID(), creatorFields({ instagram: `/media/${a}`, linkedin: `/media/${b}` }))
	if (!saved.ok) throw new Error(JSON.stringify(saved))
	// One draft per network, each with its own image.
	const drafts = await Promise.all(saved.ids.map(async (id) => (await content.getDraft(alice, id))!))
	expect(drafts.map((d) => d.images)).toEqual([{ instagram: `/media/${a}` }, { linkedin: `/media/${b}` }])
	const draft = drafts[0]!

	// Opened with both networks and two images: two rows in the networks' order.
	expect(await saveCreatorDraft(content, alice, randomUUID(), creatorFields({ instagram: `/media/${a}`, linkedin: `/media/${b}` }, { kind: 'draft', id: draft.id }))).toMatchObject({ ok: true })
	expect((await draftMediaRows(t.db, draft.id)).map((r) => [r.url, r.networks, r.position])).toEqual([
		[`/media/${a}`, ['instagram'], 0],
		[`/media/${b}`, ['linkedin'], 1],
	])
	const edited = (await content.getDraft(alice, draft.id))!
	expect(edited.images).toEqual({ instagram: `/media/${a}`, linkedin: `/media/${b}` })

	const home = edited.brandId
	const other = (await t.db.insertInto('brands').values({ user_id: alice, name: 'Zweite Marke' }).returning('id').executeTakeFirstOrThrow()).id
	await t.db.transaction().execute((trx) => moveContentOfBrand(trx, alice, home, other))
	const moved = await t.db.selectFrom('post_media').select('brand_id').where('draft_id', '=', draft.id).execute()
	expect(moved.map((r) => r.brand_id)).toEqual([other, other])

	const exported = await content.exportData(alice)
	expect(exported.postMedia.filter((m) => m.draft_id === draft.id).map((m) => m.url)).toEqual([`/media/${a}`, `/media/${b}`])
	expect(exported.drafts.some((d) => 'images' in d)).toBe(false)

	expect(await content.deleteDraft(alice, draft.id)).toEqual({ ok: true })
	expect(await draftMediaRows(t.db, draft.id)).toEqual([])
	// The other draft's row stays.
	expect(await draftMediaRows(t.db, saved.ids[1]!)).toHaveLength(1)
})

test('a draft row has exactly one owner', async () => {
	await using t = await createTestDatabase()
	const alice = await user(t.db)
	const draft = await t.db.insertInto('drafts').values({ user_id: alice, platforms: ['linkedin'] }).returning(['id', 'brand_id']).executeTakeFirstOrThrow()
	const row = { user_id: alice, brand_id: draft.brand_id, position: 0, kind: 'image', url: '/media/x.jpg', source: 'upload' }
	await expect(t.db.insertInto('post_media').values(row).execute()).rejects.toMatchObject({ code: '23514' })
	const post = await t.db.insertInto('posts').values({ user_id: alice, platform: 'linkedin', status: 'draft' }).returning('id').executeTakeFirstOrThrow()
	await expect(t.db.insertInto('post_media').values({ ...row, draft_id: draft.id, post_id: post.id }).execute()).rejects.toMatchObject({ code: '23514' })
})
