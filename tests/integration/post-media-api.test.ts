import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { apiClient, apiToken } from '#tests/support/api-v1.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'

// REST v1 `media` (ADR 0061): POST /posts writes the new post's list, PATCH /posts/{id} replaces the post's list through content.setPostMedia;
// the post view lists it; refusals are problems with German reasons.

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10) + 'T08:00:00.000Z'

type ApiMedia = { id: string; kind: string; url: string; altText: string | null; networks: Array<string> | null; state: string }

test('POST and PATCH media set, reorders and empties the list; another user’s file and a published post are refused', async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['bluesky'])
	const other = await h.connectedUser(['bluesky'])
	const token = await apiToken(h.services, userId)
	const call = apiClient(h.services)
	const upload = async (owner: string, name: string) => {
		const key = `images/${randomUUID()}/${name}`
		await t.db.insertInto('uploads').values({ user_id: owner, kind: 'post_image', storage_key: key, content_type: 'image/jpeg', byte_size: 100 }).execute()
		return key
	}
	const [a, b] = [await upload(userId, 'a.jpg'), await upload(userId, 'b.jpg')]

	const created = await call('POST', '/posts', { token, json: { networks: ['bluesky'], text: 'Zwei Bilder', schedule: { type: 'at', at: inDays(3) } } })
	expect(created.status).toBe(201)
	const post = (await created.json()) as { id: string; media: Array<ApiMedia> }
	expect(post.media).toEqual([])

	const set = await call('PATCH', `/posts/${post.id}`, { token, json: { media: [{ fileKey: a, altText: 'Ein Boot' }, { fileKey: b }] } })
	expect(set.status).toBe(200)
	const media = ((await set.json()) as { media: Array<ApiMedia> }).media
	expect(media.map((m) => [m.url, m.altText, m.kind, m.state])).toEqual([
		[`/media/${a}`, 'Ein Boot', 'image', 'ready'],
		[`/media/${b}`, null, 'image', 'ready'],
	])

	const reordered = await call('PATCH', `/posts/${post.id}`, { token, json: { media: [{ id: media[1]!.id, altText: 'Ein Steg' }, { id: media[0]!.id }] } })
	expect(((await reordered.json()) as { media: Array<ApiMedia> }).media.map((m) => [m.id, m.altText])).toEqual([
		[media[1]!.id, 'Ein Steg'],
		[media[0]!.id, 'Ein Boot'],
	])

	const foreign = await call('PATCH', `/posts/${post.id}`, { token, json: { media: [{ fileKey: await upload(other.userId, 'c.jpg') }] } })
	expect(foreign.status).toBe(422)
	expect(await foreign.json()).toMatchObject({ code: 'invalid_media', reasons: ['Element 1: Die Datei ist keine Ihrer hochgeladenen Dateien.'] })
	const both = await call('PATCH', `/posts/${post.id}`, { token, json: { media: [{ fileKey: a, url: 'https://x.example.ch/a.png' }] } })
	expect(both.status).toBe(400)

	expect(((await (await call('PATCH', `/posts/${post.id}`, { token, json: { media: [] } })).json()) as { media: Array<ApiMedia> }).media).toEqual([])
	await t.db.updateTable('posts').set({ status: 'published', published_at: new Date() }).where('id', '=', post.id).execute()
	const locked = await call('PATCH', `/posts/${post.id}`, { token, json: { media: [{ fileKey: a }] } })
	expect(locked.status).toBe(409)
	expect(await locked.json()).toMatchObject({ code: 'published_locked' })

	// POST takes the list too, in the post's own transaction: a refused list makes no post. (An https url
	// is fetched and stored as an upload first: tests/integration/media-by-url.test.ts.)
	const c = await upload(userId, 'c.jpg')
	const withMedia = await call('POST', '/posts', { token, json: { networks: ['bluesky'], text: 'Gleich mit Bildern', media: [{ fileKey: b, altText: ' Ein Steg ' }, { url: `/media/${c}` }], schedule: { type: 'at', at: inDays(4) } } })
	expect(withMedia.status).toBe(201)
	expect(((await withMedia.json()) as { media: Array<ApiMedia> }).media.map((m) => [m.url, m.altText])).toEqual([
		[`/media/${b}`, 'Ein Steg'],
		[`/media/${c}`, null],
	])
	const before = await t.db.selectFrom('posts').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()
	const refused = await call('POST', '/posts', { token, json: { networks: ['bluesky'], text: 'Fremdes Bild', media: [{ fileKey: await upload(other.userId, 'd.jpg') }], schedule: { type: 'at', at: inDays(4) } } })
	expect(refused.status).toBe(422)
	expect(await refused.json()).toMatchObject({ code: 'invalid_media', reasons: ['Element 1: Die Datei ist keine Ihrer hochgeladenen Dateien.'] })
	expect(await t.db.selectFrom('posts').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).toEqual(before)

	const openapi = (await (await call('GET', '/openapi.json')).json()) as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } }
	expect(Object.keys(openapi.components.schemas.PostChange!.properties!)).toContain('media')
	expect(Object.keys(openapi.components.schemas.Post!.properties!)).toContain('media')
	expect(Object.keys(openapi.components.schemas.NewPost!.properties!)).toContain('media')
})
