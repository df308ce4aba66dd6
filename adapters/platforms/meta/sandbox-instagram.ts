import type { FakeRequest, FakeResponse } from '../sandbox/fake-http.ts'
import { fetchImage } from '../sandbox/image-fetch.ts'
import { probeMedia } from '../sandbox/media-probe.ts'
import { videoOf, type SandboxMedia, type SandboxPost } from '../sandbox/store.ts'
import { GRAPH_VERSION } from './endpoints.ts'
import { since } from './sandbox-facebook.ts'
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
	pageByIg,
	paginate,
	param,
	pick,
	type MetaContext,
	type SandboxPage,
} from './sandbox-shared.ts'

const v = `/${GRAPH_VERSION}`

export const INSTAGRAM_CAPTION_LIMIT = 2200
const CONTAINER_TTL_MS = 24 * 3600 * 1000

/** Containers get ids with a prefix so their status reads have a route of their own (tests script it). */
export const CONTAINER_PREFIX = 'cont_'
export const CONTAINER_STATUS_ROUTE = `GET ${v}/${CONTAINER_PREFIX}:containerId`

type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED'

/** An image container (a carousel item when `carouselItem`), a video (a Reel, or a carousel's VIDEO item), or a carousel container with its `children` ids in order. */
type Container = {
	id: string
	igUserId: string
	imageUrl: string | null
	/** REELS or a carousel's VIDEO item: the video and the cover it was given (cover_url; null with thumb_offset or none). */
	video: { url: string; coverUrl: string | null } | null
	altText: string | null
	carouselItem: boolean
	children: Array<string> | null
	caption: string
	/** is_ai_generated=true: the published media carries the AI info label. */
	aiGenerated: boolean
	/** Why processing failed (the status text of ERROR), or null. */
	failure: string | null
	/** An image's size as the fake read it from the fetched file (absent: not fetched). */
	size?: { width: number; height: number }
	createdAt: number
	reads: number
	published: boolean
}

/** The sandbox's figures: the carousel's 2–10 items (content publishing guide); alt text as the descriptor takes it (Meta states no length). */
export const CAROUSEL_ITEMS = { min: 2, max: 10 }
export const ALT_TEXT_LIMIT = 1000
/**
 * IG User Media, image specifications: JPEG only, at most 8 MB, an aspect ratio within 4:5 to 1.91:1
 * (width over height); Meta fetches the image_url when the container is made.
 */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024
export const IMAGE_RATIO = { min: 4 / 5, max: 1.91 }
const RATIO_TOLERANCE = 0.005

const statusText: Record<ContainerStatus, string> = {
	IN_PROGRESS: 'In Progress: Media is still being processed.',
	FINISHED: 'Finished: Media has been uploaded and it is ready to be published.',
	ERROR: 'Error: Media upload has failed with error code 2207001.',
	EXPIRED: 'Expired: The media container was not published within 24 hours.',
	PUBLISHED: 'Published: Media has been successfully published.',
}

/** A video stays IN_PROGRESS for this many status reads (an image for one): the adapter must wait for it. */
export const VIDEO_PROCESSING_READS = 2

/** What POST /{ig-user-id}/media takes per kind of container (IG User Media reference); anything else is refused. */
const CONTAINER_PARAMS = {
	image: ['image_url', 'alt_text', 'is_carousel_item', 'caption', 'is_ai_generated', 'location_id', 'user_tags', 'product_tags'],
	reels: ['media_type', 'video_url', 'caption', 'share_to_feed', 'cover_url', 'thumb_offset', 'is_ai_generated', 'collaborators', 'audio_name', 'location_id', 'user_tags'],
	videoItem: ['media_type', 'video_url', 'is_carousel_item', 'thumb_offset', 'user_tags'],
	carousel: ['media_type', 'children', 'caption', 'is_ai_generated', 'location_id', 'collaborators'],
}

/**
 * Instagram (API with Facebook Login): container → status → media_publish, the account's media and
 * media objects. An image container is IN_PROGRESS until its status has been read once, a video one
 * (a Reel, a carousel's VIDEO item) for VIDEO_PROCESSING_READS reads; then FINISHED, or ERROR when
 * the video or its cover could not be fetched or is no video or image. Publishing what is not
 * FINISHED fails like the real 9007 "not ready".
 */
export function addInstagramRoutes(ctx: MetaContext) {
	const { router, store } = ctx
	const containers = new Map<string, Container>()

	function account(req: FakeRequest, scope: string | null): { page: SandboxPage } | { error: FakeResponse } {
		const page = pageByIg(req.params.igUserId ?? '')
		if (!page) return { error: notFound(req.params.igUserId ?? '') }
		const claims = authenticate(ctx, req)
		if (isResponse(claims)) return { error: claims }
		if (!mayActFor(claims, page)) return { error: graphError(10, '(#10) Application does not have permission for this action') }
		if (scope && !claims.scopes.includes(scope)) return { error: missingPermission(scope) }
		return { page }
	}

	function status(container: Container): ContainerStatus {
		if (container.published) return 'PUBLISHED'
		if (Date.now() - container.createdAt > CONTAINER_TTL_MS) return 'EXPIRED'
		const processingReads = container.video ? VIDEO_PROCESSING_READS : 1
		if (container.reads <= processingReads) return 'IN_PROGRESS'
		return container.failure ? 'ERROR' : 'FINISHED'
	}

	// Scripted status reads never reach the handler; they count as reads all the same.
	const wasRead = (container: Container) =>
		container.reads > 0 || router.requests.some((r) => r.route === CONTAINER_STATUS_ROUTE && `${CONTAINER_PREFIX}${r.params.containerId}` === container.id)

	function addContainer(fields: Omit<Container, 'id' | 'createdAt' | 'reads' | 'published' | 'video' | 'aiGenerated' | 'failure'> & Partial<Pick<Container, 'video' | 'aiGenerated' | 'failure'>>) {
		const id = `${CONTAINER_PREFIX}${store.nextId('')}`
		containers.set(id, { id, createdAt: Date.now(), reads: 0, published: false, video: null, aiGenerated: false, failure: null, ...fields })
		if (containers.size > 1000) containers.delete(containers.keys().next().value!)
		return ok({ id })
	}

	/** media_type=CAROUSEL: 2–10 children of this account, each a FINISHED carousel item (is_carousel_item=true). */
	function carouselContainer(req: FakeRequest, page: SandboxPage, caption: string) {
		const children = (param(req, 'children') ?? '').split(',').map((id) => id.trim()).filter(Boolean)
		if (children.length < CAROUSEL_ITEMS.min || children.length > CAROUSEL_ITEMS.max) {
			return graphError(100, `(#100) A carousel needs ${CAROUSEL_ITEMS.min} to ${CAROUSEL_ITEMS.max} children; got ${children.length}.`, { subcode: 2207028 })
		}
		for (const childId of children) {
			const child = containers.get(childId)
			if (!child || child.igUserId !== page.ig.id) return graphError(100, `(#100) The child ${childId} does not exist.`, { subcode: 2207008 })
			if (!child.carouselItem) return graphError(100, `(#100) The child ${childId} was not created with is_carousel_item=true.`)
			if (status(child) !== 'FINISHED') return graphError(9007, `Media ID ${childId} is not available`, { subcode: 2207027 })
		}
		return addContainer({ igUserId: page.ig.id, imageUrl: null, altText: null, carouselItem: false, children, caption, aiGenerated: aiFlag(req) })
	}

	/** media_type=REELS (a single video), or VIDEO with is_carousel_item=true: the video fetched and looked at, the cover too. */
	async function videoContainer(req: FakeRequest, page: SandboxPage, caption: string, reel: boolean) {
		const videoUrl = param(req, 'video_url')
		if (!videoUrl) return graphError(100, '(#100) The parameter video_url is required.')
		const coverUrl = reel ? param(req, 'cover_url') : null
		const [video, cover] = await Promise.all([probeMedia(videoUrl, ctx.base), coverUrl ? probeMedia(coverUrl, ctx.base) : Promise.resolve('image' as const)])
		// Meta fetches and processes the media after answering: a bad file shows as ERROR in the status, not here.
		const failure = video !== 'video' ? `Error: The video could not be processed (${video}), error code 2207026.` : cover !== 'image' ? `Error: The cover could not be fetched (${cover}), error code 2207052.` : null
		const common = { igUserId: page.ig.id, imageUrl: null, altText: null, children: null, video: { url: videoUrl, coverUrl }, failure }
		if (!reel) return addContainer({ ...common, carouselItem: true, caption: '' })
		return addContainer({ ...common, carouselItem: false, caption, aiGenerated: aiFlag(req) })
	}

	router.on(`POST ${v}/:igUserId/media`, async (req) => {
		const found = account(req, 'instagram_content_publish')
		if ('error' in found) return found.error
		const caption = param(req, 'caption') ?? ''
		if (caption.length > INSTAGRAM_CAPTION_LIMIT) return graphError(100, 'The caption is too long.', { subcode: 2207010 })
		const mediaType = param(req, 'media_type')
		const carouselItem = param(req, 'is_carousel_item') === 'true'
		const kind = containerKind(mediaType, carouselItem)
		if (typeof kind !== 'string') return kind
		const unknown = [...paramNames(req)].find((name) => !CONTAINER_PARAMS[kind].includes(name))
		if (unknown) return graphError(100, `(#100) Param ${unknown} is not valid for a ${mediaType ?? 'IMAGE'} container.`)
		if (carouselItem && param(req, 'is_ai_generated') !== null) return graphError(100, '(#100) For carousels, set is_ai_generated on the carousel container only.')
		if (kind === 'carousel') return carouselContainer(req, found.page, caption)
		if (kind !== 'image') return videoContainer(req, found.page, caption, kind === 'reels')
		const imageUrl = param(req, 'image_url')
		if (!imageUrl) return graphError(100, '(#100) The parameter image_url is required.')
		let path: string
		try {
			path = new URL(imageUrl).pathname.toLowerCase()
		} catch {
			return graphError(9004, 'The media could not be fetched from this uri.', { subcode: 2207052 })
		}
		const fetched = await fetchImage(imageUrl, ctx.base, IMAGE_MAX_BYTES)
		if (fetched === 'too_large') return graphError(9004, 'The image is too large to download. It should be less than 8 MiB.', { subcode: 2207004 })
		// Judged by its bytes where fetched; a URL the fake may not fetch, or cannot reach, by its name.
		const jpeg = fetched ? fetched.type === 'image/jpeg' : /\.jpe?g$/.test(path)
		if (!jpeg) return graphError(9004, 'The image format is not supported. Only JPEG images are supported.', { subcode: 2207005 })
		const size = fetched?.width && fetched.height ? { width: fetched.width, height: fetched.height } : undefined
		if (size && (size.width / size.height < IMAGE_RATIO.min - RATIO_TOLERANCE || size.width / size.height > IMAGE_RATIO.max + RATIO_TOLERANCE)) {
			return graphError(36003, `The aspect ratio is not supported (${size.width}x${size.height}).`, { subcode: 2207009 })
		}
		if (fetched) store.keepReceived(imageUrl, fetched.bytes)
		const altText = param(req, 'alt_text')
		if (altText && [...altText].length > ALT_TEXT_LIMIT) return graphError(100, `(#100) alt_text must be at most ${ALT_TEXT_LIMIT} characters.`)
		return addContainer({ igUserId: found.page.ig.id, imageUrl, altText: altText || null, carouselItem, children: null, caption: carouselItem ? '' : caption, aiGenerated: aiFlag(req), ...(size ? { size } : {}) })
	})

	router.on(CONTAINER_STATUS_ROUTE, (req) => {
		const id = `${CONTAINER_PREFIX}${req.params.containerId}`
		const container = containers.get(id)
		if (!container) return notFound(id)
		const claims = authenticate(ctx, req)
		if (isResponse(claims)) return claims
		container.reads += 1
		const current = status(container)
		const text = current === 'ERROR' && container.failure ? container.failure : statusText[current]
		return ok(pick({ id, status_code: current, status: text }, fieldNames(req, ['status_code'])))
	})

	router.on(`POST ${v}/:igUserId/media_publish`, (req) => {
		const found = account(req, 'instagram_content_publish')
		if ('error' in found) return found.error
		const creationId = param(req, 'creation_id') ?? ''
		const container = containers.get(creationId)
		if (!container || container.igUserId !== found.page.ig.id) return graphError(100, '(#100) The parameter creation_id is invalid.', { subcode: 2207008 })
		if (container.carouselItem) return graphError(100, '(#100) A carousel item is published through its carousel container.')
		const current = status(container)
		if (current === 'PUBLISHED') return graphError(100, '(#100) This media container has already been published.')
		if (current === 'EXPIRED') return graphError(100, 'The media container has expired.', { subcode: 2207020 })
		// Only scripted reads (the handler never saw one): the script said FINISHED, as the adapter only publishes then.
		const ready = container.reads === 0 ? wasRead(container) : current === 'FINISHED'
		if (!ready) return graphError(9007, 'Media ID is not available', { subcode: 2207027 })
		const id = store.nextId('1790000000')
		container.published = true
		const images = itemsOf(container)
		const imageUrl = images.find((item) => item.kind !== 'video')?.url ?? null
		const label = container.aiGenerated ? { aiGenerated: true } : {}
		store.addPost({ id, platform: 'instagram', authorId: container.igUserId, text: container.caption, imageUrl, images, ...label, url: ctx.feedUrl(id) })
		return ok({ id })
	})

	/** The images and videos a published container shows, in order, with the alt text and cover each was given. */
	function itemsOf(container: Container): Array<SandboxMedia> {
		const items = container.children ? container.children.map((id) => containers.get(id)!) : [container]
		return items.map((item) => (item.video ? { url: item.video.url, alt: '', kind: 'video' as const, poster: item.video.coverUrl } : { url: item.imageUrl!, alt: item.altText ?? '', ...item.size }))
	}

	router.on(`GET ${v}/:igUserId/media`, (req) => {
		const found = account(req, null)
		if ('error' in found) return found.error
		const fields = fieldNames(req, [])
		const posts = store.findPosts('instagram', found.page.ig.id, since(req)).reverse()
		return ok(paginate(ctx, req, posts.map((post) => pick(mediaObject(post, found.page), fields))))
	})

	router.on(`GET ${v}/:igUserId/content_publishing_limit`, (req) => {
		const found = account(req, null)
		if ('error' in found) return found.error
		const usage = store.findPosts('instagram', found.page.ig.id, new Date(Date.now() - 24 * 3600 * 1000)).length
		return ok({ data: [{ quota_usage: usage, config: { quota_total: 50, quota_duration: 86400 } }] })
	})
}

type ContainerKind = keyof typeof CONTAINER_PARAMS

/** Which container a creation asks for, or the error Graph answers (VIDEO alone is gone since 2023: Reels are REELS). */
function containerKind(mediaType: string | null, carouselItem: boolean): ContainerKind | FakeResponse {
	if (mediaType === null || mediaType === 'IMAGE') return 'image'
	if (mediaType === 'CAROUSEL' && !carouselItem) return 'carousel'
	if (mediaType === 'REELS' && !carouselItem) return 'reels'
	if (mediaType === 'VIDEO' && carouselItem) return 'videoItem'
	if (mediaType === 'VIDEO') return graphError(100, '(#100) The VIDEO media type is no longer supported for single media. Use REELS instead.', { subcode: 2207067 })
	return graphError(100, `(#100) media_type ${mediaType}${carouselItem ? ' with is_carousel_item' : ''} is not supported.`)
}

/** The request's parameter names, the token left out. */
function paramNames(req: FakeRequest) {
	const names = new Set([...req.query.keys(), ...req.form.keys(), ...Object.keys((req.json as Record<string, unknown> | null) ?? {})])
	names.delete('access_token')
	return names
}

/** is_ai_generated as Graph reads a boolean. */
const aiFlag = (req: FakeRequest) => param(req, 'is_ai_generated') === 'true'

export function igUserObject(ctx: MetaContext, page: SandboxPage, mediaCount: number) {
	return {
		id: page.ig.id,
		username: page.ig.username,
		name: page.ig.name,
		followers_count: page.ig.followers,
		media_count: mediaCount,
		profile_picture_url: `${ctx.base}/picture/${page.ig.id}`,
	}
}

export function mediaObject(post: SandboxPost, page: SandboxPage | null) {
	const counts = engagement(post.id)
	const items = post.images ?? []
	const reel = items.length === 1 ? videoOf(post) : null
	return {
		id: post.id,
		caption: post.text,
		media_type: items.length > 1 ? 'CAROUSEL_ALBUM' : reel ? 'VIDEO' : 'IMAGE',
		media_product_type: reel ? 'REELS' : 'FEED',
		media_url: reel?.url ?? post.imageUrl ?? undefined,
		thumbnail_url: reel?.poster ?? undefined,
		is_ai_generated: post.aiGenerated ?? false,
		permalink: post.url,
		timestamp: graphTime(post.createdAt),
		username: page?.ig.username,
		owner: { id: post.authorId },
		like_count: counts.likes,
		comments_count: counts.comments,
	}
}

export function mediaInsight(post: SandboxPost, metric: string): unknown {
	const counts = engagement(post.id)
	const values: Record<string, number> = {
		views: counts.views,
		reach: Math.round(counts.views * 0.8),
		saved: counts.shares,
		likes: counts.likes,
		comments: counts.comments,
		shares: counts.shares,
		total_interactions: counts.likes + counts.comments + counts.shares,
	}
	return values[metric]
}
