import { randomUUID } from 'node:crypto'
import { Kysely, PostgresDialect, type Kysely as Db } from 'kysely'
import { expect, test } from 'vitest'
import { brandDirectory } from '#modules/brands/index.ts'
import { createContentService } from '#modules/content/index.ts'
import type { DB } from '#modules/core/db.server.ts'
import { mediaOrigins } from '#modules/generation/index.ts'
import { deliveryPlanner } from '#modules/publishing/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testPlatforms } from '#tests/support/platforms.ts'
import { user as newUser, zurich } from '#tests/support/channel-posts.ts'

// setPostMedia (ADR 0061): the post's ordered list replaced in one transaction, kept items keep their
// rows, uploads only the user's own, German refusals, a fixed number of statements.

const user = async (db: Db<DB>) => (await newUser(db)).id

function contentOn(db: Db<DB>, altTextMaxLength = 1000) {
	return createContentService({ db, clock: { now: () => new Date() }, planner: deliveryPlanner, brands: brandDirectory, origins: mediaOrigins, platforms: testPlatforms.ids, altTextMaxLength })
}

async function upload(db: Db<DB>, userId: string, name: string, contentType = 'image/jpeg', kind = 'post_image') {
	const key = `uploads/${randomUUID()}/${name}`
	await db.insertInto('uploads').values({ user_id: userId, kind, storage_key: key, content_type: contentType, byte_size: 1234 }).execute()
	return key
}

async function post(content: ReturnType<typeof contentOn>, userId: string) {
	return content.createPost(userId, { platform: 'multiple', content: { base: 'Karussell', platforms: { instagram: 'Karussell', bluesky: 'Karussell' } }, status: 'draft', timeZone: zurich })
}

test('the list replaces the post’s media in order; items given by id keep their rows, state and alt text', async () => {
	await using t = await createTestDatabase()
	const content = contentOn(t.db)
	const alice = await user(t.db)
	const created = await post(content, alice)
	const [a, b, v] = [await upload(t.db, alice, 'a.jpg'), await upload(t.db, alice, 'b.jpg'), await upload(t.db, alice, 'c.mp4', 'video/mp4', 'post_video')]

	const first = await content.setPostMedia(alice, created.id, [{ fileKey: a, altText: '  Ein Hund am See  ' }, { fileKey: b }, { fileKey: v }, { url: 'https://bilder.example.ch/d.png', networks: ['instagram'] }])
	if (!first.ok) throw new Error(JSON.stringify(first))
	expect(first.media.map((m) => [m.kind, m.url, m.altText, m.networks])).toEqual([
		['image', `/media/${a}`, 'Ein Hund am See', null],
		['image', `/media/${b}`, null, null],
		['video', `/media/${v}`, null, null],
		['image', 'https://bilder.example.ch/d.png', null, ['instagram']],
	])
	const [ia, ib, iv, iu] = first.media.map((m) => m.id)
	await t.db.updateTable('post_media').set({ state: 'processing', progress: 40 }).where('id', '=', iv!).execute()

	// Reordered, one removed, alt text changed on one and kept (not given) on another, a new one added.
	const second = await content.setPostMedia(alice, created.id, [{ id: iv! }, { id: ib!, altText: 'Zwei Katzen' }, { id: ia! }, { url: `/media/${await upload(t.db, alice, 'e.jpg')}` }])
	if (!second.ok) throw new Error(JSON.stringify(second))
	expect(second.media.map((m) => m.id).slice(0, 3)).toEqual([iv, ib, ia])
	expect(second.media.map((m) => m.altText)).toEqual([null, 'Zwei Katzen', 'Ein Hund am See', null])
	expect(second.media[0]!.state).toBe('processing')
	const rows = await t.db.selectFrom('post_media').select(['id', 'position', 'progress', 'source']).where('post_id', '=', created.id).orderBy('position').execute()
	expect(rows.map((r) => r.position)).toEqual([0, 1, 2, 3])
	expect(rows[0]!.progress).toBe(40)
	expect(rows.some((r) => r.id === iu)).toBe(false)
	expect((await content.getPost(alice, created.id))!.media.map((m) => m.id)).toEqual(second.media.map((m) => m.id))

	// The empty list removes every item.
	expect(await content.setPostMedia(alice, created.id, [])).toEqual({ ok: true, media: [] })
})

test('another user’s upload, item or post is refused in German and nothing changes', async () => {
	await using t = await createTestDatabase()
	const content = contentOn(t.db)
	const alice = await user(t.db)
	const bob = await user(t.db)
	const created = await post(content, alice)
	const own = await upload(t.db, alice, 'a.jpg')
	const foreign = await upload(t.db, bob, 'b.jpg')
	const set = await content.setPostMedia(alice, created.id, [{ fileKey: own }])
	if (!set.ok) throw new Error('not set')

	expect(await content.setPostMedia(alice, created.id, [{ fileKey: own }, { fileKey: foreign }])).toEqual({
		ok: false,
		error: 'invalid_media',
		reasons: ['Element 2: Die Datei ist keine Ihrer hochgeladenen Dateien.'],
	})
	// The same file as a /media/ URL is the upload too.
	expect(await content.setPostMedia(alice, created.id, [{ url: `/media/${foreign}` }])).toMatchObject({ ok: false, error: 'invalid_media' })
	const bobsPost = await post(content, bob)
	const bobs = await content.setPostMedia(bob, bobsPost.id, [{ fileKey: foreign }])
	if (!bobs.ok) throw new Error('not set')
	expect(await content.setPostMedia(alice, created.id, [{ id: bobs.media[0]!.id }])).toEqual({ ok: false, error: 'invalid_media', reasons: ['Element 1 gehört nicht zu diesem Post.'] })
	expect(await content.setPostMedia(bob, created.id, [{ fileKey: foreign }])).toEqual({ ok: false, error: 'not_found' })
	// Rolled back: Alice's list is as it was, Bob's item where it was.
	expect((await content.getPost(alice, created.id))!.media.map((m) => m.id)).toEqual(set.media.map((m) => m.id))
	expect((await content.getPost(bob, bobsPost.id))!.media.map((m) => m.id)).toEqual([bobs.media[0]!.id])
})

test('alt text over the smallest limit, networks outside the post and a published post are refused', async () => {
	await using t = await createTestDatabase()
	const content = contentOn(t.db, 10)
	const alice = await user(t.db)
	const created = await post(content, alice)
	const key = await upload(t.db, alice, 'a.jpg')
	expect(await content.setPostMedia(alice, created.id, [{ fileKey: key, altText: 'Zwölf Zeichen' }, { url: 'https://x.example.ch/a.png', networks: ['threads'] }])).toEqual({
		ok: false,
		error: 'invalid_media',
		reasons: ['Element 1: Der Alt-Text ist mit 13 Zeichen zu lang (höchstens 10).', 'Element 2: threads gehört nicht zu den Netzwerken dieses Posts.'],
	})
	// Counted in code points: ten emoji fit.
	expect((await content.setPostMedia(alice, created.id, [{ fileKey: key, altText: '🐕'.repeat(10) }])).ok).toBe(true)
	await t.db.updateTable('posts').set({ status: 'published', published_at: new Date() }).where('id', '=', created.id).execute()
	expect(await content.setPostMedia(alice, created.id, [])).toEqual({ ok: false, error: 'published_locked' })
})

test('the number of statements is the same for one item and for twenty', async () => {
	await using t = await createTestDatabase()
	let queries = 0
	const counting = new Kysely<DB>({ dialect: new PostgresDialect({ pool: t.pool }), log: () => void queries++ })
	const content = contentOn(counting)
	const alice = await user(t.db)
	const created = await post(content, alice)
	const keys = await Promise.all(Array.from({ length: 20 }, (_, i) => upload(t.db, alice, `${i}.jpg`)))

	queries = 0
	const one = await content.setPostMedia(alice, created.id, [{ fileKey: keys[0]! }])
	const forOne = queries
	queries = 0
	const many = await content.setPostMedia(alice, created.id, [...(one.ok ? [{ id: one.media[0]!.id }] : []), ...keys.slice(1).map((fileKey) => ({ fileKey, altText: 'Bild' }))])
	expect(many.ok && many.media.length).toBe(20)
	expect(queries).toBe(forOne)
	expect(forOne).toBeLessThanOrEqual(5)
})

test('with a request id a retry answers the first result and other input is a conflict', async () => {
	await using t = await createTestDatabase()
	const content = contentOn(t.db)
	const alice = await user(t.db)
	const created = await post(content, alice)
	const key = await upload(t.db, alice, 'a.jpg')
	const requestId = randomUUID()
	const first = await content.setPostMedia(alice, created.id, [{ fileKey: key }], requestId)
	expect(await content.setPostMedia(alice, created.id, [{ fileKey: key }], requestId)).toEqual(first)
	expect(await content.setPostMedia(alice, created.id, [], requestId)).toEqual({ ok: false, error: 'request_conflict' })
})
