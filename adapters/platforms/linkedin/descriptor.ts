import type { PlatformDescriptor } from '#modules/publishing/descriptor.ts'

/** LinkedIn: 3 000 characters of commentary as sent, i.e. with the little format's escapes (escape.ts). */
export const linkedinDescriptor: PlatformDescriptor = {
	id: 'linkedin',
	name: 'LinkedIn',
	badge: 'in',
	color: { brand: '#0a66c2', scale: 'blue' },
	text: { limit: 3000, counting: 'little-escaped', group: 'long', style: 'Professionell', hashtags: { min: 0, max: 3 }, maxHashtags: null, maxLinks: null },
	images: { generate: '16:9', ratio: { min: 1 / 2.4, max: 2.4 }, formats: ['image/jpeg', 'image/png', 'image/gif'], maxBytes: 20 * 1024 * 1024, maxPixels: 36_152_320, maxCount: 20, required: false },
	media: {
		// Posts API, MultiImage: 2 to 20 images in one post, images only (learn.microsoft.com/linkedin/marketing/community-management/shares/multiimage-post-api).
		carousel: { minItems: 2, maxItems: 20, mixed: false, sameAspect: false },
		// Videos API and LinkedIn's video specifications: MP4, 3 s to 30 min, ratio 1:2.4 to 2.4:1, 10 to 60 fps. The size limit is
		// stated as 500 MB (Videos API) and as 200 MB (third-party guides): the conservative 200 MB.
		video: {
			maxBytes: 200 * 1024 * 1024,
			minDurationMs: 3_000,
			maxDurationMs: 30 * 60_000,
			ratio: { min: 1 / 2.4, max: 2.4 },
			minFps: 10,
			maxFps: 60,
			codecs: ['h264'],
			containers: ['video/mp4'],
		},
		// Documents API: PDF, PPT(X), DOC(X) up to 100 MB and 300 pages (ADAPTERS.md, 2026 notes).
		document: {
			maxBytes: 100 * 1024 * 1024,
			maxPages: 300,
			types: [
				'application/pdf',
				'application/vnd.ms-powerpoint',
				'application/vnd.openxmlformats-officedocument.presentationml.presentation',
				'application/msword',
				'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
			],
		},
		// Posts API: content.media.altText and multiImage.images[].altText, at most 4 086 characters (the Posts API's schema;
		// not confirmed in the guides searched, and the stored alt text keeps the smallest limit of all networks anyway).
		altText: { maxLength: 4086 },
		// Comments API (socialActions/{urn}/comments): current versions name w_member_social_feed for members, a permission
		// of the Community Management API that a member's 'Share on LinkedIn' grant (w_member_social) does not include;
		// organization pages are connected through that API. So pages get the first comment, members do not (ADR 0053).
		firstComment: 'organizations',
		aiFlag: false,
	},
	formats: ['text', 'image', 'carousel', 'video', 'document'],
	env: { prefix: 'LINKEDIN' },
	connect: 'oauth-popup',
	// Refresh tokens only for LinkedIn's partner programme; everyone else reconnects before day 60.
	refresh: 'refresh-token',
	account: { quota: { posts: 150, hours: 24 }, publishScopes: { personal: ['w_member_social'], business: ['w_organization_social'] } },
}
