import type { PlatformDescriptor } from '#modules/publishing/descriptor.ts'

/** Instagram: captions up to 2 200 characters and 30 hashtags; JPEG only, no text-only posts. */
export const instagramDescriptor: PlatformDescriptor = {
	id: 'instagram',
	name: 'Instagram',
	badge: 'IG',
	color: { brand: 'linear-gradient(45deg, #f58529, #dd2a7b, #8134af)', scale: 'crimson' },
	text: { limit: 2200, counting: 'graphemes', group: 'short', style: 'Kurz & knackig', hashtags: { min: 5, max: 10 }, maxHashtags: 30, maxLinks: null },
	images: { generate: '1:1', ratio: { min: 4 / 5, max: 1.91 }, formats: ['image/jpeg'], maxBytes: 8 * 1024 * 1024, maxPixels: null, maxCount: 10, required: true },
	media: {
		// Content publishing: a carousel container holds 2 to 10 images and videos; every item is shown in the first one's aspect.
		carousel: { minItems: 2, maxItems: 10, mixed: true, sameAspect: true },
		// Every video is published as a Reel (ig-user/media, Reels specifications): MOV or MP4, H.264 or HEVC, 3 s to 15 min,
		// 23 to 60 fps, at most 1920 pixels wide, ratio 0.01:1 to 10:1. Sources name 300 MB and 1 GB: the conservative 300 MB.
		video: {
			maxBytes: 300 * 1024 * 1024,
			minDurationMs: 3_000,
			maxDurationMs: 15 * 60_000,
			ratio: { min: 0.01, max: 10 },
			minFps: 23,
			maxFps: 60,
			codecs: ['h264', 'hevc'],
			containers: ['video/mp4', 'video/quicktime'],
			maxWidth: 1920,
		},
		document: null,
		// alt_text on image containers; Meta states no length (peers assume the caption's 2 200): the conservative 1 000.
		altText: { maxLength: 1000 },
		// A comment under the published media (POST /{ig-media-id}/comments).
		firstComment: 'all',
		// is_ai_generated=true on the media container, on a carousel the carousel container only (Instagram Platform
		// changelog, 2026-06-22, "AI Info Label"; ADR 0057).
		aiFlag: true,
	},
	formats: ['image', 'carousel', 'video'],
	// One Meta app for Facebook and Instagram.
	env: { prefix: 'META', names: { clientId: 'APP_ID', clientSecret: 'APP_SECRET', apiBase: 'GRAPH_BASE', authorizeUrl: 'DIALOG_URL' } },
	connect: 'oauth-popup',
	refresh: 'access-token',
	// Meta states 25, 50 or 100 published posts per 24 h depending on the source (ADAPTERS.md): planning keeps the lowest.
	account: { quota: { posts: 25, hours: 24 }, publishScopes: { '*': ['instagram_content_publish'] } },
}
