import { expect, test } from 'vitest'
import reasons from '#locales/de/publishing.json' with { type: 'json' }
import type { PublishVideo } from '#modules/publishing/ports.ts'
import { withMedia } from '#modules/publishing/publish-media.ts'
import { startVideoHost } from '../sandbox/video-host.ts'
import { blueskySandbox, connect, recordingHooks, targetOf, xrpcRoute } from './testing.ts'
import { videoOf } from '../sandbox/store.ts'

const VIDEO = 'video.bsky.app/xrpc'
const UPLOAD = `POST /host/${VIDEO}/app.bsky.video.uploadVideo`
const JOB = `GET /host/${VIDEO}/app.bsky.video.getJobStatus`
const LIMITS = `GET /host/${VIDEO}/app.bsky.video.getUploadLimits`
const CREATE = xrpcRoute('POST', 'com.atproto.repo.createRecord')
const MiB = 1024 * 1024

const video = (url: string): PublishVideo => ({ kind: 'video', url, altText: 'Ein Bäcker formt Gipfeli', coverUrl: null, coverAtMs: null, width: 1080, height: 1920 })

test('a video: upload limits and the upload with service-auth tokens, the job read until done, then one post with app.bsky.embed.video {video, alt, aspectRatio}', async () => {
	await using sandbox = await blueskySandbox()
	await using host = await startVideoHost()
	const target = targetOf(await connect(sandbox))
	const { hooks, checkpoints } = recordingHooks()
	const published = await sandbox.adapter.publish(target, withMedia('Frische Gipfeli', [video(host.url(3 * MiB))]), hooks)

	expect(sandbox.router.count(LIMITS)).toBe(1)
	const upload = sandbox.router.requests.find((r) => r.route === UPLOAD)!
	expect(upload.query.get('did')).toBe(target.accountId)
	expect(upload.headers['content-type']).toBe('video/mp4')
	// Still encoding when first read; done at the next read.
	expect(sandbox.router.count(JOB)).toBe(2)
	expect(checkpoints[0]).toEqual({ videoJobId: expect.stringMatching(/^job-/) })
	expect(sandbox.router.count(CREATE)).toBe(1)
	const { record } = sandbox.router.requests.find((r) => r.route === CREATE)!.json as { record: { embed: Record<string, unknown> } }
	expect(record.embed).toEqual({ $type: 'app.bsky.embed.video', video: expect.objectContaining({ $type: 'blob', mimeType: 'video/mp4', size: 3 * MiB }), alt: 'Ein Bäcker formt Gipfeli', aspectRatio: { width: 1080, height: 1920 } })
	const post = sandbox.store.posts.find((p) => p.id === published.externalId)!
	expect(videoOf(post)).toMatchObject({ alt: 'Ein Bäcker formt Gipfeli', bytes: 3 * MiB, url: expect.stringContaining('getBlob'), poster: expect.stringContaining('thumbnail.jpg') })
	expect(await (await fetch(`${sandbox.base}/`)).text()).toMatch(/<video [^>]*controls[^>]* poster="[^"]+thumbnail\.jpg"/)
})

test('a job that fails (JOB_STATE_FAILED) fails the post for good with a German reason; no record is created', async () => {
	await using sandbox = await blueskySandbox()
	await using host = await startVideoHost()
	const target = targetOf(await connect(sandbox))
	await expect(sandbox.adapter.publish(target, withMedia('Kaputt', [video(host.brokenUrl(300_000))]), recordingHooks().hooks)).rejects.toMatchObject({ kind: 'invalid_request', code: 'video_failed' })
	expect(sandbox.router.count(CREATE)).toBe(0)
	expect(reasons.reasons.video_failed).toMatch(/Video/)
})

test('over 100 MB, or no uploads left today: refused before the upload', async () => {
	await using sandbox = await blueskySandbox()
	await using host = await startVideoHost()
	const target = targetOf(await connect(sandbox))
	await expect(sandbox.adapter.publish(target, withMedia('Zu gross', [video(host.url(101 * MiB))]), recordingHooks().hooks)).rejects.toMatchObject({ code: 'video_too_large' })
	sandbox.router.script(LIMITS, [{ status: 200, body: { canUpload: false, remainingDailyVideos: 0, remainingDailyBytes: 0, error: 'daily_limit', message: 'You have reached your daily upload limit' } }])
	await expect(sandbox.adapter.publish(target, withMedia('Genug für heute', [video(host.url(MiB))]), recordingHooks().hooks)).rejects.toMatchObject({ code: 'video_upload_limit' })
	expect(sandbox.router.count(UPLOAD)).toBe(0)
	expect(reasons.reasons.video_upload_limit).toMatch(/Tageslimit/)
})

test('the post’s answer is lost (a 502 after the record was written): the record under the saved key is found, one post', async () => {
	await using sandbox = await blueskySandbox()
	await using host = await startVideoHost()
	const target = targetOf(await connect(sandbox))
	sandbox.router.script(CREATE, [{ pass: true, answer: { status: 502, body: { error: 'UpstreamFailure', message: 'Bad Gateway' } } }])
	const published = await sandbox.adapter.publish(target, withMedia('Verloren?', [video(host.url(MiB))]), recordingHooks().hooks)
	expect(sandbox.store.posts.map((p) => p.id)).toEqual([published.externalId])
})

test('no answer at all: an unknown outcome; the resend reuses the job and the record key, so the video is not uploaded again and one post results', async () => {
	await using sandbox = await blueskySandbox({ timeoutMs: 1_000 })
	await using host = await startVideoHost()
	const target = targetOf(await connect(sandbox))
	const since = new Date()
	const content = withMedia('Hängt', [video(host.url(MiB))])
	const { hooks, latest } = recordingHooks()
	sandbox.router.script(CREATE, [{ hang: true }])
	await expect(sandbox.adapter.publish(target, content, hooks)).rejects.toMatchObject({ kind: 'unknown_outcome' })
	expect(await sandbox.adapter.findPublished(target, content, latest(), since)).toBeNull()

	sandbox.router.reset()
	const again = await sandbox.adapter.publish(target, content, { ...recordingHooks().hooks, previous: latest() })
	expect(sandbox.router.count(UPLOAD)).toBe(0)
	expect(again.externalId).toContain(latest().rkey!)
	expect(sandbox.store.posts).toHaveLength(1)
})

test('a video beside an image is refused by the shared check before anything is uploaded', async () => {
	await using sandbox = await blueskySandbox()
	await using host = await startVideoHost()
	const target = targetOf(await connect(sandbox))
	const content = withMedia('Gemischt', [video(host.url(100_000)), { kind: 'image', url: host.coverUrl, altText: null }])
	await expect(sandbox.adapter.publish(target, content, recordingHooks().hooks)).rejects.toMatchObject({ kind: 'invalid_request', code: 'carousel_mixed' })
	expect(sandbox.router.count(UPLOAD) + sandbox.router.count(CREATE)).toBe(0)
})
