import { afterAll, beforeAll, expect, test } from 'vitest'
import { reasonFor } from '#modules/publishing/messages.ts'
import type { Checkpoint, PublishMedia, PublishTarget, PublishVideo } from '#modules/publishing/ports.ts'
import { withMedia } from '#modules/publishing/publish-media.ts'
import { testClip } from '#tests/support/media-samples.ts'
import { GRAPH_VERSION } from '../meta/endpoints.ts'
import { metaRoutes, SANDBOX_PAGES } from '../meta/sandbox.ts'
import { VIDEO_PROCESSING_READS } from '../meta/sandbox-instagram.ts'
import { connect, sandboxSettings, startMetaSandbox } from '../meta/testing.ts'
import { serveFiles } from '../sandbox/testing.ts'
import { createInstagramAdapter } from './adapter.ts'

// Reels and carousels with videos against the Meta fake, which fetches the video and the cover from
// loopback as Instagram fetches them, keeps a video IN_PROGRESS for its first status reads and ends a
// container whose file is no video in ERROR.

const [cafe] = SANDBOX_PAGES
const fast = { pollIntervalMs: 5, maxPollIntervalMs: 20, maxWaitMs: 5000 }
let files: Awaited<ReturnType<typeof serveFiles>>

beforeAll(async () => {
	const jpeg = Buffer.from('/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==', 'base64')
	files = await serveFiles({
		'/media/reel.mp4': { type: 'video/mp4', body: await testClip({ size: '180x320', seconds: 1 }) },
		'/media/cover.jpg': { type: 'image/jpeg', body: jpeg },
		'/media/kaputt.mp4': { type: 'video/mp4', body: Buffer.from('<html>Kein Video</html>') },
	})
}, 60_000)
afterAll(() => files?.close())

const video = (path = '/media/reel.mp4', cover: Partial<PublishVideo> = {}): PublishVideo => ({
	kind: 'video',
	url: files.urlOf(path),
	altText: 'Ein Gipfeli wird gebacken',
	coverUrl: files.urlOf('/media/cover.jpg'),
	coverAtMs: null,
	contentType: 'video/mp4',
	...cover,
})
const image = (name: string): PublishMedia => ({ kind: 'image', url: `https://cdn.example.com/${name}.jpg`, altText: `Bild ${name}` })

async function setup() {
	const sandbox = await startMetaSandbox()
	const adapter = createInstagramAdapter(sandboxSettings(sandbox.base), fast)
	const account = await connect(adapter)
	const page = account.pages.find((p) => p.pageId === cafe!.ig.id)!
	const target: PublishTarget = { accountId: account.accountId, pageId: page.pageId, accessToken: page.accessToken! }
	const router = sandbox.network.routers.meta!
	router.requests.length = 0
	const saved: Checkpoint = {}
	const hooks = { checkpoint: async (data: Checkpoint) => void Object.assign(saved, data) }
	return { sandbox, adapter, target, router, store: sandbox.network.store, hooks, saved, [Symbol.asyncDispose]: () => sandbox.close() }
}

const creations = (s: Awaited<ReturnType<typeof setup>>) => s.router.requests.filter((r) => r.route === metaRoutes.media).map((r) => Object.fromEntries(r.form))

test('a single video is a Reel (REELS, video_url, share_to_feed, cover_url; no alt_text): still processing when first polled, published once after FINISHED', async () => {
	await using s = await setup()
	const result = await s.adapter.publish(s.target, withMedia('Frisch aus dem Ofen #muster', [video()]), s.hooks)

	expect(creations(s)).toEqual([
		{ media_type: 'REELS', video_url: files.urlOf('/media/reel.mp4'), share_to_feed: 'true', cover_url: files.urlOf('/media/cover.jpg'), caption: 'Frisch aus dem Ofen #muster' },
	])
	const routes = s.router.requests.map((r) => r.route)
	const reads = routes.filter((route) => route === metaRoutes.containerStatus).length
	expect(reads, 'polled past IN_PROGRESS').toBe(VIDEO_PROCESSING_READS + 1)
	expect(routes.indexOf(metaRoutes.mediaPublish)).toBeGreaterThan(routes.lastIndexOf(metaRoutes.containerStatus))
	expect(s.router.count(metaRoutes.mediaPublish)).toBe(1)
	expect(s.saved).toEqual({ containerId: expect.stringMatching(/^cont_/), mediaId: result.externalId })
	const [post] = s.store.findPosts('instagram', cafe!.ig.id)
	expect(post).toMatchObject({ id: result.externalId, imageUrl: null, images: [{ url: files.urlOf('/media/reel.mp4'), alt: '', kind: 'video', poster: files.urlOf('/media/cover.jpg') }] })
	expect(post!.aiGenerated).toBeUndefined()
	// The fake fetched the video's first bytes and the cover, as Instagram does.
	expect(files.requests).toEqual(expect.arrayContaining(['/media/reel.mp4', '/media/cover.jpg']))
	const feed = await (await fetch(`${s.sandbox.base}/`)).text()
	expect(feed).toContain(`<video src="${files.urlOf('/media/reel.mp4')}" controls preload="metadata" playsinline poster="${files.urlOf('/media/cover.jpg')}"`)
	const media = (await (await fetch(`${s.sandbox.base}/meta/${GRAPH_VERSION}/${result.externalId}?fields=media_type,media_product_type,is_ai_generated`, { headers: { authorization: `Bearer ${s.target.accessToken}` } })).json()) as Record<string, unknown>
	expect(media).toMatchObject({ media_type: 'VIDEO', media_product_type: 'REELS', is_ai_generated: false })
})

test('the cover as a frame: thumb_offset from coverAtMs when no cover image was picked; neither without a choice', async () => {
	await using s = await setup()
	await s.adapter.publish(s.target, withMedia('Standbild', [video(undefined, { coverUrl: null, coverAtMs: 1500 })]), s.hooks)
	await s.adapter.publish(s.target, withMedia('Ohne Wahl', [video(undefined, { coverUrl: null })]), s.hooks)
	const [framed, plain] = creations(s)
	expect(framed).toMatchObject({ media_type: 'REELS', thumb_offset: '1500' })
	expect(framed!.cover_url).toBeUndefined()
	expect(Object.keys(plain!).sort()).toEqual(['caption', 'media_type', 'share_to_feed', 'video_url'])
})

test('a carousel mixes images and videos: VIDEO items with is_carousel_item, each polled FINISHED, in order', async () => {
	await using s = await setup()
	const result = await s.adapter.publish(s.target, withMedia('Bild, Video, Bild', [image('gipfeli'), video(), image('laden')]), s.hooks)
	const [first, second, third, carousel] = creations(s)
	expect(first).toEqual({ image_url: 'https://cdn.example.com/gipfeli.jpg', alt_text: 'Bild gipfeli', is_carousel_item: 'true' })
	expect(second).toEqual({ media_type: 'VIDEO', video_url: files.urlOf('/media/reel.mp4'), is_carousel_item: 'true' })
	expect(third).toMatchObject({ image_url: 'https://cdn.example.com/laden.jpg', is_carousel_item: 'true' })
	expect(carousel).toEqual({ media_type: 'CAROUSEL', children: s.saved.childIds, caption: 'Bild, Video, Bild' })
	const [post] = s.store.findPosts('instagram', cafe!.ig.id)
	expect(post!.id).toBe(result.externalId)
	expect(post!.images!.map((item) => item.kind ?? 'image')).toEqual(['image', 'video', 'image'])
	expect(post!.imageUrl).toBe('https://cdn.example.com/gipfeli.jpg')
})

test('a video that Instagram cannot process ends its container in ERROR: failed with the German reason, nothing published', async () => {
	await using s = await setup()
	const error = await s.adapter.publish(s.target, withMedia('Kaputt', [video('/media/kaputt.mp4')]), s.hooks).catch((e: unknown) => e)
	expect(error).toMatchObject({ name: 'PlatformError', kind: 'invalid_request', code: 'video_failed', message: expect.stringContaining('2207026') })
	expect(reasonFor('video_failed')).toBe('Die Plattform konnte das Video nicht verarbeiten. Bitte prüfen Sie Format, Länge und Seitenverhältnis.')
	expect(s.router.count(metaRoutes.mediaPublish)).toBe(0)
	// In a carousel the failing item stops it before the carousel container is made.
	const inCarousel = await s.adapter.publish(s.target, withMedia('Kaputt im Karussell', [image('gipfeli'), video('/media/kaputt.mp4')]), s.hooks).catch((e: unknown) => e)
	expect(inCarousel).toMatchObject({ kind: 'invalid_request', code: 'video_failed' })
	expect(creations(s).filter((params) => params.media_type === 'CAROUSEL')).toHaveLength(0)
	expect(s.store.findPosts('instagram', cafe!.ig.id)).toHaveLength(0)
})

test('killed right after the Reel container was saved: the next attempt reuses it (no second container) and publishes once', async () => {
	await using s = await setup()
	const content = withMedia('Nach dem Absturz', [video()])
	const killed = { checkpoint: async (data: Checkpoint) => {
		Object.assign(s.saved, data)
		if (data.containerId) throw new Error('worker killed')
	} }
	await expect(s.adapter.publish(s.target, content, killed)).rejects.toThrow('worker killed')
	expect(s.router.count(metaRoutes.media)).toBe(1)
	const result = await s.adapter.publish(s.target, content, { ...s.hooks, previous: { ...s.saved } })
	expect(s.router.count(metaRoutes.media), 'no second container').toBe(1)
	expect(s.router.count(metaRoutes.mediaPublish)).toBe(1)
	expect(s.store.findPosts('instagram', cafe!.ig.id).map((post) => post.id)).toEqual([result.externalId])
})

test('the AI info label: is_ai_generated=true on the Reel, on a carousel only on the carousel container; the fake keeps it', async () => {
	await using s = await setup()
	const reel = await s.adapter.publish(s.target, { ...withMedia('KI-Reel', [video()]), aiGenerated: true }, s.hooks)
	await s.adapter.publish(s.target, { ...withMedia('KI-Karussell', [image('a'), video()]), aiGenerated: true }, s.hooks)
	await s.adapter.publish(s.target, { ...withMedia('Ohne KI', [image('b')]), aiGenerated: false }, s.hooks)
	expect(creations(s).map((params) => [params.media_type ?? 'IMAGE', params.is_carousel_item ?? null, params.is_ai_generated ?? null])).toEqual([
		['REELS', null, 'true'],
		['IMAGE', 'true', null],
		['VIDEO', 'true', null],
		['CAROUSEL', null, 'true'],
		['IMAGE', null, null],
	])
	expect(s.store.findPosts('instagram', cafe!.ig.id).map((post) => post.aiGenerated ?? false)).toEqual([true, true, false])
	const media = (await (await fetch(`${s.sandbox.base}/meta/${GRAPH_VERSION}/${reel.externalId}?fields=is_ai_generated`, { headers: { authorization: `Bearer ${s.target.accessToken}` } })).json()) as Record<string, unknown>
	expect(media.is_ai_generated).toBe(true)
	expect(await (await fetch(`${s.sandbox.base}/`)).text()).toContain('<span class="ai-label">KI-Info</span>')
})

test('the fake is strict: alt_text on a Reel, VIDEO on its own, the AI label on a carousel item are refused as Graph refuses them', async () => {
	await using s = await setup()
	const post = async (params: Record<string, string>) => {
		const response = await fetch(`${s.sandbox.base}/meta/${GRAPH_VERSION}/${cafe!.ig.id}/media`, { method: 'POST', body: new URLSearchParams({ ...params, access_token: s.target.accessToken }) })
		return { status: response.status, body: (await response.json()) as { error?: { message: string; code: number } } }
	}
	const videoUrl = files.urlOf('/media/reel.mp4')
	expect(await post({ media_type: 'REELS', video_url: videoUrl, alt_text: 'x' })).toMatchObject({ status: 400, body: { error: { code: 100, message: expect.stringContaining('alt_text') } } })
	expect(await post({ media_type: 'VIDEO', video_url: videoUrl })).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('REELS') } } })
	expect(await post({ image_url: 'https://cdn.example.com/a.jpg', is_carousel_item: 'true', is_ai_generated: 'true' })).toMatchObject({ status: 400 })
	expect(await post({ media_type: 'REELS', video_url: videoUrl })).toMatchObject({ status: 200, body: { id: expect.stringMatching(/^cont_/) } })
})
