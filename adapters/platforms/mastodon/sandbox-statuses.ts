import { setTimeout as delay } from 'node:timers/promises'
import { json, type FakeRequest, type FakeRouter } from '../sandbox/fake-http.ts'
import type { SandboxContext } from '../sandbox/network.ts'
import { statusLength } from './sandbox-html.ts'
import type { addMediaRoutes } from './sandbox-media.ts'
import { authorize, bearer, error, instanceRoute, notFound, param, paramList, SANDBOX_ACCOUNT, textLimitOf } from './sandbox-shared.ts'
import { createConversations, idOf, type SandboxStatus } from './sandbox-conversations.ts'

// Statuses of every sandbox instance (docs.joinmastodon.org/methods/statuses, accounts, instance):
// posting (Idempotency-Key: the same key within an hour answers the status it created), reading one,
// its context, the account's statuses, the instance's limits. Posts and replies go to the SandboxStore,
// so the sandbox feed page shows them and followers can comment there.

const IDEMPOTENCY_MS = 60 * 60_000
const MAX_MEDIA = 4

export type StatusOptions = {
	/** POST /api/v1/statuses creates the status at once but answers only after this delay (lost-answer tests). */
	statusDelayMs?: number
}

type Media = ReturnType<typeof addMediaRoutes>

export function addStatusRoutes(router: FakeRouter, context: SandboxContext, media: Media, options: StatusOptions = {}) {
	const { base, store } = context
	const conversations = createConversations(context)
	const created = new Map<string, { id: string; at: number }>()
	const feedRoot = base.replace(/\/[^/]+\/?$/, '')

	/** Public reads work without a token; a token that is given must be valid. */
	const readable = (req: FakeRequest, host: string) => (bearer(req) ? authorize(store, req, host) : null)

	instanceRoute(router, 'GET /api/v2/instance', (_req, host) =>
		json(200, {
			domain: host,
			title: `Mastodon (Testmodus) auf ${host}`,
			version: '4.4.0',
			source_url: 'https://github.com/mastodon/mastodon',
			description: 'Ein Server des Sandbox-Netzwerks von Postwerk.',
			usage: { users: { active_month: 1 } },
			languages: ['de'],
			configuration: {
				urls: { streaming: `wss://${host}` },
				accounts: { max_featured_tags: 10, max_pinned_statuses: 5 },
				statuses: { max_characters: textLimitOf(host), max_media_attachments: MAX_MEDIA, characters_reserved_per_url: 23 },
				media_attachments: {
					supported_mime_types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'video/mp4'],
					image_size_limit: 16 * 1024 * 1024,
					image_matrix_limit: 33_177_600,
					video_size_limit: 99 * 1024 * 1024,
					video_frame_rate_limit: 120,
					video_matrix_limit: 8_294_400,
				},
				polls: { max_options: 4, max_characters_per_option: 50, min_expiration: 300, max_expiration: 2_629_746 },
				translation: { enabled: false },
			},
			registrations: { enabled: false, approval_required: false, message: null },
			contact: { email: `admin@${host}`, account: null },
			rules: [],
		}),
	)

	instanceRoute(router, 'GET /api/v1/accounts/verify_credentials', (req, host) => authorize(store, req, host) ?? json(200, conversations.ownAccount(host)))

	instanceRoute(router, 'GET /api/v1/accounts/:id', (req, host) => {
		if (req.params.id !== SANDBOX_ACCOUNT.id) return notFound()
		return readable(req, host) ?? json(200, conversations.ownAccount(host))
	})

	instanceRoute(router, 'GET /avatars/testperson.svg', () => ({
		status: 200,
		headers: { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=86400' },
		raw: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#6364FF"/><text x="32" y="42" font-size="28" text-anchor="middle" fill="#fff" font-family="sans-serif">T</text></svg>',
	}))

	instanceRoute(router, 'POST /api/v1/statuses', async (req, host) => {
		const refused = authorize(store, req, host)
		if (refused) return refused
		const key = req.headers['idempotency-key']
		const earlier = key ? created.get(`${host} ${key}`) : undefined
		if (earlier && Date.now() - earlier.at < IDEMPOTENCY_MS) {
			const status = conversations.find(host, earlier.id)
			if (status) return json(200, conversations.toJson(status))
		}
		const text = param(req, 'status') ?? ''
		const mediaIds = paramList(req, 'media_ids')
		const replyTo = param(req, 'in_reply_to_id')
		if (!text.trim() && !mediaIds.length) return error(422, "Validation failed: Text can't be blank")
		const limit = textLimitOf(host)
		if (statusLength(text) > limit) return error(422, `Validation failed: Text character limit of ${limit} exceeded`)
		if (mediaIds.length > MAX_MEDIA) return error(422, `Validation failed: Media attachments must not exceed ${MAX_MEDIA}`)
		const attached = mediaIds.map((id) => media.attachable(host, id))
		if (attached.includes(null)) return error(422, 'Validation failed: Media attachments are invalid')
		if (attached.includes('processing')) return error(422, 'Cannot attach files that have not finished processing. Try again in a moment!')
		const parent = replyTo ? conversations.find(host, replyTo) : null
		if (replyTo && !parent) return notFound()
		if (new Set(mediaIds).size !== mediaIds.length) return error(422, 'Validation failed: Media attachments are invalid')
		const ready = attached.flatMap((m) => (m && m !== 'processing' ? [m] : []))
		if (ready.some((m) => m.kind === 'video') && ready.length > 1) return error(422, 'Validation failed: Cannot attach a video to a post that already contains images')
		const images = ready.filter((m) => m.kind === 'image').map((m) => ({ url: m.url, alt: m.description ?? '' }))
		const video = ready.find((m) => m.kind === 'video')
		const posted = video ? { kind: 'video' as const, id: video.id, url: video.bytes ? video.url : null, poster: video.thumbnail ? `${video.url}/thumbnail` : null, alt: video.description ?? '', bytes: video.size } : undefined
		if (!parent) media.attach(ready)
		const status: SandboxStatus = parent ? conversations.addReply(host, parent, text) : conversations.addPost(host, text, images, posted)
		if (key) created.set(`${host} ${key}`, { id: idOf(status), at: Date.now() })
		if (options.statusDelayMs) await delay(options.statusDelayMs, undefined, { ref: false })
		return json(200, conversations.toJson(status))
	})

	instanceRoute(router, 'GET /api/v1/statuses/:id', (req, host) => {
		const status = conversations.find(host, req.params.id!)
		if (!status) return notFound()
		return readable(req, host) ?? json(200, conversations.toJson(status))
	})

	instanceRoute(router, 'GET /api/v1/statuses/:id/context', (req, host) => {
		const status = conversations.find(host, req.params.id!)
		if (!status) return notFound()
		return readable(req, host) ?? json(200, { ancestors: conversations.ancestors(host, status).map(conversations.toJson), descendants: conversations.descendants(status).map(conversations.toJson) })
	})

	instanceRoute(router, 'GET /api/v1/accounts/:id/statuses', (req, host) => {
		if (req.params.id !== SANDBOX_ACCOUNT.id) return notFound()
		const refused = readable(req, host)
		if (refused) return refused
		const limit = Math.min(40, Math.max(1, Number(req.query.get('limit')) || 20))
		const maxId = req.query.get('max_id')
		const all = conversations
			.ownStatuses(host, req.query.get('exclude_replies') === 'true')
			.filter((s) => !maxId || !/^\d+$/.test(maxId) || BigInt(idOf(s)) < BigInt(maxId))
		const page = all.slice(0, limit)
		const headers: Record<string, string> = {}
		if (all.length > limit) {
			const next = new URL(`${base}/host/${host}/api/v1/accounts/${SANDBOX_ACCOUNT.id}/statuses`)
			next.searchParams.set('limit', String(limit))
			next.searchParams.set('max_id', idOf(page.at(-1)!))
			headers.link = `<${next}>; rel="next"`
		}
		return json(200, page.map(conversations.toJson), headers)
	})

	// The status's web page: the sandbox feed page at the post.
	instanceRoute(router, 'GET /@:username/:id', (req) => ({ status: 302, headers: { location: `${feedRoot}/#${encodeURIComponent(req.params.id!)}` } }))
}
