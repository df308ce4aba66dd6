import type { FakeRequest, FakeResponse } from '../sandbox/fake-http.ts'
import type { SandboxPost } from '../sandbox/store.ts'
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

/** An image container (a carousel item when `carouselItem`), or a carousel container with its `children` ids in order. */
type Container = {
	id: string
	igUserId: string
	imageUrl: string | null
	altText: string | null
	carouselItem: boolean
	children: Array<string> | null
	caption: string
	createdAt: number
	reads: number
	published: boolean
}

/** The sandbox's figures: the carousel's 2–10 items (content publishing guide); alt text as the descriptor takes it (Meta states no length). */
export const CAROUSEL_ITEMS = { min: 2, max: 10 }
export const ALT_TEXT_LIMIT = 1000

const statusText: Record<ContainerStatus, string> = {
	IN_PROGRESS: 'In Progress: Media is still being processed.',
	FINISHED: 'Finished: Media has been uploaded and it is ready to be published.',
	ERROR: 'Error: Media upload has failed with error code 2207001.',
	EXPIRED: 'Expired: The media container was not published within 24 hours.',
	PUBLISHED: 'Published: Media has been successfully published.',
}

/**
 * Instagram (API with Facebook Login): container → status → media_publish, the account's media and
 * media objects. A container is IN_PROGRESS until its status has been read once; the next read
 * says FINISHED. Publishing before any status read fails like the real 9007 "not ready".
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
		return container.reads > 1 ? 'FINISHED' : 'IN_PROGRESS'
	}

	// Scripted status reads never reach the handler; they count as reads all the same.
	const wasRead = (container: Container) =>
		container.reads > 0 || router.requests.some((r) => r.route === CONTAINER_STATUS_ROUTE && `${CONTAINER_PREFIX}${r.params.containerId}` === container.id)

	function addContainer(fields: Omit<Container, 'id' | 'createdAt' | 'reads' | 'published'>) {
		const id = `${CONTAINER_PREFIX}${store.nextId('')}`
		containers.set(id, { id, createdAt: Date.now(), reads: 0, published: false, ...fields })
		if (containers.size > 1000) containers.delete(containers.keys().next().value!)
		return ok({ id })
	}

	/** media_type=CAROUSEL: 2–10 children of this account, each a FINISHED carousel item (is_carousel_item=true). */
	function carouselContainer(req: FakeRequest, page: SandboxPage, caption: string) {
		if (param(req, 'image_url') || param(req, 'alt_text')) return graphError(100, '(#100) A carousel container takes children, not image_url or alt_text.')
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
		return addContainer({ igUserId: page.ig.id, imageUrl: null, altText: null, carouselItem: false, children, caption })
	}

	router.on(`POST ${v}/:igUserId/media`, (req) => {
		const found = account(req, 'instagram_content_publish')
		if ('error' in found) return found.error
		const caption = param(req, 'caption') ?? ''
		if (caption.length > INSTAGRAM_CAPTION_LIMIT) return graphError(100, 'The caption is too long.', { subcode: 2207010 })
		const mediaType = param(req, 'media_type')
		if (mediaType === 'CAROUSEL') return carouselContainer(req, found.page, caption)
		const imageUrl = param(req, 'image_url')
		if (!imageUrl || (mediaType && mediaType !== 'IMAGE')) {
			if (param(req, 'video_url') || mediaType) return graphError(100, '(#100) The sandbox takes images (image_url) and carousels of images only.')
			return graphError(100, '(#100) The parameter image_url is required.')
		}
		let path: string
		try {
			path = new URL(imageUrl).pathname.toLowerCase()
		} catch {
			return graphError(9004, 'The media could not be fetched from this uri.', { subcode: 2207052 })
		}
		if (!/\.jpe?g$/.test(path)) return graphError(9004, 'The image format is not supported. Only JPEG images are supported.', { subcode: 2207005 })
		const altText = param(req, 'alt_text')
		if (altText && [...altText].length > ALT_TEXT_LIMIT) return graphError(100, `(#100) alt_text must be at most ${ALT_TEXT_LIMIT} characters.`)
		const carouselItem = param(req, 'is_carousel_item') === 'true'
		return addContainer({ igUserId: found.page.ig.id, imageUrl, altText: altText || null, carouselItem, children: null, caption: carouselItem ? '' : caption })
	})

	router.on(CONTAINER_STATUS_ROUTE, (req) => {
		const id = `${CONTAINER_PREFIX}${req.params.containerId}`
		const container = containers.get(id)
		if (!container) return notFound(id)
		const claims = authenticate(ctx, req)
		if (isResponse(claims)) return claims
		container.reads += 1
		const current = status(container)
		return ok(pick({ id, status_code: current, status: statusText[current] }, fieldNames(req, ['status_code'])))
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
		if (!wasRead(container)) return graphError(9007, 'Media ID is not available', { subcode: 2207027 })
		const id = store.nextId('1790000000')
		container.published = true
		const images = imagesOf(container)
		store.addPost({ id, platform: 'instagram', authorId: container.igUserId, text: container.caption, imageUrl: images[0]?.url ?? null, images, url: ctx.feedUrl(id) })
		return ok({ id })
	})

	/** The images a published container shows, in order, with the alt text each was given. */
	function imagesOf(container: Container) {
		const items = container.children ? container.children.map((id) => containers.get(id)!) : [container]
		return items.map((item) => ({ url: item.imageUrl!, alt: item.altText ?? '' }))
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
	return {
		id: post.id,
		caption: post.text,
		media_type: (post.images?.length ?? 0) > 1 ? 'CAROUSEL_ALBUM' : 'IMAGE',
		media_product_type: 'FEED',
		media_url: post.imageUrl ?? undefined,
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
