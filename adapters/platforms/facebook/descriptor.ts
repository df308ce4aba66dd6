import type { PlatformDescriptor } from '#modules/publishing/descriptor.ts'

/** Facebook Pages: messages up to 63 206 characters; photos up to 4 MB (error 1366046). */
export const facebookDescriptor: PlatformDescriptor = {
	id: 'facebook',
	name: 'Facebook',
	badge: 'f',
	color: { brand: '#1877f2', scale: 'indigo' },
	text: { limit: 63206, counting: 'graphemes', group: 'long', style: 'Original', hashtags: { min: 1, max: 3 }, maxHashtags: null, maxLinks: null },
	images: { generate: '16:9', ratio: { min: 1 / 2, max: 2 }, formats: ['image/jpeg', 'image/png', 'image/gif'], maxBytes: 4 * 1024 * 1024, maxPixels: null, maxCount: 10, required: false },
	media: {
		// Multi-photo posts (attached_media): photos only; no maximum documented for the API, the 10 images already kept.
		carousel: { minItems: 2, maxItems: 10, mixed: false, sameAspect: false },
		// A video is published as a page video by URL (POST /{page-id}/videos with file_url, ADR 0057), never as a Reel:
		// a page video's figures (ADR 0067). Meta's Page Videos reference and Video API guide state no fixed duration, size
		// or aspect for page videos (the per-page `video_upload_limits` gives length and size); Meta's help and ads guides,
		// as reproduced by third parties, name 1 s to 240 min and 9:16 to 16:9 (ADR 0067 lists them). The size stays 1 GB: no larger
		// figure is documented for a video fetched by file_url, and the largest descriptor's size is the app's upload limit.
		// Frame rate: none is stated for page videos (the 24 to 60 fps are the Reels Publishing API's).
		video: {
			maxBytes: 1024 * 1024 * 1024,
			minDurationMs: 1_000,
			maxDurationMs: 240 * 60_000,
			ratio: { min: 9 / 16, max: 16 / 9 },
			minFps: null,
			maxFps: null,
			codecs: ['h264', 'hevc'],
			containers: ['video/mp4'],
		},
		document: null,
		// Uncertain: the sources found document no alt text a Page photo can be published with: none is sent, none is asked for.
		altText: null,
		// A comment as the page under its own post (POST /{post-id}/comments).
		firstComment: 'all',
		// No AI label documented for page posts or videos (searched 2026-12, ADR 0057).
		aiFlag: false,
	},
	formats: ['text', 'image', 'carousel', 'video'],
	// One Meta app for Facebook and Instagram.
	env: { prefix: 'META', names: { clientId: 'APP_ID', clientSecret: 'APP_SECRET', apiBase: 'GRAPH_BASE', authorizeUrl: 'DIALOG_URL' } },
	connect: 'oauth-popup',
	refresh: 'access-token',
	account: { publishScopes: { '*': ['pages_manage_posts'] } },
}
