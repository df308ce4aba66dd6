import { createHash } from 'node:crypto'
import { setTimeout as delay } from 'node:timers/promises'
import { json, type FakeRequest, type FakeResponse, type FakeRouter } from '../sandbox/fake-http.ts'
import type { SandboxContext } from '../sandbox/network.ts'
import { fetchImage } from '../sandbox/image-fetch.ts'
import { probeMedia } from '../sandbox/media-probe.ts'
import type { SandboxMedia, SandboxPost } from '../sandbox/store.ts'
import { graphError, graphTime, invalidToken, param, SANDBOX_USER, tokenOf, verifyAccessToken } from './sandbox-shared.ts'

export type ThreadsFakeOptions = SandboxContext & {
	/** How many status reads a new container stays IN_PROGRESS before it is FINISHED (default 0). */
	processingPolls?: number
	/** threads_publish publishes at once but answers only after this delay (lost-answer tests). */
	publishDelayMs?: number
}

/** Threads API media specifications, images: at most 8 MB, an aspect ratio within 1:10 to 10:1 (Threads' own spelling of the error below). */
const IMAGE_MAX_BYTES = 8 * 1024 * 1024
const IMAGE_RATIO = { min: 1 / 10, max: 10 }

type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'PUBLISHED' | 'ERROR' | 'EXPIRED'

type Container = {
	id: string
	userId: string
	text: string
	imageUrl: string | null
	/** A VIDEO container's video_url. */
	videoUrl: string | null
	altText: string | null
	/** Why processing ended in ERROR (Threads' error_message, e.g. FAILED_PROCESSING_VIDEO), or null. */
	errorMessage: string | null
	/** Created with is_carousel_item=true: published only as a child of a CAROUSEL container. */
	carouselItem: boolean
	/** A CAROUSEL container's item containers, in order. */
	children: Array<string> | null
	status: ContainerStatus
	pendingPolls: number
	/** A reply container (reply_to_id): publishing adds a reply below the post or reply, not a post. */
	replyTo: { postId: string; parentId: string | null } | null
}

const MAX_TEXT = 500
/** Carousel posts: 2 to 20 images or videos (Threads API, carousel posts). */
const CAROUSEL_ITEMS = { min: 2, max: 20 }
/** Threads states no length for alt_text; the sandbox takes what the descriptor does. */
const ALT_TEXT_LIMIT = 1000
const DAILY_POSTS = 250
/** A video stays IN_PROGRESS for at least this many status reads (Meta asks to poll video containers): the adapter must wait. */
export const VIDEO_PROCESSING_READS = 2
/** What POST /{threads-user-id}/threads takes (Threads API reference); anything else is refused. */
const CONTAINER_PARAMS = new Set([
	'access_token',
	'media_type',
	'text',
	'image_url',
	'video_url',
	'is_carousel_item',
	'children',
	'alt_text',
	'reply_to_id',
	'reply_control',
	'auto_publish_text',
	'link_attachment',
	'quote_post_id',
	'topic_tag',
	'location_id',
	'allowlisted_country_codes',
])
const MEDIA_METRICS = ['views', 'likes', 'replies', 'reposts', 'quotes', 'shares']
const segmenter = new Intl.Segmenter('de', { granularity: 'grapheme' })

/** Threads counts an emoji as its UTF-8 byte length, everything else per character. */
export function threadsTextLength(text: string) {
	let length = 0
	for (const { segment } of segmenter.segment(text)) length += /\p{Extended_Pictographic}/u.test(segment) ? Buffer.byteLength(segment) : 1
	return length
}

const notFound = (id: string) =>
	graphError(400, 100, `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, { error_subcode: 33 })

function pick(object: Record<string, unknown>, fields: string | null) {
	const wanted = new Set(['id', ...(fields ?? '').split(',').map((f) => f.trim()).filter(Boolean)])
	return Object.fromEntries(Object.entries(object).filter(([key, value]) => wanted.has(key) && value !== undefined))
}

/** Publishing, reading and insights below /v1.0 (ADAPTERS.md 1.4 and 5.3). */
export function addThreadsGraphRoutes(router: FakeRouter, options: ThreadsFakeOptions) {
	const { base, store } = options
	const containers = new Map<string, Container>()

	/** The token's user when it may act as `uid` ('me' or its own id); otherwise the Graph error. */
	function authorize(req: FakeRequest, uid = 'me'): string | FakeResponse {
		const claims = verifyAccessToken(store, tokenOf(req))
		if (!claims) return invalidToken()
		if (uid !== 'me' && uid !== claims.subject) return notFound(uid)
		return claims.subject
	}

	const threadsPosts = (userId: string, since?: Date) => store.findPosts('threads', userId, since)
	const findMedia = (id: string) => store.posts.find((p) => p.platform === 'threads' && p.id === id)

	function media(post: SandboxPost) {
		return {
			id: post.id,
			permalink: post.url,
			text: post.text,
			timestamp: graphTime(post.createdAt),
			media_type: (post.images?.length ?? 0) > 1 ? 'CAROUSEL_ALBUM' : post.images?.[0]?.kind === 'video' ? 'VIDEO' : post.imageUrl ? 'IMAGE' : 'TEXT_POST',
			media_url: post.images?.[0]?.url ?? post.imageUrl ?? undefined,
			username: SANDBOX_USER.username,
			shortcode: post.id,
			is_quote_post: false,
		}
	}

	function quotaReached(userId: string) {
		return threadsPosts(userId, new Date(Date.now() - 24 * 3600 * 1000)).length >= DAILY_POSTS
	}

	function publishContainer(container: Container) {
		if (container.replyTo) {
			container.status = 'PUBLISHED'
			const { postId, parentId } = container.replyTo
			const reply = store.addComment({ id: store.commentId('threads', postId), platform: 'threads', postId, parentId, authorId: container.userId, authorName: SANDBOX_USER.username, text: container.text })
			return reply.id
		}
		const id = store.nextId('th_media_')
		container.status = 'PUBLISHED'
		const items = container.children ? container.children.map((childId) => containers.get(childId)!) : container.imageUrl || container.videoUrl ? [container] : []
		const images = items.map((item): SandboxMedia => (item.videoUrl ? { url: item.videoUrl, alt: item.altText ?? '', kind: 'video', poster: null } : { url: item.imageUrl!, alt: item.altText ?? '' }))
		const imageUrl = images.find((item) => item.kind !== 'video')?.url ?? null
		store.addPost({ id, platform: 'threads', authorId: container.userId, text: container.text, imageUrl, ...(images.length ? { images } : {}), url: `${base}/@${SANDBOX_USER.username}/post/${id}` })
		return id
	}

	/** Why a CAROUSEL container cannot be made of `children` (2–20 FINISHED carousel items of the user), or null. */
	function carouselRefusal(user: string, children: Array<string>): FakeResponse | null {
		if (children.length < CAROUSEL_ITEMS.min || children.length > CAROUSEL_ITEMS.max) {
			return graphError(400, 100, `Invalid parameter: a carousel needs ${CAROUSEL_ITEMS.min} to ${CAROUSEL_ITEMS.max} children; got ${children.length}.`)
		}
		for (const childId of children) {
			const child = containers.get(childId)
			if (!child || child.userId !== user) return notFound(childId)
			if (!child.carouselItem) return graphError(400, 100, `Invalid parameter: the child ${childId} was not created with is_carousel_item=true.`)
			if (child.status !== 'FINISHED') return graphError(400, 9007, `The media ${childId} is not ready for publishing, please wait for a moment.`, { error_subcode: 2207027 })
		}
		return null
	}

	const quotaError = () =>
		graphError(400, 9, 'The maximum number of posts allowed to be published within 24 hours has been reached.', { error_subcode: 2207042 })

	router.on('GET /v1.0/me', (req) => {
		const user = authorize(req)
		if (typeof user !== 'string') return user
		return json(200, pick({ ...SANDBOX_USER, threads_profile_picture_url: undefined, threads_biography: 'Sandbox-Konto von Postwerk' }, req.query.get('fields') ?? 'id,username'))
	})

	/**
	 * What Threads finds in an image_url it fetches (Threads API media specifications: JPEG or PNG, at
	 * most 8 MB, an aspect ratio within 1:10 to 10:1): null when it takes it (its bytes kept as received),
	 * else the container's error_message. A URL the fake may not fetch is taken as before (judged by nobody).
	 */
	async function imageError(imageUrl: string) {
		const fetched = await fetchImage(imageUrl, base, IMAGE_MAX_BYTES)
		if (fetched === 'too_large') return 'UNKNOWN'
		if (!fetched) return null
		if (!fetched.type) return 'UNKNOWN'
		const ratio = fetched.width && fetched.height ? fetched.width / fetched.height : null
		if (ratio !== null && (ratio < IMAGE_RATIO.min || ratio > IMAGE_RATIO.max)) return 'INVALID_ASPEC_RATIO'
		store.keepReceived(imageUrl, fetched.bytes)
		return null
	}

	router.on('POST /v1.0/:uid/threads', async (req) => {
		const user = authorize(req, req.params.uid)
		if (typeof user !== 'string') return user
		const unknown = [...req.query.keys(), ...req.form.keys()].find((name) => !CONTAINER_PARAMS.has(name))
		if (unknown) return graphError(400, 100, `Invalid parameter: ${unknown}.`)
		const mediaType = param(req, 'media_type')
		const text = param(req, 'text') ?? ''
		const imageUrl = param(req, 'image_url')
		const videoUrl = param(req, 'video_url')
		if (mediaType !== 'TEXT' && mediaType !== 'IMAGE' && mediaType !== 'VIDEO' && mediaType !== 'CAROUSEL') return graphError(400, 100, 'Invalid parameter: media_type must be TEXT, IMAGE, VIDEO or CAROUSEL.')
		const visual = mediaType === 'IMAGE' || mediaType === 'VIDEO'
		const carouselItem = param(req, 'is_carousel_item') === 'true'
		if (carouselItem && !visual) return graphError(400, 100, 'Invalid parameter: carousel items are images or videos.')
		if ((imageUrl && mediaType !== 'IMAGE') || (videoUrl && mediaType !== 'VIDEO')) return graphError(400, 100, `Invalid parameter: ${imageUrl ? 'image_url' : 'video_url'} does not go with media_type ${mediaType}.`)
		const altText = param(req, 'alt_text') || null
		if (altText && !visual) return graphError(400, 100, 'Invalid parameter: alt_text is for images and videos.')
		if (altText && [...altText].length > ALT_TEXT_LIMIT) return graphError(400, 100, `Param alt_text must be at most ${ALT_TEXT_LIMIT} characters long.`)
		const children = mediaType === 'CAROUSEL' ? (param(req, 'children') ?? '').split(',').map((id) => id.trim()).filter(Boolean) : null
		const refused = children && carouselRefusal(user, children)
		if (refused) return refused
		if (threadsTextLength(text) > MAX_TEXT) return graphError(400, 100, `Param text must be at most ${MAX_TEXT} characters long.`, { error_subcode: 2207068 })
		if (mediaType === 'TEXT' && !text) return graphError(400, 100, 'Invalid parameter: text is required for TEXT posts.')
		if (mediaType === 'IMAGE' && !(imageUrl && URL.canParse(imageUrl) && /^https?:$/.test(new URL(imageUrl).protocol))) {
			return graphError(400, 100, `The media could not be fetched from this URI: ${imageUrl ?? ''}`, { error_subcode: 2207052 })
		}
		if (mediaType === 'VIDEO' && !(videoUrl && URL.canParse(videoUrl) && /^https?:$/.test(new URL(videoUrl).protocol))) {
			return graphError(400, 100, `The media could not be fetched from this URI: ${videoUrl ?? ''}`, { error_subcode: 2207052 })
		}
		const replyToId = param(req, 'reply_to_id')
		let replyTo: Container['replyTo'] = null
		if (replyToId) {
			const target = findMedia(replyToId) ?? null
			const reply = target ? null : store.findComment('threads', replyToId)
			if (!target && !reply) return notFound(replyToId)
			replyTo = target ? { postId: target.id, parentId: null } : { postId: reply!.postId, parentId: reply!.id }
			if (mediaType !== 'TEXT') return graphError(400, 100, 'Invalid parameter: the sandbox takes text replies only.')
		}
		// Threads fetches and processes a video or an image after answering: what it found shows as ERROR with an error_message.
		const probed = mediaType === 'VIDEO' ? await probeMedia(videoUrl!, base) : null
		const videoError = probed === 'unreachable' ? 'FAILED_DOWNLOADING_VIDEO' : probed && probed !== 'video' ? 'FAILED_PROCESSING_VIDEO' : null
		const errorMessage = mediaType === 'IMAGE' ? await imageError(imageUrl!) : videoError
		const processing = Math.max(options.processingPolls ?? 0, mediaType === 'VIDEO' ? VIDEO_PROCESSING_READS : 0)
		const container: Container = {
			replyTo,
			id: store.nextId('tc_'),
			userId: user,
			text,
			imageUrl: mediaType === 'IMAGE' ? imageUrl : null,
			videoUrl: mediaType === 'VIDEO' ? videoUrl : null,
			errorMessage,
			altText,
			carouselItem,
			children,
			status: processing > 0 ? 'IN_PROGRESS' : errorMessage ? 'ERROR' : 'FINISHED',
			pendingPolls: processing,
		}
		containers.set(container.id, container)
		if (mediaType === 'TEXT' && param(req, 'auto_publish_text') === 'true') {
			if (quotaReached(user)) return quotaError()
			return json(200, { id: publishContainer(container) })
		}
		return json(200, { id: container.id })
	})

	router.on('POST /v1.0/:uid/threads_publish', async (req) => {
		const user = authorize(req, req.params.uid)
		if (typeof user !== 'string') return user
		const id = param(req, 'creation_id') ?? ''
		const container = containers.get(id)
		if (!container || container.userId !== user) return notFound(id)
		if (container.carouselItem) return graphError(400, 100, 'Invalid parameter: a carousel item is published through its CAROUSEL container.')
		if (container.status === 'IN_PROGRESS') return graphError(400, 9007, 'The media is not ready for publishing, please wait for a moment.', { error_subcode: 2207027 })
		if (container.status === 'PUBLISHED') return graphError(400, 100, 'This container has already been published.', { error_subcode: 2207006 })
		if (container.status !== 'FINISHED') return graphError(400, 100, `The container cannot be published (status ${container.status}).`, { error_subcode: 2207001 })
		if (quotaReached(user)) return quotaError()
		const mediaId = publishContainer(container)
		if (options.publishDelayMs) await delay(options.publishDelayMs, undefined, { ref: false })
		return json(200, { id: mediaId })
	})

	router.on('GET /v1.0/:uid/threads', (req) => {
		const user = authorize(req, req.params.uid)
		if (typeof user !== 'string') return user
		const since = timeParam(req.query.get('since'))
		const until = timeParam(req.query.get('until'))
		const limit = Math.min(100, Math.max(1, Number(req.query.get('limit')) || 25))
		const offset = Number(Buffer.from(req.query.get('after') ?? '', 'base64url').toString() || 0) || 0
		const all = threadsPosts(user, since ?? undefined)
			.filter((p) => !until || new Date(p.createdAt) <= until)
			.reverse()
		const page = all.slice(offset, offset + limit)
		const cursor = (n: number) => Buffer.from(String(n)).toString('base64url')
		const paging: Record<string, unknown> = { cursors: { before: cursor(offset), after: cursor(offset + page.length) } }
		if (offset + limit < all.length) {
			const next = new URLSearchParams(req.query)
			next.set('after', cursor(offset + limit))
			paging.next = `${base}/v1.0/${req.params.uid}/threads?${next}`
		}
		return json(200, { data: page.map((p) => pick(media(p), req.query.get('fields'))), paging })
	})

	// Replies (threads_read_replies): the direct replies of a post or of a reply, oldest first.
	router.on('GET /v1.0/:id/replies', (req) => {
		const user = authorize(req)
		if (typeof user !== 'string') return user
		const id = req.params.id!
		const post = findMedia(id)
		const reply = post ? null : store.findComment('threads', id)
		const root = post ?? (reply ? findMedia(reply.postId) : undefined)
		if (!root || root.authorId !== user) return notFound(id)
		const replies = store.findComments('threads', root.id, post ? null : reply!.id)
		const fields = req.query.get('fields') ?? 'id,text,timestamp'
		const data = replies.map((r) =>
			pick(
				{
					id: r.id,
					text: r.text,
					username: r.authorName,
					timestamp: graphTime(r.createdAt),
					media_type: 'TEXT_POST',
					is_reply: true,
					is_reply_owned_by_me: r.authorId === user,
					replied_to: { id: r.parentId ?? r.postId },
					root_post: { id: r.postId },
					hide_status: 'NOT_HUSHED',
				},
				fields,
			),
		)
		return json(200, { data, paging: { cursors: { before: 'MA', after: Buffer.from(String(data.length)).toString('base64url') } } })
	})

	router.on('GET /v1.0/:uid/threads_insights', (req) => {
		const user = authorize(req, req.params.uid)
		if (typeof user !== 'string') return user
		const metrics = (req.query.get('metric') ?? '').split(',').filter(Boolean)
		if (!metrics.length) return graphError(400, 100, 'The parameter metric is required.')
		const totals: Record<string, number> = { followers_count: 321 }
		return json(200, {
			data: metrics.map((name) => ({ name, period: 'day', title: name, description: '', total_value: { value: totals[name] ?? 0 }, id: `${user}/insights/${name}/day` })),
		})
	})

	router.on('GET /v1.0/:uid/threads_publishing_limit', (req) => {
		const user = authorize(req, req.params.uid)
		if (typeof user !== 'string') return user
		const usage = threadsPosts(user, new Date(Date.now() - 24 * 3600 * 1000)).length
		return json(200, { data: [{ quota_usage: usage, config: { quota_total: DAILY_POSTS, quota_duration: 86400 } }] })
	})

	router.on('GET /v1.0/:id/insights', (req) => {
		const user = authorize(req)
		if (typeof user !== 'string') return user
		const post = findMedia(req.params.id!)
		if (!post || post.authorId !== user) return notFound(req.params.id!)
		const metrics = (req.query.get('metric') ?? MEDIA_METRICS.join(',')).split(',').filter(Boolean)
		const seed = createHash('sha256').update(post.id).digest()
		return json(200, {
			data: metrics.map((name, i) => ({
				name,
				period: 'lifetime',
				title: name,
				description: '',
				values: [{ value: name === 'views' ? 100 + seed.readUInt16BE(0) % 900 : (seed[i + 2] ?? 0) % 25 }],
				id: `${post.id}/insights/${name}/lifetime`,
			})),
		})
	})

	router.on('GET /v1.0/:id', (req) => {
		const user = authorize(req)
		if (typeof user !== 'string') return user
		const id = req.params.id!
		const container = containers.get(id)
		if (container && container.userId === user) {
			if (container.status === 'IN_PROGRESS') {
				if (container.pendingPolls > 0) container.pendingPolls -= 1
				else container.status = container.errorMessage ? 'ERROR' : 'FINISHED'
			}
			const errorMessage = container.status === 'ERROR' ? (container.errorMessage ?? undefined) : undefined
			return json(200, pick({ id, status: container.status, error_message: errorMessage }, req.query.get('fields') ?? 'status'))
		}
		const post = findMedia(id)
		// A reply is a Threads media object of its own (is_reply), with its permalink: the account's own ones are read here.
		const reply = post ? null : store.findComment('threads', id)
		if (reply && reply.authorId === user) {
			const view = { id, permalink: `${base}/@${SANDBOX_USER.username}/post/${id}`, text: reply.text, timestamp: graphTime(reply.createdAt), media_type: 'TEXT_POST', username: SANDBOX_USER.username, is_reply: true, root_post: { id: reply.postId } }
			return json(200, pick(view, req.query.get('fields')))
		}
		if (!post || post.authorId !== user) return notFound(id)
		return json(200, pick(media(post), req.query.get('fields')))
	})

	// A Threads-like permalink that opens the sandbox's feed page at the post.
	router.on('GET /@:username/post/:id', (req) => ({ status: 302, headers: { location: `../../../#${encodeURIComponent(req.params.id!)}` } }))
}

/** Graph accepts Unix seconds or a date string. */
function timeParam(value: string | null) {
	if (!value) return null
	const date = /^\d+$/.test(value) ? new Date(Number(value) * 1000) : new Date(value)
	return Number.isNaN(date.getTime()) ? null : date
}
