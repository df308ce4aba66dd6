import { createHash } from 'node:crypto'
import { json, type FakeRouter } from '../sandbox/fake-http.ts'
import type { SandboxContext } from '../sandbox/network.ts'
import { imagesOf, videoOf, type SandboxImage as FeedImage, type SandboxPost, type SandboxVideo } from '../sandbox/store.ts'
import { escapeCommentary, parseCommentary } from './escape.ts'
import { imageType } from './image-type.ts'
import { isDocumentUrn, type PostedDocument, type SandboxDocuments } from './sandbox-documents.ts'
import { canActAs, liError, notEnoughPermissions, rest, sandboxOrganization, withToken } from './sandbox-rest.ts'
import { isVideoUrn, type SandboxVideos } from './sandbox-videos.ts'

// The LinkedIn fake's Images and Posts APIs (documents: sandbox-documents.ts) and its engagement numbers. Posts land in the SandboxStore (the
// sandbox feed page shows them) with the commentary as a reader sees it: escapes resolved and the text cut at
// the first unescaped reserved character, as LinkedIn does.

type ImageStatus = 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED'
type SandboxImage = { owner: string; status: ImageStatus; bytes: Buffer | null }

// Image bytes stay in memory only for the feed page and assertions; the oldest go first above this size.
const IMAGE_MEMORY_BYTES = 64 * 1024 * 1024
const MAX_COMMENTARY = 3000
/** Posts API: altText of an image at most 4086 characters; a MultiImage post has 2 to 20 images. */
const MAX_ALT_TEXT = 4086
const MULTI_IMAGE = { min: 2, max: 20 }
const imageUrn = (id: string) => `urn:li:image:${id}`

export function postRoutes(router: FakeRouter, { base, store }: SandboxContext, documents: SandboxDocuments, videos: SandboxVideos) {
	const images = new Map<string, SandboxImage>()
	const feedRoot = base.replace(/\/[^/]+\/?$/, '')

	router.on(
		'POST /rest/images',
		rest(store, (req, member) => {
			if (req.query.get('action') !== 'initializeUpload') return liError(400, 'Unsupported action')
			const owner = (req.json as { initializeUploadRequest?: { owner?: unknown } } | null)?.initializeUploadRequest?.owner
			if (typeof owner !== 'string') return liError(422, '/initializeUploadRequest/owner :: field is required but not found and has no default value')
			if (!canActAs(member, owner)) return notEnoughPermissions(`images.ACTION.initializeUpload for ${owner}`)
			const id = store.nextId('D4E10AQsbx')
			images.set(id, { owner, status: 'WAITING_UPLOAD', bytes: null })
			return json(200, { value: { uploadUrlExpiresAt: Date.now() + 3600_000, uploadUrl: `${base}/upload/${id}`, image: imageUrn(id) } })
		}),
	)

	router.on(
		'PUT /upload/:id',
		withToken(store, (req) => {
			const image = images.get(req.params.id!)
			if (!image) return liError(404, 'Upload not found')
			if (req.body.length === 0 || !imageType(req.body)) return liError(400, 'The uploaded file is not a supported image')
			image.bytes = req.body
			image.status = 'AVAILABLE'
			forgetOldImages(images)
			return { status: 201 }
		}),
	)

	router.on('GET /media/:id', (req) => {
		const bytes = images.get(req.params.id!)?.bytes
		if (!bytes) return liError(404, 'Image not found')
		return { status: 200, headers: { 'content-type': imageType(bytes)!, 'cache-control': 'max-age=3600' }, raw: bytes }
	})

	router.on(
		'GET /rest/images/:urn',
		rest(store, (req) => {
			const id = req.params.urn!.replace(/^urn:li:image:/, '')
			const image = images.get(id)
			if (!image) return liError(404, `Image ${req.params.urn} not found`)
			return json(200, { id: imageUrn(id), owner: image.owner, status: image.status, downloadUrl: image.bytes ? `${base}/media/${id}` : undefined })
		}),
	)

	router.on(
		'POST /rest/posts',
		rest(store, (req, member) => {
			const body = req.json as Record<string, unknown> | null
			if (!body || typeof body !== 'object') return liError(400, 'Request body is not valid JSON')
			for (const field of ['author', 'visibility', 'distribution', 'lifecycleState']) {
				if (body[field] === undefined) return liError(422, `/${field} :: field is required but not found and has no default value`)
			}
			const author = String(body.author)
			if (!/^urn:li:(person|organization):[A-Za-z0-9_-]+$/.test(author)) return liError(400, `/author :: ${author} is not a valid urn`)
			if (!canActAs(member, author)) return notEnoughPermissions('partnerApiPostsExternal.CREATE')
			const media = (body.content as { media?: { id?: unknown; title?: unknown } } | undefined)?.media
			let document: PostedDocument | null = null
			let postedImages: Array<FeedImage> = []
			let video: SandboxVideo | null = null
			if (isDocumentUrn(media?.id)) {
				const found = documents.forPost(author, media!)
				if ('status' in found) return found
				document = found
			} else if (isVideoUrn(media?.id)) {
				const found = videos.forPost(author, media!)
				if ('status' in found) return found
				video = found
			} else {
				const content = postImages(body.content, author)
				if ('error' in content) return content.error
				postedImages = content.images
			}
			const { text } = parseCommentary(typeof body.commentary === 'string' ? body.commentary : '')
			if (text.length > MAX_COMMENTARY) return liError(422, `/commentary :: length ${text.length} exceeds the maximum of ${MAX_COMMENTARY}`)
			if (!text && !postedImages.length && !document && !video) return liError(422, '/commentary :: a post needs commentary or content')
			const id = store.nextId('urn:li:share:')
			store.addPost({ id, platform: 'linkedin', authorId: author, text, imageUrl: postedImages[0]?.url ?? null, ...(postedImages.length || video ? { images: video ? [video] : postedImages } : {}), ...(document ? { document } : {}), url: `${feedRoot}/#${id}` })
			return { status: 201, headers: { 'x-restli-id': id, location: `/rest/posts/${encodeURIComponent(id)}` } }
		}),
	)

	/** content.media (one image) or content.multiImage.images (2–20), each an AVAILABLE image of the author with an altText within the limit. */
	function postImages(content: unknown, author: string): { images: Array<FeedImage> } | { error: ReturnType<typeof liError> } {
		const { media, multiImage } = (content ?? {}) as { media?: { id?: unknown; altText?: unknown }; multiImage?: { images?: unknown } }
		if (media !== undefined && multiImage !== undefined) return { error: liError(400, '/content :: only one of media and multiImage may be set') }
		if (multiImage !== undefined && !(Array.isArray(multiImage.images) && multiImage.images.length >= MULTI_IMAGE.min && multiImage.images.length <= MULTI_IMAGE.max)) {
			return { error: liError(422, `/content/multiImage/images :: must have ${MULTI_IMAGE.min} to ${MULTI_IMAGE.max} elements`) }
		}
		const entries = media !== undefined ? [{ path: '/content/media', item: media }] : ((multiImage?.images ?? []) as Array<{ id?: unknown; altText?: unknown }>).map((item, n) => ({ path: `/content/multiImage/images/${n}`, item }))
		const out: Array<FeedImage> = []
		for (const { path, item } of entries) {
			const id = String(item?.id).replace(/^urn:li:image:/, '')
			const image = images.get(id)
			if (!image || image.owner !== author) return { error: liError(400, `${path}/id :: ${String(item?.id)} is not a valid image of the author`) }
			if (image.status === 'WAITING_UPLOAD' || image.status === 'PROCESSING_FAILED') return { error: liError(400, `Image ${String(item?.id)} is ${image.status}`) }
			const alt = item.altText
			if (alt !== undefined && typeof alt !== 'string') return { error: liError(400, `${path}/altText :: must be a string`) }
			if (alt && [...alt].length > MAX_ALT_TEXT) return { error: liError(422, `${path}/altText :: length ${[...alt].length} exceeds the maximum of ${MAX_ALT_TEXT}`) }
			out.push({ url: `${base}/media/${id}`, alt: alt ?? '' })
		}
		return { images: out }
	}

	router.on(
		'GET /rest/posts',
		rest(store, (req, member) => {
			if (req.query.get('q') !== 'author') return liError(400, 'Unsupported finder: q must be author')
			const author = req.query.get('author') ?? ''
			if (!canActAs(member, author)) return notEnoughPermissions('partnerApiPostsExternal.FINDER-author')
			const start = Math.max(0, Number(req.query.get('start') ?? 0) || 0)
			const count = Math.min(100, Math.max(1, Number(req.query.get('count') ?? 10) || 10))
			const posts = store.findPosts('linkedin', author).reverse()
			const elements = posts.slice(start, start + count).map(postView)
			return json(200, { elements, paging: { start, count, total: posts.length, links: [] } })
		}),
	)

	router.on(
		'GET /rest/socialActions/:urn',
		rest(store, (req) => {
			const post = store.posts.find((p) => p.platform === 'linkedin' && p.id === req.params.urn)
			if (!post) return liError(404, `Post ${req.params.urn} not found`)
			const m = metricsFor(post.id)
			return json(200, {
				target: post.id,
				likesSummary: { totalLikes: m.likeCount, aggregatedTotalLikes: m.likeCount, likedByCurrentUser: false },
				commentsSummary: { totalFirstLevelComments: m.commentCount, aggregatedTotalComments: m.commentCount },
			})
		}),
	)

	router.on(
		'GET /rest/organizationalEntityShareStatistics',
		rest(store, (req, member) => {
			const organization = req.query.get('organizationalEntity') ?? ''
			if (req.query.get('q') !== 'organizationalEntity') return liError(400, 'Unsupported finder: q must be organizationalEntity')
			if (organization !== sandboxOrganization.urn || !canActAs(member, organization)) return notEnoughPermissions('organizationalEntityShareStatistics')
			const shares = /^List\((.*)\)$/.exec(req.query.get('shares') ?? '')?.[1]
			const ids = shares ? shares.split(',').map((s) => decodeURIComponent(s)) : null
			const posts = store.findPosts('linkedin', organization).filter((p) => !ids || ids.includes(p.id))
			const elements = ids
				? posts.map((p) => ({ organizationalEntity: organization, share: p.id, totalShareStatistics: metricsFor(p.id) }))
				: [{ organizationalEntity: organization, totalShareStatistics: sum(posts.map((p) => metricsFor(p.id))) }]
			return json(200, { elements, paging: { start: 0, count: elements.length, links: [] } })
		}),
	)
}

/** The post's content as the Posts API returns it: media for one image, multiImage for several. */
function contentView(post: SandboxPost) {
	if (post.document) return { content: { media: { id: post.document.urn, title: post.document.title } } }
	const video = videoOf(post)
	if (video) return { content: { media: { id: video.id, ...(video.title ? { title: video.title } : {}) } } }
	const list = imagesOf(post)
	const images = list.map((image) => ({ id: imageUrn(/\/media\/([^/]+)$/.exec(image.url)?.[1] ?? ''), ...(image.alt ? { altText: image.alt } : {}) }))
	if (!images.length) return {}
	return images.length === 1 ? { content: { media: images[0] } } : { content: { multiImage: { images } } }
}

function postView(post: SandboxPost) {
	const createdAt = Date.parse(post.createdAt)
	return {
		id: post.id,
		author: post.authorId,
		commentary: escapeCommentary(post.text),
		visibility: 'PUBLIC',
		lifecycleState: 'PUBLISHED',
		distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
		...contentView(post),
		createdAt,
		publishedAt: createdAt,
		lastModifiedAt: createdAt,
		isReshareDisabledByAuthor: false,
	}
}

type ShareStatistics = ReturnType<typeof metricsFor>

/** Engagement numbers that stay the same for a post across calls and restarts. */
function metricsFor(urn: string) {
	const hash = createHash('sha256').update(urn).digest()
	const impressionCount = 100 + (hash.readUInt16BE(0) % 900)
	const likeCount = hash[2]! % 40
	const commentCount = hash[3]! % 12
	const shareCount = hash[4]! % 6
	const clickCount = hash[5]! % 30
	const engagement = Number(((likeCount + commentCount + shareCount + clickCount) / impressionCount).toFixed(4))
	return { impressionCount, uniqueImpressionsCount: Math.round(impressionCount * 0.8), clickCount, likeCount, commentCount, shareCount, engagement }
}

function sum(list: Array<ShareStatistics>): ShareStatistics {
	const total = { impressionCount: 0, uniqueImpressionsCount: 0, clickCount: 0, likeCount: 0, commentCount: 0, shareCount: 0, engagement: 0 }
	for (const m of list) for (const key of Object.keys(total) as Array<keyof ShareStatistics>) total[key] += m[key]
	const { likeCount, commentCount, shareCount, clickCount, impressionCount } = total
	total.engagement = impressionCount ? Number(((likeCount + commentCount + shareCount + clickCount) / impressionCount).toFixed(4)) : 0
	return total
}

function forgetOldImages(images: Map<string, SandboxImage>) {
	let total = 0
	for (const image of images.values()) total += image.bytes?.length ?? 0
	for (const [id, image] of images) {
		if (total <= IMAGE_MEMORY_BYTES) break
		total -= image.bytes?.length ?? 0
		images.delete(id)
	}
}
