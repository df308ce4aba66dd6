import { expect, test } from 'vitest'
import type { Checkpoint, PublishMedia, PublishTarget } from '#modules/publishing/ports.ts'
import { withMedia } from '#modules/publishing/publish-media.ts'
import { GRAPH_VERSION } from '../meta/endpoints.ts'
import { metaRoutes, SANDBOX_PAGES } from '../meta/sandbox.ts'
import { connect, sandboxSettings, startMetaSandbox } from '../meta/testing.ts'
import { createInstagramAdapter } from './adapter.ts'

const [cafe] = SANDBOX_PAGES
const fast = { pollIntervalMs: 5, maxPollIntervalMs: 20, maxWaitMs: 2000 }
const image = (name: string, altText: string | null): PublishMedia => ({ kind: 'image', url: `https://cdn.example.com/${name}.jpg`, altText })
const threeImages = () => [image('gipfeli', 'Ein Gipfeli auf dem Teller'), image('laden', 'Die Bäckerei von aussen'), image('kaffee', null)]

async function setup() {
	const sandbox = await startMetaSandbox()
	const adapter = createInstagramAdapter(sandboxSettings(sandbox.base), fast)
	const account = await connect(adapter)
	const page = account.pages.find((p) => p.pageId === cafe!.ig.id)!
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

/** A Graph request to the fake as a client would send it (the page token in the form). */
async function graphPost(s: Awaited<ReturnType<typeof setup>>, path: string, params: Record<string, string>) {
	const response = await fetch(`${s.sandbox.base}/meta/${GRAPH_VERSION}/${path}`, { method: 'POST', body: new URLSearchParams({ ...params, access_token: s.target.accessToken }) })
	return { status: response.status, body: (await response.json()) as { id?: string; error?: { message: string } } }
}

test('three images: an item container each (is_carousel_item, alt_text, no caption), polled FINISHED, then CAROUSEL with the children in order; published once', async () => {
	await using s = await setup()
	const result = await s.adapter.publish(s.target, withMedia('Drei Bilder #muster', threeImages()), s.hooks)

	const creates = s.router.requests.filter((r) => r.route === metaRoutes.media)
	expect(creates.map((r) => [r.form.get('image_url'), r.form.get('is_carousel_item'), r.form.get('alt_text'), r.form.get('caption')])).toEqual([
		['https://cdn.example.com/gipfeli.jpg', 'true', 'Ein Gipfeli auf dem Teller', null],
		['https://cdn.example.com/laden.jpg', 'true', 'Die Bäckerei von aussen', null],
		['https://cdn.example.com/kaffee.jpg', 'true', null, null],
		[null, null, null, 'Drei Bilder #muster'],
	])
	const { childIds, containerId } = s.saved
	expect(creates[3]!.form.get('media_type')).toBe('CAROUSEL')
	expect(creates[3]!.form.get('children')).toBe(childIds)
	expect(s.checkpoints).toEqual([{ childIds }, { containerId }, { containerId, mediaId: result.externalId }])
	// Every item and the carousel were read FINISHED before the next step (two reads each in the sandbox).
	expect(s.router.count(metaRoutes.containerStatus)).toBe(8)
	expect(s.router.count(metaRoutes.mediaPublish)).toBe(1)
	const [post] = s.store.findPosts('instagram', cafe!.ig.id)
	expect(post).toMatchObject({ id: result.externalId, text: 'Drei Bilder #muster', imageUrl: 'https://cdn.example.com/gipfeli.jpg' })
	expect(post!.images).toEqual([
		{ url: 'https://cdn.example.com/gipfeli.jpg', alt: 'Ein Gipfeli auf dem Teller' },
		{ url: 'https://cdn.example.com/laden.jpg', alt: 'Die Bäckerei von aussen' },
		{ url: 'https://cdn.example.com/kaffee.jpg', alt: '' },
	])
	expect(await (await fetch(`${s.sandbox.base}/`)).text()).toContain('alt="Ein Gipfeli auf dem Teller"')
})

test('a single image with alt text: one container with image_url, caption and alt_text', async () => {
	await using s = await setup()
	await s.adapter.publish(s.target, withMedia('Ein Bild', [image('gipfeli', 'Ein Gipfeli')]), s.hooks)
	const [create] = s.router.requests.filter((r) => r.route === metaRoutes.media)
	expect(Object.fromEntries([...create!.form].filter(([key]) => key !== 'access_token'))).toEqual({ image_url: 'https://cdn.example.com/gipfeli.jpg', caption: 'Ein Bild', alt_text: 'Ein Gipfeli' })
	expect(s.store.posts[0]!.images).toEqual([{ url: 'https://cdn.example.com/gipfeli.jpg', alt: 'Ein Gipfeli' }])
})

test('eleven images or an alt text over 1000 characters are refused before any request', async () => {
	await using s = await setup()
	const eleven = Array.from({ length: 11 }, (_, i) => image(`bild${i}`, null))
	await expect(s.adapter.publish(s.target, withMedia('Zu viele', eleven), s.hooks)).rejects.toMatchObject({ kind: 'invalid_request', code: 'carousel_too_many' })
	await expect(s.adapter.publish(s.target, withMedia('Zu lang', [image('a', 'x'.repeat(1001)), image('b', null)]), s.hooks)).rejects.toMatchObject({ kind: 'invalid_request', code: 'alt_text_too_long' })
	expect(s.router.requests).toHaveLength(0)
})

test('the fake refuses a carousel over ten, a child not marked as carousel item, a missing child, an unfinished child and a long alt_text', async () => {
	await using s = await setup()
	const ig = cafe!.ig.id
	const item = async (name: string) => (await graphPost(s, `${ig}/media`, { image_url: `https://cdn.example.com/${name}.jpg`, is_carousel_item: 'true' })).body.id!
	const read = (id: string) => fetch(`${s.sandbox.base}/meta/${GRAPH_VERSION}/${id}?fields=status_code&access_token=${s.target.accessToken}`)
	const ready = async (id: string) => {
		await read(id)
		await read(id)
		return id
	}
	const items = [] as Array<string>
	for (let i = 0; i < 11; i++) items.push(await ready(await item(`bild${i}`)))
	const plain = await ready((await graphPost(s, `${ig}/media`, { image_url: 'https://cdn.example.com/einzeln.jpg', caption: 'x' })).body.id!)
	const unfinished = await item('neu')
	const carousel = (children: Array<string>) => graphPost(s, `${ig}/media`, { media_type: 'CAROUSEL', children: children.join(','), caption: 'x' })

	expect((await carousel(items)).body.error!.message).toContain('2 to 10 children; got 11')
	expect((await carousel([items[0]!, plain])).body.error!.message).toContain('is_carousel_item=true')
	expect((await carousel([items[0]!, 'cont_999999'])).body.error!.message).toContain('does not exist')
	expect((await carousel([items[0]!, unfinished])).body.error!.message).toContain('is not available')
	expect((await graphPost(s, `${ig}/media`, { image_url: 'https://cdn.example.com/a.jpg', alt_text: 'ä'.repeat(1001) })).body.error!.message).toContain('alt_text must be at most 1000')
	expect((await graphPost(s, `${ig}/media_publish`, { creation_id: items[0]! })).body.error!.message).toContain('published through its carousel container')
	const fine = await carousel([items[0]!, items[1]!])
	expect(fine.body.id).toMatch(/^cont_/)
	expect(s.store.posts).toHaveLength(0)
})

test('a crash between the items and the carousel container: the resend reuses the saved items and publishes one post', async () => {
	await using s = await setup()
	const content = withMedia('Einmal mit drei Bildern', threeImages())
	// The three items are created; the carousel container's request dies with a server error.
	s.router.script(metaRoutes.media, [{ pass: true }, { pass: true }, { pass: true }, { status: 500, body: { error: { message: 'An unknown error occurred', type: 'OAuthException', code: 1 } } }, { pass: true }])
	await expect(s.adapter.publish(s.target, content, s.hooks)).rejects.toMatchObject({ kind: 'transient' })
	expect(s.saved.childIds!.split(',')).toHaveLength(3)
	expect(s.saved.containerId).toBeUndefined()

	const result = await s.adapter.publish(s.target, content, { ...s.hooks, previous: { ...s.saved } })

	const creates = s.router.requests.filter((r) => r.route === metaRoutes.media)
	expect(creates).toHaveLength(5)
	expect(creates[4]!.form.get('children')).toBe(s.saved.childIds)
	expect(s.store.posts.map((p) => [p.id, p.images?.length])).toEqual([[result.externalId, 3]])
})
