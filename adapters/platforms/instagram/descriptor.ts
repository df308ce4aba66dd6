import type { PlatformDescriptor } from '#modules/publishing/descriptor.ts'

/** Instagram: captions up to 2 200 characters and 30 hashtags; JPEG only, no text-only posts. */
export const instagramDescriptor: PlatformDescriptor = {
	id: 'instagram',
	name: 'Instagram',
	badge: 'IG',
	color: { brand: 'linear-gradient(45deg, #f58529, #dd2a7b, #8134af)', scale: 'crimson' },
	text: { limit: 2200, counting: 'graphemes', group: 'short', style: 'Kurz & knackig', hashtags: { min: 5, max: 10 }, maxHashtags: 30, maxLinks: null },
	images: { generate: '1:1', ratio: { min: 4 / 5, max: 1.91 }, formats: ['image/jpeg'], maxBytes: 8 * 1024 * 1024, maxPixels: null, maxCount: 10, required: true },
	formats: ['image', 'carousel', 'video'],
	// One Meta app for Facebook and Instagram.
	env: { prefix: 'META', names: { clientId: 'APP_ID', clientSecret: 'APP_SECRET', apiBase: 'GRAPH_BASE', authorizeUrl: 'DIALOG_URL' } },
	connect: 'oauth-popup',
	refresh: 'access-token',
	// Meta states 25, 50 or 100 published posts per 24 h depending on the source (ADAPTERS.md): planning keeps the lowest.
	account: { quota: { posts: 25, hours: 24 }, publishScopes: { '*': ['instagram_content_publish'] } },
}
