import type { FakeRequest, FakeResponse } from '../sandbox/fake-http.ts'
import { probeMedia } from '../sandbox/media-probe.ts'
import type { SandboxPost } from '../sandbox/store.ts'
import { GRAPH_VERSION } from './endpoints.ts'
import {
	authenticate,
	engagement,
	fieldNames,
	graphError,
	graphTime,
	isResponse,
	mayActFor,
	missingPermission,
	notFound,
	ok,
	pageById,
	paginate,
	param,
	pick,
	type MetaContext,
	type SandboxPage,
} from './sandbox-shared.ts'

const v = `/${GRAPH_VERSION}`

export const FACEBOOK_MESSAGE_LIMIT = 63_206
/** The sandbox's figure for photos in one post: Meta names no maximum; the descriptor keeps 10. */
export const MAX_ATTACHED_PHOTOS = 10

/** Facebook Pages: publishing to the feed and photos, reading the feed, page and post objects. */
export function addFacebookRoutes(ctx: MetaContext) {
	const { router, store } = ctx
	// Unpublished photos waiting to be attached to a feed post.
	const photos = new Map<string, { pageId: string; url: string; used: boolean }>()

	/** The page a publishing request may post to, or the error to answer with (only the page's own token may post). */
	function publishingPage(req: FakeRequest): { page: SandboxPage } | { error: FakeResponse } {
		const page = pageById(req.params.pageId ?? '')
		if (!page) return { error: notFound(req.params.pageId ?? '') }
		const claims = authenticate(ctx, req)
		if (isResponse(claims)) return { error: claims }
		if (claims.type !== 'page' || !mayActFor(claims, page)) {
			return {
				error: graphError(200, '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission', {
					status: 403,
				}),
			}
		}
		if (!claims.scopes.includes('pages_manage_posts')) return { error: missingPermission('pages_manage_posts') }
		return { page }
	}

	router.on(`POST ${v}/:pageId/feed`, (req) => {
		const found = publishingPage(req)
		if ('error' in found) return found.error
		const { page } = found
		const message = param(req, 'message') ?? ''
		const ids = attachedMedia(req)
		if (ids.length > MAX_ATTACHED_PHOTOS) return graphError(100, `(#100) A post takes at most ${MAX_ATTACHED_PHOTOS} attached photos.`)
		const attached = ids.map((photoId) => photos.get(photoId))
		// Only this page's unpublished photos, each once (an attached photo belongs to its post).
		const unusable = attached.findIndex((photo) => !photo || photo.pageId !== page.id || photo.used)
		if (unusable >= 0) return graphError(100, `(#100) Invalid attached_media: ${ids[unusable]} is not an unpublished photo of this page.`)
		if (new Set(ids).size !== ids.length) return graphError(100, '(#100) Invalid attached_media: a photo is attached twice.')
		if (!message.trim() && !param(req, 'link') && !attached.length) return graphError(100, '(#100) Missing message or attachment')
		if (message.length > FACEBOOK_MESSAGE_LIMIT) return graphError(100, '(#100) The message is too long.')
		const id = `${page.id}_${store.nextId('')}`
		const url = ctx.feedUrl(id)
		for (const photo of attached) photo!.used = true
		const images = attached.map((photo) => ({ url: photo!.url, alt: '' }))
		store.addPost({ id, platform: 'facebook', authorId: page.id, text: message, imageUrl: images[0]?.url ?? null, ...(images.length ? { images } : {}), url })
		return ok(pick({ id, permalink_url: url }, fieldNames(req, [])))
	})

	router.on(`POST ${v}/:pageId/photos`, (req) => {
		const found = publishingPage(req)
		if ('error' in found) return found.error
		const { page } = found
		const url = param(req, 'url') ?? ''
		if (!/^https?:\/\//.test(url)) return graphError(324, '(#324) Requires upload file')
		const caption = param(req, 'caption') ?? param(req, 'message') ?? ''
		const photoId = store.nextId('')
		if (param(req, 'published') === 'false') {
			photos.set(photoId, { pageId: page.id, url, used: false })
			return ok({ id: photoId })
		}
		const postId = `${page.id}_${store.nextId('')}`
		store.addPost({ id: postId, platform: 'facebook', authorId: page.id, text: caption, imageUrl: url, url: ctx.feedUrl(postId) })
		return ok({ id: photoId, post_id: postId })
	})

	// A page video from a URL (Page Videos reference: file_url, description, title): fetched and looked at
	// at once; a file that is no video is refused as Graph's 351. The video is the post (its id, its description).
	router.on(`POST ${v}/:pageId/videos`, async (req) => {
		const found = publishingPage(req)
		if ('error' in found) return found.error
		const unknown = [...req.form.keys(), ...req.query.keys()].find((name) => !VIDEO_PARAMS.includes(name))
		if (unknown) return graphError(100, `(#100) Param ${unknown} is not supported by the sandbox's page videos (file_url, description, title).`)
		const fileUrl = param(req, 'file_url') ?? ''
		if (!/^https?:\/\//.test(fileUrl)) return graphError(100, '(#100) The sandbox takes videos by file_url only.')
		if ((await probeMedia(fileUrl, ctx.base)) !== 'video') return graphError(351, 'There was a problem with your video file. Please try again with another file.')
		const description = param(req, 'description') ?? ''
		if (description.length > FACEBOOK_MESSAGE_LIMIT) return graphError(100, '(#100) The description is too long.')
		const id = store.nextId('')
		store.addPost({ id, platform: 'facebook', authorId: found.page.id, text: description, imageUrl: null, images: [{ url: fileUrl, alt: '', kind: 'video', poster: null }], url: ctx.feedUrl(id) })
		return ok({ id })
	})

	router.on(`GET ${v}/:pageId/videos`, (req) => {
		const page = pageById(req.params.pageId ?? '')
		if (!page) return notFound(req.params.pageId ?? '')
		const claims = authenticate(ctx, req)
		if (isResponse(claims)) return claims
		const fields = fieldNames(req, ['description', 'updated_time'])
		const videos = store.findPosts('facebook', page.id, since(req)).filter(isVideoPost).reverse()
		return ok(paginate(ctx, req, videos.map((post) => pick(postObject(post), fields))))
	})

	router.on(`GET ${v}/:pageId/feed`, (req) => {
		const page = pageById(req.params.pageId ?? '')
		if (!page) return notFound(req.params.pageId ?? '')
		const claims = authenticate(ctx, req)
		if (isResponse(claims)) return claims
		const fields = fieldNames(req, ['message', 'created_time'])
		const posts = store.findPosts('facebook', page.id, since(req)).reverse()
		return ok(paginate(ctx, req, posts.map((post) => pick(postObject(post), fields))))
	})
}

export function pageObject(ctx: MetaContext, page: SandboxPage) {
	return {
		id: page.id,
		name: page.name,
		followers_count: page.followers,
		fan_count: page.fans,
		instagram_business_account: { id: page.ig.id },
		picture: { data: { url: `${ctx.base}/picture/${page.id}`, is_silhouette: false } },
		link: new URL('./', ctx.base).toString(),
	}
}

/** The page's video posts (POST /{page-id}/videos): their one item is a video. */
const isVideoPost = (post: SandboxPost) => post.images?.length === 1 && post.images[0]!.kind === 'video'

/** What POST /{page-id}/videos takes in the sandbox (the token aside). */
const VIDEO_PARAMS = ['file_url', 'description', 'title', 'access_token']

export function postObject(post: SandboxPost) {
	const counts = engagement(post.id)
	const video = isVideoPost(post)
	return {
		id: post.id,
		message: post.text,
		description: video ? post.text : undefined,
		source: video ? (post.images![0]!.url ?? undefined) : undefined,
		updated_time: video ? graphTime(post.createdAt) : undefined,
		created_time: graphTime(post.createdAt),
		permalink_url: post.url,
		full_picture: post.imageUrl ?? undefined,
		from: { id: post.authorId },
		reactions: { data: [], summary: { total_count: counts.likes, viewer_reaction: 'NONE' } },
		comments: { data: [], summary: { order: 'ranked', total_count: counts.comments, can_comment: true } },
		// Graph leaves `shares` out while nobody has shared the post.
		shares: counts.shares ? { count: counts.shares } : undefined,
	}
}

export function postInsight(post: SandboxPost, metric: string): unknown {
	const counts = engagement(post.id)
	const values: Record<string, unknown> = {
		post_total_media_view_unique: counts.views,
		post_media_view: counts.views + counts.likes,
		post_reactions_by_type_total: { like: counts.likes },
		post_clicks: counts.comments + counts.shares,
	}
	return values[metric]
}

/** `since` as unix seconds or a date. */
export function since(req: FakeRequest) {
	const raw = param(req, 'since')
	if (!raw) return undefined
	const date = /^\d+$/.test(raw) ? new Date(Number(raw) * 1000) : new Date(raw)
	return Number.isNaN(date.getTime()) ? undefined : date
}

function attachedMedia(req: FakeRequest): Array<string> {
	const indexed = [...new Set([...req.form.keys(), ...req.query.keys()])].filter((k) => /^attached_media\[\d+\]$/.test(k))
	const byIndex = (key: string) => Number(/\d+/.exec(key)![0])
	const values = [param(req, 'attached_media'), ...indexed.sort((a, b) => byIndex(a) - byIndex(b)).map((k) => param(req, k))]
	const ids: Array<string> = []
	for (const value of values) {
		if (!value) continue
		try {
			const parsed = JSON.parse(value) as unknown
			for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
				const id = (item as { media_fbid?: unknown } | null)?.media_fbid
				if (id !== undefined) ids.push(String(id))
			}
		} catch {
			// not JSON: ignored like an unknown attachment
		}
	}
	return ids
}
