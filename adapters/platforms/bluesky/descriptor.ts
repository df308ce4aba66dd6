import type { PlatformDescriptor } from '#modules/publishing/descriptor.ts'

/**
 * Bluesky (AT Protocol): 300 graphemes and 3,000 UTF-8 bytes, up to 4 images of at most 1,000,000 bytes each. Users sign in
 * with their handle and an app password (no app keys); BLUESKY_ENABLED=true switches to the real network.
 */
export const blueskyDescriptor: PlatformDescriptor = {
	id: 'bluesky',
	name: 'Bluesky',
	badge: 'B',
	color: { brand: '#1185FE', scale: 'blue' },
	text: {
		limit: 300,
		counting: 'graphemes',
		moreLimits: [{ limit: 3000, counting: 'utf8-bytes' }],
		group: 'short',
		style: 'Locker',
		hashtags: { min: 0, max: 2 },
		maxHashtags: null,
		maxLinks: null,
	},
	images: { generate: '16:9', ratio: { min: 1 / 10, max: 10 }, formats: ['image/jpeg', 'image/png'], maxBytes: 1_000_000, maxPixels: null, maxCount: 4, required: false },
	media: {
		// app.bsky.embed.images: up to 4 images; a video (app.bsky.embed.video) goes alone.
		carousel: { minItems: 2, maxItems: 4, mixed: false, sameAspect: false },
		// Bluesky's video announcement (bsky.social/about/blog/09-11-2024-video, raised 2025-03): one video of at most 3 min and
		// 100 MB. Third-party guides add at least 1 s and a ratio of 1:3 to 3:1. Bluesky re-encodes uploads and names no codec:
		// MP4 with H.264, which every source accepts.
		video: {
			maxBytes: 100 * 1024 * 1024,
			minDurationMs: 1_000,
			maxDurationMs: 3 * 60_000,
			ratio: { min: 1 / 3, max: 3 },
			minFps: null,
			maxFps: null,
			codecs: ['h264'],
			containers: ['video/mp4'],
		},
		document: null,
		// The lexicon sets no maximum for `alt`; the official app stops at 2 000 graphemes.
		altText: { maxLength: 2000 },
		// A reply record (reply.root and reply.parent).
		firstComment: 'all',
		aiFlag: false,
	},
	formats: ['text', 'image', 'carousel', 'video'],
	// BLUESKY_PLC_URL: a local PLC directory (@atproto/dev-env), development only.
	env: { prefix: 'BLUESKY', required: ['enabled'], names: { directoryUrl: 'PLC_URL' } },
	connect: 'handle-app-password',
	refresh: 'refresh-token',
	// 5 000 points an hour per account, a created record costs 3.
	account: { quota: { posts: 1666, hours: 1 } },
}
