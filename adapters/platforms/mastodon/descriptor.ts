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
	formats: ['text', 'image'],
	env: { prefix: 'MASTODON', required: ['enabled'] },
	connect: 'instance-oauth',
	refresh: 'none',
	account: { publishScopes: { '*': ['write:statuses'] } },
}
