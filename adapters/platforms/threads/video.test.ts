import { afterAll, beforeAll, expect, test } from 'vitest'
import { reasonFor } from '#modules/publishing/messages.ts'
import type { Checkpoint, PublishMedia, PublishVideo } from '#modules/publishing/ports.ts'
import { withMedia } from '#modules/publishing/publish-media.ts'
import { testClip } from '#tests/support/media-samples.ts'
import { serveFiles } from '../sandbox/testing.ts'
import { VIDEO_PROCESSING_READS } from './sandbox-graph.ts'
import { connect, recordingHooks, targetOf, threadsSandbox } from './testing.ts'

// Videos on Threads: media_type=VIDEO with video_url and alt_text, alone or as carousel items; the
// fake fetches the video from loopback, keeps it IN_PROGRESS for its first reads and ends one that is
// no video in ERROR (FAILED_PROCESSING_VIDEO).

const CREATE = 'POST /v1.0/:uid/threads'
const PUBLISH = 'POST /v1.0/:uid/threads_publish'
const STATUS = 'GET /v1.0/:id'
let files: Awaited<ReturnType<typeof serveFiles>>

beforeAll(async () => {
	files = await serveFiles({
		'/media/clip.mp4': { type: 'video/mp4', body: await testClip({ size: '180x320', seconds: 1 }) },
		'/media/kaputt.mp4': { type: 'video/mp4', body: Buffer.from('<html>Kein Video</html>') },
	})
}, 60_000)
afterAll(() => files?.close())

const video = (path = '/media/clip.mp4'): PublishVideo => ({ kind: 'video', url: files.urlOf(path), altText: 'Teig wird geknetet', coverUrl: null, coverAtMs: null })
const image = (name: string): PublishMedia => ({ kind: 'image', url: `https://cdn.example/${name}.jpg`, altText: null })
const formOf = (request: { form: URLSearchParams }) => Object.fromEntries([...request.form].filter(([key]) => key !== 'access_token'))

test('a single video: one VIDEO container (video_url, alt_text, text), still processing when first polled, published once after FINISHED', async () => {
	await using sandbox = await threadsSandbox()
	const target = targetOf(await connect(sandbox))
	sandbox.router.requests.length = 0
	const { hooks, saved } = recordingHooks()
	const published = await sandbox.adapter.publish(target, withMedia('Ein Video', [video()]), hooks)

	const [create] = sandbox.router.requests.filter((r) => r.route === CREATE)
	expect(formOf(create!)).toEqual({ media_type: 'VIDEO', video_url: files.urlOf('/media/clip.mp4'), alt_text: 'Teig wird geknetet', text: 'Ein Video' })
	const isStatusRead = (r: { route: string; params: Record<string, string> }) => r.route === STATUS && r.params.id === saved.containerId
	expect(sandbox.router.requests.filter(isStatusRead).length, 'read past IN_PROGRESS').toBeGreaterThan(VIDEO_PROCESSING_READS)
	expect(sandbox.router.requests.findIndex((r) => r.route === PUBLISH)).toBeGreaterThan(sandbox.router.requests.findLastIndex(isStatusRead))
	expect(sandbox.router.count(PUBLISH)).toBe(1)
	expect(sandbox.store.posts).toMatchObject([{ id: published.externalId, imageUrl: null, images: [{ url: files.urlOf('/media/clip.mp4'), alt: 'Teig wird geknetet', kind: 'video' }] }])
	expect(files.requests).toContain('/media/clip.mp4')
	// Reconciling knows a video post by its media type.
	const since = new Date(Date.now() - 60_000)
	expect(await sandbox.adapter.findPublished(target, withMedia('Ein Video', [video()]), {}, since)).toEqual(published)
	expect(await sandbox.adapter.findPublished(target, withMedia('Ein Video', [image('a')]), {}, since)).toBeNull()
})

test('a carousel mixes images and videos: VIDEO items with is_carousel_item, each waited for, in order', async () => {
	await using sandbox = await threadsSandbox()
	const target = targetOf(await connect(sandbox))
	sandbox.router.requests.length = 0
	const { hooks, saved } = recordingHooks()
	await sandbox.adapter.publish(target, withMedia('Gemischt', [video(), image('gipfeli')]), hooks)
	const creates = sandbox.router.requests.filter((r) => r.route === CREATE).map(formOf)
	expect(creates).toEqual([
		{ media_type: 'VIDEO', video_url: files.urlOf('/media/clip.mp4'), alt_text: 'Teig wird geknetet', is_carousel_item: 'true' },
		{ media_type: 'IMAGE', image_url: 'https://cdn.example/gipfeli.jpg', is_carousel_item: 'true' },
		{ media_type: 'CAROUSEL', children: saved.childIds, text: 'Gemischt' },
	])
	expect(sandbox.store.posts[0]!.images!.map((item) => item.kind ?? 'image')).toEqual(['video', 'image'])
})

test('a video Threads cannot process ends in ERROR: video_failed with the German reason, nothing published', async () => {
	await using sandbox = await threadsSandbox()
	const target = targetOf(await connect(sandbox))
	const error = await sandbox.adapter.publish(target, withMedia('Kaputt', [video('/media/kaputt.mp4')]), recordingHooks().hooks).catch((e: unknown) => e)
	expect(error).toMatchObject({ name: 'PlatformError', kind: 'invalid_request', code: 'video_failed', message: expect.stringContaining('FAILED_PROCESSING_VIDEO') })
	expect(reasonFor('video_failed')).toContain('konnte das Video nicht verarbeiten')
	const inCarousel = await sandbox.adapter.publish(target, withMedia('Kaputt im Karussell', [image('a'), video('/media/kaputt.mp4')]), recordingHooks().hooks).catch((e: unknown) => e)
	expect(inCarousel).toMatchObject({ code: 'video_failed' })
	expect(sandbox.router.count(PUBLISH)).toBe(0)
	expect(sandbox.store.posts).toHaveLength(0)
})

test('killed right after the video container was saved: the resend reuses it, no second container, one post', async () => {
	await using sandbox = await threadsSandbox()
	const target = targetOf(await connect(sandbox))
	const content = withMedia('Nach dem Absturz', [video()])
	const saved: Checkpoint = {}
	const killed = {
		checkpoint: async (data: Checkpoint) => {
			Object.assign(saved, data)
			if (data.containerId) throw new Error('worker killed')
		},
	}
	await expect(sandbox.adapter.publish(target, content, killed)).rejects.toThrow('worker killed')
	const published = await sandbox.adapter.publish(target, content, { ...recordingHooks().hooks, previous: { ...saved } })
	expect(sandbox.router.count(CREATE), 'no second container').toBe(1)
	expect(sandbox.router.count(PUBLISH)).toBe(1)
	expect(sandbox.store.posts.map((post) => post.id)).toEqual([published.externalId])
})

test('the fake is strict: video_url on an IMAGE, image_url on a VIDEO and unknown parameters are refused', async () => {
	await using sandbox = await threadsSandbox()
	const token = (await connect(sandbox)).token.accessToken
	const create = async (params: Record<string, string>) => {
		const response = await fetch(`${sandbox.base}/threads/v1.0/me/threads`, { method: 'POST', body: new URLSearchParams({ ...params, access_token: token }) })
		return { status: response.status, body: (await response.json()) as { id?: string; error?: { message: string } } }
	}
	const videoUrl = files.urlOf('/media/clip.mp4')
	expect(await create({ media_type: 'IMAGE', video_url: videoUrl })).toMatchObject({ status: 400 })
	expect(await create({ media_type: 'VIDEO', video_url: videoUrl, image_url: 'https://cdn.example/a.jpg' })).toMatchObject({ status: 400 })
	expect(await create({ media_type: 'VIDEO', video_url: videoUrl, is_ai_generated: 'true' })).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('is_ai_generated') } } })
	expect(await create({ media_type: 'VIDEO', video_url: videoUrl })).toMatchObject({ status: 200, body: { id: expect.stringMatching(/^tc_/) } })
})
