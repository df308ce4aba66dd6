import type { PlatformDescriptor } from '#modules/publishing/descriptor.ts'

/** Facebook Pages: messages up to 63 206 characters; photos up to 4 MB (error 1366046). */
export const facebookDescriptor: PlatformDescriptor = {
	id: 'facebook',
	name: 'Facebook',
	badge: 'f',
	color: { brand: '#1877f2', scale: 'indigo' },
	text: { limit: 63206, counting: 'graphemes', group: 'long', style: 'Original', hashtags: { min: 1, max: 3 }, maxHashtags: null, maxLinks: null },
	images: { generate: '16:9', ratio: { min: 1 / 2, max: 2 }, formats: ['image/jpeg', 'image/png', 'image/gif'], maxBytes: 4 * 1024 * 1024, maxPixels: null, maxCount: 10, required: false },
	formats: ['text', 'image', 'carousel', 'video'],
	// One Meta app for Facebook and Instagram.
	env: { prefix: 'META', names: { clientId: 'APP_ID', clientSecret: 'APP_SECRET', apiBase: 'GRAPH_BASE', authorizeUrl: 'DIALOG_URL' } },
	connect: 'oauth-popup',
	refresh: 'access-token',
	account: { publishScopes: { '*': ['pages_manage_posts'] } },
}
