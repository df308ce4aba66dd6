import { afterAll, beforeAll, expect, test } from 'vitest'
import { reasonFor } from '#modules/publishing/messages.ts'
import { createRequestGuard, type PublishMedia, type PublishTarget, type PublishVideo } from '#modules/publishing/ports.ts'
import { withMedia } from '#modules/publishing/publish-media.ts'
import { testClip } from '#tests/support/media-samples.ts'
import { metaRoutes, SANDBOX_PAGES } from '../meta/sandbox.ts'
import { connect, sandboxSettings, startMetaSandbox } from '../meta/testing.ts'
import { firstRequests, losingAnswers, recordingHooks, serveFiles, withDeadline } from '../sandbox/testing.ts'
import { createFacebookAdapter } from './adapter.ts'

// A page video by URL (POST /{page-id}/videos with file_url and description), the creating call: a
// lost answer is reconciled among the page's videos, never sent again.

const [cafe] = SANDBOX_PAGES
let files: Awaited<ReturnType<typeof serveFiles>>

beforeAll(async () => {
	files = await serveFiles({
		'/media/reel.mp4': { type: 'video/mp4', body: await testClip({ size: '180x320', seconds: 1 }) },
		'/media/kaputt.mp4': { type: 'video/mp4', body: Buffer.from('<html>Kein Video</html>') },
	})
}, 60_000)
afterAll(() => files?.close())

const video = (path = '/media/reel.mp4'): PublishVideo => ({ kind: 'video', url: files.urlOf(path), altText: 'Ein Gipfeli', coverUrl: null, coverAtMs: null })

async function setup(fetcher: typeof fetch = fetch) {
	const sandbox = await startMetaSandbox()
	const settings = sandboxSettings(sandbox.base, { fetch: fetcher, timeoutMs: 5_000 })
	const adapter = createFacebookAdapter(settings)
	const account = await connect(adapter)
	const page = account.pages.find((p) => p.pageId === cafe!.id)!
	const target: PublishTarget = { accountId: account.accountId, pageId: page.pageId, accessToken: page.accessToken! }
	const router = sandbox.network.routers.meta!
	router.requests.length = 0
	return { sandbox, settings, adapter, target, router, store: sandbox.network.store, [Symbol.asyncDispose]: () => sandbox.close() }
}

test('a single video: POST /{page-id}/videos with file_url and the text as description, marked as the creating request; shown as a video', async () => {
	await using s = await setup()
	let marked = 0
	const result = await createRequestGuard.run({ beforeCreate: async () => void (marked += 1) }, () =>
		s.adapter.publish(s.target, withMedia('Frisch aus dem Ofen', [video()]), recordingHooks().hooks),
	)
	expect(marked).toBe(1)
	const [upload] = s.router.requests.filter((r) => r.route === metaRoutes.videos)
	expect(Object.fromEntries(upload!.form)).toEqual({ file_url: files.urlOf('/media/reel.mp4'), description: 'Frisch aus dem Ofen' })
	const posts = s.store.findPosts('facebook', cafe!.id)
	expect(posts).toMatchObject([{ id: result.externalId, text: 'Frisch aus dem Ofen', images: [{ url: files.urlOf('/media/reel.mp4'), kind: 'video', poster: null }] }])
	expect(result.url).toBe(posts[0]!.url)
	expect(await (await fetch(`${s.sandbox.base}/`)).text()).toContain(`<video src="${files.urlOf('/media/reel.mp4')}" controls`)
})

test('a video beside photos is refused before any request (Facebook attaches photos only): carousel_mixed, in German', async () => {
	await using s = await setup()
	const photo: PublishMedia = { kind: 'image', url: 'https://cdn.example.com/a.jpg', altText: null }
	const error = await s.adapter.publish(s.target, withMedia('Gemischt', [photo, video()]), recordingHooks().hooks).catch((e: unknown) => e)
	expect(error).toMatchObject({ name: 'PlatformError', kind: 'invalid_request', code: 'carousel_mixed' })
	expect(reasonFor('carousel_mixed')).toContain('nicht zusammen mit weiteren Medien')
	expect(s.router.requests).toHaveLength(0)
})

test('a file that is no video is refused (Graph 351): video_failed, nothing posted', async () => {
	await using s = await setup()
	const error = await s.adapter.publish(s.target, withMedia('Kaputt', [video('/media/kaputt.mp4')]), recordingHooks().hooks).catch((e: unknown) => e)
	expect(error).toMatchObject({ kind: 'invalid_request', code: 'video_failed' })
	expect(s.store.findPosts('facebook', cafe!.id)).toHaveLength(0)
})

test('a lost answer to /videos is an unknown outcome; findPublished finds the one video post among the page videos', async () => {
	await using s = await setup(losingAnswers(fetch, firstRequests(1, 'POST', '/videos')))
	const since = new Date(Date.now() - 1000)
	const content = withMedia('Verlorene Antwort', [video()])
	const { hooks, latest } = recordingHooks()
	const error = await withDeadline(s.settings, 500, () => s.adapter.publish(s.target, content, hooks)).catch((e: unknown) => e)
	expect(error).toMatchObject({ name: 'PlatformError', kind: 'unknown_outcome' })
	expect(s.router.count(metaRoutes.videos)).toBe(1)
	const [post] = s.store.findPosts('facebook', cafe!.id)
	expect(await s.adapter.findPublished(s.target, content, latest(), since)).toEqual({ externalId: post!.id, url: post!.url })
	expect(s.router.count(metaRoutes.pageVideos)).toBe(1)
	expect(await s.adapter.findPublished(s.target, withMedia('Ein anderer Text', [video()]), latest(), since)).toBeNull()
	expect(s.store.findPosts('facebook', cafe!.id)).toHaveLength(1)
})
