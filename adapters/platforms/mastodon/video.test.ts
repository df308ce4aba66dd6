import { expect, test } from 'vitest'
import reasons from '#locales/de/publishing.json' with { type: 'json' }
import type { PublishVideo } from '#modules/publishing/ports.ts'
import { withMedia } from '#modules/publishing/publish-media.ts'
import { startVideoHost } from '../sandbox/video-host.ts'
import { createMastodonAdapter } from './adapter.ts'
import { connect, mastodonSandbox, recordingHooks, targetOf, type MastodonSandbox } from './testing.ts'
import { videoOf } from '../sandbox/store.ts'

const STATUSES = 'POST /host/:host/api/v1/statuses'
const MEDIA = 'POST /host/:host/api/v2/media'
const POLL = 'GET /host/:host/api/v1/media/:id'
const MiB = 1024 * 1024

const video = (url: string, coverUrl: string | null = null): PublishVideo => ({ kind: 'video', url, altText: 'Ein Bäcker formt Gipfeli', coverUrl, coverAtMs: null })

/** The sandbox's adapter, reading videos and covers from the loopback video host. */
const videoAdapter = (sandbox: MastodonSandbox) => createMastodonAdapter({ ...sandbox.settings, mediaFetch: globalThis.fetch, mediaStream: globalThis.fetch }, { pollIntervalMs: 1, maxPollMs: 2_000 })

test('a video with a cover and alt text: one streamed upload (202), polled while the instance transcodes (206), then one status with it attached', async () => {
	await using sandbox = await mastodonSandbox({ mediaPolls: 1 })
	await using host = await startVideoHost()
	const target = targetOf(await connect(sandbox))
	const { hooks, checkpoints } = recordingHooks()
	const published = await videoAdapter(sandbox).publish(target, withMedia('Frische Gipfeli', [video(host.url(5 * MiB), host.coverUrl)]), hooks)

	expect(sandbox.router.count(MEDIA)).toBe(1)
	// Still processing at the first read (206), ready after.
	expect(sandbox.router.count(POLL)).toBeGreaterThanOrEqual(2)
	expect(sandbox.router.count(STATUSES)).toBe(1)
	const { media_ids: mediaIds } = sandbox.router.requests.find((r) => r.route === STATUSES)!.json as { media_ids: Array<string> }
	expect(checkpoints[0]).toEqual({ mediaIds: mediaIds[0] })
	const post = sandbox.store.posts.find((p) => p.id === published.externalId)!
	expect(videoOf(post)).toMatchObject({ id: mediaIds[0], alt: 'Ein Bäcker formt Gipfeli', bytes: 5 * MiB, poster: expect.stringContaining('/thumbnail'), url: expect.any(String) })
	const status = (await (await fetch(`${sandbox.base}/mastodon/host/mastodon.example/api/v1/statuses/${published.externalId}`)).json()) as { media_attachments: Array<{ type: string; description: string }> }
	expect(status.media_attachments).toMatchObject([{ type: 'video', description: 'Ein Bäcker formt Gipfeli' }])
	const page = await (await fetch(`${sandbox.base}/`)).text()
	expect(page).toMatch(/<video [^>]*controls[^>]* poster="[^"]+\/thumbnail" aria-label="Ein Bäcker formt Gipfeli"/)
})

test('a video the instance cannot transcode (422 on the poll) fails for good with a German reason; no status is sent', async () => {
	await using sandbox = await mastodonSandbox({ mediaPolls: 1 })
	await using host = await startVideoHost()
	const target = targetOf(await connect(sandbox))
	await expect(videoAdapter(sandbox).publish(target, withMedia('Kaputt', [video(host.brokenUrl(200_000))]), recordingHooks().hooks)).rejects.toMatchObject({ kind: 'invalid_request', code: 'video_failed' })
	expect(sandbox.router.count(STATUSES)).toBe(0)
	expect(reasons.reasons.video_failed).toMatch(/Video/)
})

test('over the instance’s video_size_limit: refused before the upload starts', async () => {
	await using sandbox = await mastodonSandbox()
	await using host = await startVideoHost()
	const target = targetOf(await connect(sandbox))
	await expect(videoAdapter(sandbox).publish(target, withMedia('Zu gross', [video(host.url(100 * MiB))]), recordingHooks().hooks)).rejects.toMatchObject({ code: 'video_too_large' })
	expect(sandbox.router.count(MEDIA)).toBe(0)
	expect(host.served.bytes).toBeLessThan(1024)
})

test('the status’s answer is lost: the reconcile finds the one status, and a resend under the same Idempotency-Key creates no second one', async () => {
	await using sandbox = await mastodonSandbox({ mediaPolls: 1 })
	await using host = await startVideoHost()
	const target = targetOf(await connect(sandbox))
	const adapter = videoAdapter(sandbox)
	const since = new Date()
	const content = withMedia('Verloren?', [video(host.url(1 * MiB))])
	const { hooks, latest } = recordingHooks()
	sandbox.router.script(STATUSES, [{ pass: true, answer: { status: 502, body: { error: 'Bad Gateway' } } }])
	await expect(adapter.publish(target, content, hooks)).rejects.toMatchObject({ kind: 'unknown_outcome' })
	expect(sandbox.store.posts).toHaveLength(1)
	const found = await adapter.findPublished(target, content, latest(), since)
	expect(found?.externalId).toBe(sandbox.store.posts[0]!.id)

	sandbox.router.reset()
	const again = await adapter.publish(target, content, { ...recordingHooks().hooks, previous: latest() })
	expect(again.externalId).toBe(found!.externalId)
	expect(sandbox.store.posts).toHaveLength(1)
})

test('a video beside an image is refused by the shared check before anything is uploaded', async () => {
	await using sandbox = await mastodonSandbox()
	await using host = await startVideoHost()
	const target = targetOf(await connect(sandbox))
	const content = withMedia('Gemischt', [video(host.url(100_000)), { kind: 'image', url: host.coverUrl, altText: null }])
	await expect(videoAdapter(sandbox).publish(target, content, recordingHooks().hooks)).rejects.toMatchObject({ kind: 'invalid_request', code: 'carousel_mixed' })
	expect(sandbox.router.count(MEDIA) + sandbox.router.count(STATUSES)).toBe(0)
})
