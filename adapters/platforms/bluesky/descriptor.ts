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
	formats: ['text', 'image'],
	// BLUESKY_PLC_URL: a local PLC directory (@atproto/dev-env), development only.
	env: { prefix: 'BLUESKY', required: ['enabled'], names: { directoryUrl: 'PLC_URL' } },
	connect: 'handle-app-password',
	refresh: 'refresh-token',
	// 5 000 points an hour per account, a created record costs 3.
	account: { quota: { posts: 1666, hours: 1 } },
}
