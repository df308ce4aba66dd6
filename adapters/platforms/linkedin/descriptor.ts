import type { PlatformDescriptor } from '#modules/publishing/descriptor.ts'

/** LinkedIn: 3 000 characters of commentary as sent, i.e. with the little format's escapes (escape.ts). */
export const linkedinDescriptor: PlatformDescriptor = {
	id: 'linkedin',
	name: 'LinkedIn',
	badge: 'in',
	color: { brand: '#0a66c2', scale: 'blue' },
	text: { limit: 3000, counting: 'little-escaped', group: 'long', style: 'Professionell', hashtags: { min: 0, max: 3 }, maxHashtags: null, maxLinks: null },
	images: { generate: '16:9', ratio: { min: 1 / 2.4, max: 2.4 }, formats: ['image/jpeg', 'image/png', 'image/gif'], maxBytes: 20 * 1024 * 1024, maxPixels: 36_152_320, maxCount: 20, required: false },
	formats: ['text', 'image', 'carousel', 'video', 'document'],
	env: { prefix: 'LINKEDIN' },
	connect: 'oauth-popup',
	// Refresh tokens only for LinkedIn's partner programme; everyone else reconnects before day 60.
	refresh: 'refresh-token',
	account: { quota: { posts: 150, hours: 24 }, publishScopes: { personal: ['w_member_social'], business: ['w_organization_social'] } },
}
