import { expect, test } from 'vitest'
import reasons from '#locales/de/publishing.json' with { type: 'json' }
import type { PublishVideo } from '#modules/publishing/ports.ts'
import { withMedia } from '#modules/publishing/publish-media.ts'
import { recordingHooks } from '../sandbox/testing.ts'
import { startVideoHost } from '../sandbox/video-host.ts'
import { PART_BYTES } from './sandbox-videos.ts'
import { startLinkedinSandbox } from './testing.ts'
import { videoOf } from '../sandbox/store.ts'

const VIDEOS = 'POST /rest/videos'
const PARTS = 'PUT /upload/videos/:id/:part'
const STATUS = 'GET /rest/videos/:urn'
const POSTS = 'POST /rest/posts'
const MiB = 1024 * 1024

const video = (url: string, coverUrl: string | null = null): PublishVideo => ({ kind: 'video', url, altText: 'Ein Bäcker formt Gipfeli', coverUrl, coverAtMs: null })

test('a 9 MB video with a cover: initializeUpload, three parts by byte range with their ETags, the thumbnail, finalizeUpload, polled until AVAILABLE, then one post with content.media {id, title}', async () => {
	await using li = await startLinkedinSandbox()
	await using host = await startVideoHost()
	const size = 9 * MiB
	const { hooks, checkpoints, saved } = recordingHooks()
	const published = await li.adapter().publish(li.target(li.organization), withMedia('Frische Gipfeli\nJeden Morgen ab sechs.', [video(host.url(size), host.coverUrl)]), hooks)

	const [init, finalize] = li.router.requests.filter((r) => r.route === VIDEOS)
	expect(init!.json).toEqual({ initializeUploadRequest: { owner: li.organization, fileSizeBytes: size, uploadCaptions: false, uploadThumbnail: true } })
	// Each part read from our file by its own byte range (plus the one-byte probe for the size).
	expect(host.served.ranges).toEqual(['0-0', `0-${PART_BYTES - 1}`, `${PART_BYTES}-${2 * PART_BYTES - 1}`, `${2 * PART_BYTES}-${size - 1}`])
	const parts = li.router.requests.filter((r) => r.route === PARTS)
	expect(parts.map((r) => r.params.part)).toEqual(['0', '1', '2', 'thumbnail'])
	const request = (finalize!.json as { finalizeUploadRequest: { video: string; uploadToken: string; uploadedPartIds: Array<string> } }).finalizeUploadRequest
	expect(request.uploadedPartIds).toHaveLength(3)
	expect(request.uploadToken).not.toBe('')
	// Still processing when first polled: the post waits for AVAILABLE.
	expect(li.router.count(STATUS)).toBeGreaterThanOrEqual(2)
	expect(checkpoints).toEqual([{ videoUrn: request.video }])
	expect(saved.videoUrn).toMatch(/^urn:li:video:/)
	expect(li.router.count(POSTS)).toBe(1)
	const { content } = li.router.requests.find((r) => r.route === POSTS)!.json as { content: unknown }
	expect(content).toEqual({ media: { id: request.video, title: 'Frische Gipfeli' } })
	const post = li.store.posts.find((p) => p.id === published.externalId)!
	expect(videoOf(post)).toMatchObject({ id: request.video, bytes: size, poster: expect.stringContaining('/thumbnail') })
	expect(videoOf(post)!.url).toContain('/videos/')
	// The feed page shows it as a video with its cover.
	const page = await (await fetch(`${li.base}/`)).text()
	expect(page).toMatch(/<video [^>]*controls/)
	expect(page).toMatch(/poster="[^"]+\/thumbnail"/)
})

test('a small video without a cover: one part, no thumbnail, an empty upload token; the feed page can play it', async () => {
	await using li = await startLinkedinSandbox()
	await using host = await startVideoHost()
	const published = await li.adapter().publish(li.target(li.person), withMedia('Kurz', [video(host.url(300_000))]), recordingHooks().hooks)
	const [init, finalize] = li.router.requests.filter((r) => r.route === VIDEOS)
	expect((init!.json as { initializeUploadRequest: { uploadThumbnail: boolean } }).initializeUploadRequest.uploadThumbnail).toBe(false)
	expect((finalize!.json as { finalizeUploadRequest: { uploadToken: string } }).finalizeUploadRequest.uploadToken).toBe('')
	const post = li.store.posts.find((p) => p.id === published.externalId)!
	expect(videoOf(post)).toMatchObject({ poster: null, url: expect.stringContaining('/videos/') })
	const served = await fetch(videoOf(post)!.url!)
	expect(served.status).toBe(200)
	expect((await served.arrayBuffer()).byteLength).toBe(300_000)
})

test('a video LinkedIn cannot process (PROCESSING_FAILED) fails for good with a German reason, and nothing is posted', async () => {
	await using li = await startLinkedinSandbox()
	await using host = await startVideoHost()
	const failure = li.adapter().publish(li.target(li.organization), withMedia('Kaputt', [video(host.brokenUrl(500_000))]), recordingHooks().hooks)
	await expect(failure).rejects.toMatchObject({ kind: 'invalid_request', code: 'video_failed' })
	expect(li.router.count(POSTS)).toBe(0)
	expect(reasons.reasons.video_failed).toMatch(/Video/)
})

test('the post’s answer is lost: the reconcile finds it by the video, and a resend reuses the checkpointed video without uploading again', async () => {
	await using li = await startLinkedinSandbox()
	await using host = await startVideoHost()
	const adapter = li.adapter()
	const since = new Date()
	const content = withMedia('Verloren?', [video(host.url(1 * MiB))])
	const { hooks, latest } = recordingHooks()
	li.router.script(POSTS, [{ pass: true, answer: { status: 502, body: { message: 'Bad Gateway' } } }])
	await expect(adapter.publish(li.target(li.organization), content, hooks)).rejects.toMatchObject({ kind: 'unknown_outcome' })
	expect(li.store.posts).toHaveLength(1)
	const found = await adapter.findPublished(li.target(li.organization), withMedia('anderer Text', content.media), latest(), since)
	expect(found?.externalId).toBe(li.store.posts[0]!.id)

	// A resend (after a reconcile that found nothing, e.g. a post still being indexed) reuses the video.
	li.router.reset()
	await adapter.publish(li.target(li.organization), withMedia('Nochmals', content.media), { ...recordingHooks().hooks, previous: latest() })
	expect(li.router.count(VIDEOS)).toBe(0)
	expect(li.router.count(PARTS)).toBe(0)
})

test('a video beside an image is refused before anything is uploaded', async () => {
	await using li = await startLinkedinSandbox()
	await using host = await startVideoHost()
	const content = withMedia('Gemischt', [video(host.url(100_000)), { kind: 'image', url: host.coverUrl, altText: null }])
	await expect(li.adapter().publish(li.target(li.person), content, recordingHooks().hooks)).rejects.toMatchObject({ code: 'carousel_mixed' }) // the shared check (publish-media.ts) refuses it first
	expect(li.router.count(VIDEOS)).toBe(0)
})
