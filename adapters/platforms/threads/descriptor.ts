import type { PlatformDescriptor } from '#modules/publishing/descriptor.ts'

/** Threads: 500 characters, emoji counted as their UTF-8 bytes; at most 5 links per post (since 2025-12-22). */
export const threadsDescriptor: PlatformDescriptor = {
	id: 'threads',
	name: 'Threads',
	badge: '@',
	color: { brand: '#101010', scale: 'gray' },
	text: { limit: 500, counting: 'utf8-bytes-emoji', group: 'short', style: 'Authentisch', hashtags: { min: 0, max: 2 }, maxHashtags: null, maxLinks: 5 },
	images: { generate: '16:9', ratio: { min: 1 / 10, max: 10 }, formats: ['image/jpeg', 'image/png'], maxBytes: 8 * 1024 * 1024, maxPixels: null, maxCount: 20, required: false },
	media: {
		// Carousel posts: 2 to 20 images and videos (ADAPTERS.md; developers.facebook.com/documentation/threads/posts).
		carousel: { minItems: 2, maxItems: 20, mixed: true, sameAspect: false },
		// Threads media specifications: MOV or MP4, H.264 or HEVC, 23 to 60 fps, at most 1920 pixels wide, ratio 0.01:1 to
		// 10:1, at most 5 min and 1 GB, "longer than 0 seconds": the conservative 1 s.
		video: {
			maxBytes: 1024 * 1024 * 1024,
			minDurationMs: 1_000,
			maxDurationMs: 5 * 60_000,
			ratio: { min: 0.01, max: 10 },
			minFps: 23,
			maxFps: 60,
			codecs: ['h264', 'hevc'],
			containers: ['video/mp4', 'video/quicktime'],
			maxWidth: 1920,
		},
		document: null,
		// alt_text on image and video containers (Threads API, accessibility); no length stated: the conservative 1 000.
		altText: { maxLength: 1000 },
		// A reply to the post (reply_to_id).
		firstComment: 'all',
		// The Threads API documents no AI label for posts (searched 2026-12, ADR 0057): nothing is sent.
		aiFlag: false,
	},
	formats: ['text', 'image', 'carousel', 'video'],
	env: { prefix: 'THREADS', names: { clientId: 'APP_ID', clientSecret: 'APP_SECRET', apiBase: 'GRAPH_BASE' } },
	connect: 'oauth-popup',
	refresh: 'access-token',
	account: { quota: { posts: 250, hours: 24 }, publishScopes: { '*': ['threads_content_publish'] } },
}
