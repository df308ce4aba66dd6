import type { PlatformDescriptor } from '#modules/publishing/descriptor.ts'

/**
 * Mastodon: 500 characters by default, every link counted as 23 and '@anna@chaos.social' as '@anna'; each instance may allow more (its
 * own limits are read at connect time and before each post). No app keys: the app registers itself
 * on each instance, so MASTODON_ENABLED=true is all it takes to use real instances.
 */
export const mastodonDescriptor: PlatformDescriptor = {
	id: 'mastodon',
	name: 'Mastodon',
	badge: 'M',
	color: { brand: '#6364FF', scale: 'iris' },
	text: { limit: 500, counting: 'urls-23-local-mentions', group: 'short', style: 'Gesprächig', hashtags: { min: 1, max: 4 }, maxHashtags: null, maxLinks: null },
	images: {
		generate: '16:9',
		ratio: { min: 1 / 10, max: 10 },
		formats: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
		maxBytes: 16 * 1024 * 1024,
		maxPixels: 8_294_400,
		maxCount: 4,
		required: false,
	},
	media: {
		// Up to 4 attachments (configuration.statuses.max_media_attachments); a video cannot be attached beside other media.
		carousel: { minItems: 2, maxItems: 4, mixed: false, sameAspect: false },
		// configuration.media_attachments of a current instance (mastodon.social: video_size_limit 99 MB, frame rate 120, older
		// versions 60: the conservative 60). No duration or ratio limit (the image range is kept). Mastodon re-encodes what is
		// not H.264; H.264 is what it takes as it is. Each instance may set its own; the account's limits read later override.
		video: {
			maxBytes: 99 * 1024 * 1024,
			minDurationMs: 0,
			maxDurationMs: null,
			ratio: { min: 1 / 10, max: 10 },
			minFps: null,
			maxFps: 60,
			codecs: ['h264'],
			containers: ['video/mp4', 'video/webm', 'video/quicktime'],
		},
		document: null,
		// The attachment's description: at most 1 500 characters (MediaAttachment, since Mastodon 4.0).
		altText: { maxLength: 1500 },
		// A reply (in_reply_to_id).
		firstComment: 'all',
		aiFlag: false,
	},
	formats: ['text', 'image', 'carousel', 'video'],
	env: { prefix: 'MASTODON', required: ['enabled'] },
	connect: 'instance-oauth',
	refresh: 'none',
	account: { publishScopes: { '*': ['write:statuses'] } },
}
