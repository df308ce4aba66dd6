import { expect, test } from 'vitest'
import type { Checkpoint, PublishMedia, PublishTarget } from '#modules/publishing/ports.ts'
import { withMedia } from '#modules/publishing/publish-media.ts'
import { metaRoutes, SANDBOX_PAGES } from '../meta/sandbox.ts'
import { connect, sandboxSettings, startMetaSandbox } from '../meta/testing.ts'
import { createFacebookAdapter } from './adapter.ts'

const [cafe] = SANDBOX_PAGES
const image = (name: string, altText: string | null): PublishMedia => ({ kind: 'image', url: `https://cdn.example.com/${name}.jpg`, altText })
const threeImages = () => [image('gipfeli', 'Ein Gipfeli auf dem Teller'), image('laden', 'Die Bäckerei von aussen'), image('kaffee', null)]

async function setup() {
	const sandbox = await startMetaSandbox()
	const adapter = createFacebookAdapter(sandboxSettings(sandbox.base))
	const account = await connect(adapter)
	const page = account.pages.find((p) => p.pageId === cafe!.id)!
	const target: PublishTarget = { accountId: account.accountId, pageId: page.pageId, accessToken: page.accessToken! }
	const router = sandbox.network.routers.meta!
	router.requests.length = 0
	const checkpoints: Array<Checkpoint> = []
	const saved: Checkpoint = {}
	const hooks = {
		checkpoint: async (data: Checkpoint) => {
			checkpoints.push(data)
			Object.assign(saved, data)
		},
	}
	return { sandbox, adapter, target, router, store: sandbox.network.store, hooks, checkpoints, saved, [Symbol.asyncDispose]: () => sandbox.close() }
}

test('three photos: each uploaded unpublished, then one /feed post with attached_media[n] in order (Facebook takes no alt text)', async () => {
	await using s = await setup()
	const result = await s.adapter.publish(s.target, withMedia('Drei Bilder', threeImages()), s.hooks)

	const uploads = s.router.requests.filter((r) => r.route === metaRoutes.photos)
	expect(uploads.map((r) => [r.form.get('url'), r.form.get('published'), r.form.get('caption'), r.form.has('alt_text')])).toEqual([
		['https://cdn.example.com/gipfeli.jpg', 'false', null, false],
		['https://cdn.example.com/laden.jpg', 'false', null, false],
		['https://cdn.example.com/kaffee.jpg', 'false', null, false],
	])
	const photoIds = s.saved.photoIds!.split(',')
	expect(s.checkpoints).toEqual([{ photoIds: s.saved.photoIds }])
	const [feed] = s.router.requests.filter((r) => r.route === metaRoutes.feed)
	expect([0, 1, 2].map((n) => JSON.parse(feed!.form.get(`attached_media[${n}]`)!))).toEqual(photoIds.map((id) => ({ media_fbid: id })))
	expect(feed!.form.get('message')).toBe('Drei Bilder')
	const [post] = s.store.findPosts('facebook', cafe!.id)
	expect(post).toMatchObject({ id: result.externalId, imageUrl: 'https://cdn.example.com/gipfeli.jpg' })
	expect(post!.images!.map((i) => i.url)).toEqual(threeImages().map((i) => i.url))
})

test('eleven photos are refused before any request; the fake refuses photos that are not unpublished photos of the page', async () => {
	await using s = await setup()
	const eleven = Array.from({ length: 11 }, (_, i) => image(`b${i}`, null))
	await expect(s.adapter.publish(s.target, withMedia('Zu viele', eleven), s.hooks)).rejects.toMatchObject({ kind: 'invalid_request', code: 'carousel_too_many' })
	expect(s.router.requests).toHaveLength(0)

	const feed = (photoIds: Array<string>) =>
		fetch(`${s.sandbox.base}/meta/v25.0/${cafe!.id}/feed`, {
			method: 'POST',
			body: new URLSearchParams({ message: 'x', access_token: s.target.accessToken, ...Object.fromEntries(photoIds.map((id, n) => [`attached_media[${n}]`, JSON.stringify({ media_fbid: id })])) }),
		}).then(async (r) => ((await r.json()) as { error?: { message: string } }).error?.message)
	expect(await feed(['999999'])).toContain('not an unpublished photo of this page')
	expect(await feed(Array.from({ length: 11 }, (_, i) => String(i)))).toContain('at most 10 attached photos')
	expect(s.store.posts).toHaveLength(0)
})

test('a crash between the photos and the feed post: the resend attaches the saved photos, nothing is uploaded or posted twice', async () => {
	await using s = await setup()
	const content = withMedia('Einmal mit drei Bildern', threeImages())
	s.router.script(metaRoutes.feed, [{ status: 503, body: { error: { message: 'Service unavailable', type: 'OAuthException', code: 2 } } }, { pass: true }])
	await expect(s.adapter.publish(s.target, content, s.hooks)).rejects.toBeTruthy()
	expect(s.store.posts).toHaveLength(0)

	const result = await s.adapter.publish(s.target, content, { ...s.hooks, previous: { ...s.saved } })

	expect(s.router.count(metaRoutes.photos)).toBe(3)
	expect(s.store.posts.map((p) => [p.id, p.images?.length])).toEqual([[result.externalId, 3]])
})
