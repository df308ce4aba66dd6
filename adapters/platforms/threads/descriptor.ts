import type { PlatformDescriptor } from '#modules/publishing/descriptor.ts'

/** Threads: 500 characters, emoji counted as their UTF-8 bytes; at most 5 links per post (since 2025-12-22). */
export const threadsDescriptor: PlatformDescriptor = {
	id: 'threads',
	name: 'Threads',
	badge: '@',
	color: { brand: '#101010', scale: 'gray' },
	text: { limit: 500, counting: 'utf8-bytes-emoji', group: 'short', style: 'Authentisch', hashtags: { min: 0, max: 2 }, maxHashtags: null, maxLinks: 5 },
	images: { generate: '16:9', ratio: { min: 1 / 10, max: 10 }, formats: ['image/jpeg', 'image/png'], maxBytes: 8 * 1024 * 1024, maxPixels: null, maxCount: 20, required: false },
	formats: ['text', 'image', 'carousel', 'video'],
	env: { prefix: 'THREADS', names: { clientId: 'APP_ID', clientSecret: 'APP_SECRET', apiBase: 'GRAPH_BASE' } },
	connect: 'oauth-popup',
	refresh: 'access-token',
	account: { quota: { posts: 250, hours: 24 }, publishScopes: { '*': ['threads_content_publish'] } },
}
