// A post's images as rows of post_media (ADR 0053): created and replaced in one statement, read in
// order with what they are (generated or not), the same imageUrl and images for every caller, the
// publisher's load included; the AI label through the REST API.
import { expect, test } from 'vitest'
import { imageFor, moveContentOfBrand, postsForDelivery } from '#modules/content/index.ts'
import { apiClient, apiToken } from '#tests/support/api-v1.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'
import { testPlatforms } from '#tests/support/platforms.ts'

const zone = 'Europe/Zurich'
const uploaded = '/media/images/hochgeladen.jpg'
const generated = '/media/images/generiert.jpg'

const rowsOf = (t: { db: Awaited<ReturnType<typeof createTestDatabase>>['db'] }, postId: string) =>
	t.db.selectFrom('post_media').select(['id', 'position', 'kind', 'url', 'file_key', 'networks', 'ai_generated', 'source']).where('post_id', '=', postId).orderBy('position').execute()

test('a new post\'s images are rows in order, a generated one marked; the views read the same images as before', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin', 'instagram'])
	// The generation stores what it makes as an upload of kind 'generated_image' (any provider, the offline card too).
	await t.db.insertInto('uploads').values({ user_id: userId, kind: 'generated_image', storage_key: 'images/generiert.jpg', content_type: 'image/jpeg', byte_size: 10 }).execute()

	const post = await h.services.content.createPost(userId, {
		platform: 'multiple',
		content: { base: 'Zwei Netzwerke', platforms: { linkedin: 'Auf LinkedIn', instagram: 'Auf Instagram' } },
		status: 'draft',
		timeZone: zone,
		imageUrl: uploaded,
		images: { linkedin: uploaded, instagram: generated },
	})

	expect(await rowsOf(t, post.id)).toEqual([
		{ id: expect.any(String), position: 0, kind: 'image', url: uploaded, file_key: 'images/hochgeladen.jpg', networks: null, ai_generated: false, source: 'upload' },
		{ id: expect.any(String), position: 1, kind: 'image', url: generated, file_key: 'images/generiert.jpg', networks: ['instagram'], ai_generated: true, source: 'generation' },
		{ id: expect.any(String), position: 2, kind: 'image', url: uploaded, file_key: 'images/hochgeladen.jpg', networks: ['linkedin'], ai_generated: false, source: 'upload' },
	])
	expect(post).toMatchObject({ imageUrl: uploaded, images: { linkedin: uploaded, instagram: generated }, aiLabel: 'auto' })
	expect(post.media.map((m) => [m.url, m.networks, m.aiGenerated])).toEqual([
		[uploaded, null, false],
		[generated, ['instagram'], true],
		[uploaded, ['linkedin'], false],
	])
	// Read back (one subquery in the post's own statement) the view is the one the create answered.
	const read = await h.services.content.getPost(userId, post.id)
	expect(read).toEqual({ ...post, updatedAt: read!.updatedAt })
	expect((await h.services.content.board(userId)).posts.find((p) => p.id === post.id)?.media).toEqual(post.media)

	// The publisher's load: the same images per network, and the media list.
	const loaded = (await postsForDelivery(t.db, testPlatforms.ids, [post.id])).get(post.id)!
	expect(loaded).toMatchObject({ imageUrl: uploaded, images: { linkedin: uploaded, instagram: generated }, media: post.media, aiLabel: 'auto' })
	expect([imageFor(loaded, 'linkedin'), imageFor(loaded, 'instagram'), imageFor(loaded, 'threads')]).toEqual([uploaded, generated, uploaded])
})

test('an edit of the images replaces the rows in one go; a network left without an image gets none; an edit of the text alone keeps them', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin', 'instagram'])
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Mit Bild', platforms: {} }, status: 'draft', timeZone: zone, imageUrl: uploaded })
	const before = await rowsOf(t, post.id)
	expect(before.map((r) => [r.position, r.url, r.networks])).toEqual([[0, uploaded, null]])

	const textOnly = await h.services.content.updatePost(userId, post.id, { content: { base: 'Nur der Text', platforms: {} } })
	expect(textOnly).toMatchObject({ ok: true, post: { imageUrl: uploaded, images: {} } })
	expect(await rowsOf(t, post.id)).toEqual(before)

	const https = 'https://bilder.example/neu.png'
	const edited = await h.services.content.updatePost(userId, post.id, { content: { base: 'Neues Bild', platforms: {} }, imageUrl: null, images: { linkedin: https, instagram: '' } })
	if (!edited.ok) throw new Error(edited.error)
	expect(edited.post).toMatchObject({ imageUrl: null, images: { linkedin: https, instagram: '' } })
	expect(await rowsOf(t, post.id)).toEqual([{ id: expect.any(String), position: 0, kind: 'image', url: https, file_key: null, networks: ['linkedin'], ai_generated: false, source: 'url' }])
	expect([imageFor(edited.post, 'linkedin'), imageFor(edited.post, 'instagram')]).toEqual([https, null])
	expect(await h.services.content.getPost(userId, post.id)).toMatchObject({ imageUrl: null, images: { linkedin: https, instagram: '' } })

	// No image at all: no rows, and deleting the post leaves none behind.
	await h.services.content.updatePost(userId, post.id, { content: { base: 'Ohne Bild', platforms: {} }, imageUrl: null, images: {} })
	expect(await rowsOf(t, post.id)).toEqual([])
	await h.services.content.updatePost(userId, post.id, { content: { base: 'Wieder mit Bild', platforms: {} }, imageUrl: uploaded })
	await h.services.content.deletePost(userId, post.id)
	expect(await t.db.selectFrom('post_media').select('id').where('user_id', '=', userId).execute()).toEqual([])
})

test('a post moved to another brand (a deleted brand\'s posts move before it goes) takes its media along', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	const post = await h.services.content.createPost(userId, { platform: 'linkedin', content: { base: 'Mit Bild', platforms: {} }, status: 'draft', timeZone: zone, imageUrl: uploaded })
	const other = await t.db.insertInto('brands').values({ user_id: userId, name: 'Zweite Marke' }).returning('id').executeTakeFirstOrThrow()
	await t.db.transaction().execute((trx) => moveContentOfBrand(trx, userId, post.brandId, other.id))
	expect(await t.db.selectFrom('post_media').select('brand_id').where('post_id', '=', post.id).execute()).toEqual([{ brand_id: other.id }])
	expect(await h.services.content.getPost(userId, post.id)).toMatchObject({ brandId: other.id, imageUrl: uploaded })
})

test('the AI label: set when a post is made through the REST API, changed with PATCH, shown in every answer; anything else is refused', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['linkedin'])
	const token = await apiToken(h.services, userId)
	const call = apiClient(h.services)

	const plain = await call('POST', '/posts', { token, json: { networks: ['linkedin'], text: 'Ohne Angabe', schedule: { type: 'next_slot' } } })
	expect(plain.status).toBe(201)
	expect(await plain.json()).toMatchObject({ aiLabel: 'auto' })

	const marked = await call('POST', '/posts', { token, json: { networks: ['linkedin'], text: 'Mit KI gemacht', aiLabel: 'on', schedule: { type: 'next_slot' } } })
	expect(marked.status).toBe(201)
	const created = (await marked.json()) as { id: string; aiLabel: string }
	expect(created.aiLabel).toBe('on')

	const patched = await call('PATCH', `/posts/${created.id}`, { token, json: { aiLabel: 'off' } })
	expect(patched.status).toBe(200)
	expect(await patched.json()).toMatchObject({ id: created.id, aiLabel: 'off', text: 'Mit KI gemacht' })
	expect(await (await call('GET', `/posts/${created.id}`, { token })).json()).toMatchObject({ aiLabel: 'off' })
	expect(await h.services.content.getPost(userId, created.id)).toMatchObject({ aiLabel: 'off' })

	expect((await call('PATCH', `/posts/${created.id}`, { token, json: { aiLabel: 'vielleicht' } })).status).toBe(400)
	expect((await call('POST', '/posts', { token, json: { networks: ['linkedin'], text: 'Falsch', aiLabel: 'ja', schedule: { type: 'next_slot' } } })).status).toBe(400)
	const page = (await (await call('GET', '/posts', { token })).json()) as { data: Array<{ id: string; aiLabel: string }> }
	expect(page.data.find((p) => p.id === created.id)?.aiLabel).toBe('off')
})
