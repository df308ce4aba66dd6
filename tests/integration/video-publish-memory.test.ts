import { fetch as undiciFetch } from 'undici'
import { expect, test } from 'vitest'
import { createRequestFetch } from '#adapters/platforms/request-fetch.ts'
import { blueskySandbox, connect as connectBluesky, targetOf as blueskyTarget } from '#adapters/platforms/bluesky/testing.ts'
import { startLinkedinSandbox } from '#adapters/platforms/linkedin/testing.ts'
import { createMastodonAdapter } from '#adapters/platforms/mastodon/adapter.ts'
import { connect as connectMastodon, mastodonSandbox, targetOf as mastodonTarget } from '#adapters/platforms/mastodon/testing.ts'
import { recordingHooks } from '#adapters/platforms/sandbox/testing.ts'
import { startVideoHost } from '#adapters/platforms/sandbox/video-host.ts'
import type { PublishVideo } from '#modules/publishing/ports.ts'
import { withMedia } from '#modules/publishing/publish-media.ts'
import { videoOf } from '#adapters/platforms/sandbox/store.ts'
import { rssGrowth } from '#tests/support/rss.ts'

// Issue 39 / ADR 0058: a video goes from our /media/ URL to the network streamed (Mastodon, Bluesky) or
// one 4 MB part at a time (LinkedIn), never whole in memory. Each network's largest video (LinkedIn
// 200 MiB; Mastodon and Bluesky just under their 99 and 100 MB) is published through the adapter
// against its sandbox network in this process (which counts the upload and keeps nothing that large),
// from a loopback server producing the file chunk by chunk. The RSS after a full GC, sampled while it
// runs, may grow by less than 64 MB over the RSS after a small warm-up publish. It runs in a process
// of its own (tests/support/isolation.ts: it sets a V8 flag), so no other file's memory is counted.

const MiB = 1024 * 1024
const LIMIT_BYTES = 64 * MiB
/** The RSS after a GC is read every 250 ms while a video is published. */
const EVERY_QUARTER_SECOND = { liveEveryMs: 250 }

/** undici's fetch, as production streams our file (createMediaStream) and sends a streamed body (createRequestFetch). */
const streaming = undiciFetch as unknown as typeof fetch

const video = (url: string): PublishVideo => ({ kind: 'video', url, altText: 'Ein grosses Video', coverUrl: null, coverAtMs: null, width: 1920, height: 1080 })

test('LinkedIn: a 200 MiB video in 4 MB parts raises the RSS by less than 64 MB', { timeout: 180_000 }, async () => {
	await using li = await startLinkedinSandbox()
	await using host = await startVideoHost()
	// The production fetches: undici's request for the API (request-fetch.ts), undici's fetch for our file (server/platforms.ts).
	const adapter = li.adapter({ timeoutMs: 30_000, fetch: createRequestFetch(), mediaStream: streaming })
	await adapter.publish(li.target(li.organization), withMedia('Aufwärmen', [video(host.url(8 * MiB))]), recordingHooks().hooks)
	const { live: growth } = await rssGrowth(async () => {
		await adapter.publish(li.target(li.organization), withMedia('Gross', [video(host.url(200 * MiB))]), recordingHooks().hooks)
	}, EVERY_QUARTER_SECOND)
	console.log(`LinkedIn: RSS growth while publishing 200 MiB: ${(growth / MiB).toFixed(1)} MiB`)
	expect(videoOf(li.store.posts.at(-1)!)?.bytes).toBe(200 * MiB)
	expect(growth).toBeLessThan(LIMIT_BYTES)
})

test('Mastodon: a 95 MiB video streamed in the form raises the RSS by less than 64 MB', { timeout: 180_000 }, async () => {
	await using sandbox = await mastodonSandbox({ mediaPolls: 1, timeoutMs: 30_000 })
	await using host = await startVideoHost()
	const target = mastodonTarget(await connectMastodon(sandbox))
	const adapter = createMastodonAdapter({ ...sandbox.settings, mediaFetch: streaming, mediaStream: streaming }, { pollIntervalMs: 5, maxPollMs: 5_000 })
	await adapter.publish(target, withMedia('Aufwärmen', [video(host.url(8 * MiB))]), recordingHooks().hooks)
	const { live: growth } = await rssGrowth(async () => {
		await adapter.publish(target, withMedia('Gross', [video(host.url(95 * MiB))]), recordingHooks().hooks)
	}, EVERY_QUARTER_SECOND)
	console.log(`Mastodon: RSS growth while publishing 95 MiB: ${(growth / MiB).toFixed(1)} MiB`)
	expect(videoOf(sandbox.store.posts.at(-1)!)?.bytes).toBe(95 * MiB)
	expect(growth).toBeLessThan(LIMIT_BYTES)
})

test('Bluesky: a 95 MiB video streamed to the video service raises the RSS by less than 64 MB', { timeout: 180_000 }, async () => {
	// undici's fetch below the sandbox's host mapping, as createRequestFetch sends a streamed body (Node's own held it whole).
	await using sandbox = await blueskySandbox({ timeoutMs: 30_000, fetch: streaming, mediaStream: streaming })
	await using host = await startVideoHost()
	const target = blueskyTarget(await connectBluesky(sandbox))
	await sandbox.adapter.publish(target, withMedia('Aufwärmen', [video(host.url(8 * MiB))]), recordingHooks().hooks)
	const { live: growth } = await rssGrowth(async () => {
		await sandbox.adapter.publish(target, withMedia('Gross', [video(host.url(95 * MiB))]), recordingHooks().hooks)
	}, EVERY_QUARTER_SECOND)
	console.log(`Bluesky: RSS growth while publishing 95 MiB: ${(growth / MiB).toFixed(1)} MiB`)
	expect(videoOf(sandbox.store.posts.at(-1)!)?.bytes).toBe(95 * MiB)
	expect(growth).toBeLessThan(LIMIT_BYTES)
})
