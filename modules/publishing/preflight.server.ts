import { contentTypeOfKey, isFileKey, type FileStore } from '#modules/core/files.server.ts'
import { imageSize } from '#modules/media/image-size.ts'
import { sniff } from '#modules/media/sniff.ts'
import type { PostMediaView } from '#modules/content/index.ts'
import { descriptorOf, type PageType, type PlatformDescriptor } from './descriptor.ts'
import { firstCommentPreflight } from './first-comment-preflight.ts'
import { fill, platformName, texts } from './messages.ts'
import type { AccountLimits } from './ports.ts'
import { imageTypeOfUrl, preflight, preflightWording, type PreflightImage, type PreflightMediaItem, type PreflightProblem } from './preflight.ts'

/**
 * One platform's part of a post, as it would be sent: its text and the URL of its image; for a channel
 * whose server sets its own limits (a Mastodon instance), those and the channel's label for the reasons.
 * With `firstComment`, the comment sent under the post, and the channel's `pageType` (null: not known).
 */
export type PreflightTarget = {
	platform: string
	text: string
	imageUrl: string | null
	/** The network's items of the post's media (mediaFor), judged instead of `imageUrl` when given. */
	media?: ReadonlyArray<MediaItemFacts>
	/** The user's setting: an image without alt text is an error, not a warning. */
	requireAltText?: boolean
	limits?: AccountLimits | null
	label?: string
	firstComment?: string | null
	pageType?: PageType | null
}

/** What a post_media row tells of its item (null: not known; an image's missing figures are read from the stored file). */
export type MediaItemFacts = Pick<PostMediaView, 'kind' | 'url' | 'altText' | 'width' | 'height' | 'contentType' | 'sizeBytes' | 'durationMs' | 'pages'>
export type PreflightFinding = PreflightProblem & { platform: string; message: string }

const MEDIA_PREFIX = '/media/'
const SNIFFED_TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml' }

function factsOf(bytes: Uint8Array, fallbackType: string | null): PreflightImage {
	const sniffed = sniff(bytes)
	const size = imageSize(bytes)
	return { type: (sniffed && SNIFFED_TYPES[sniffed]) ?? fallbackType, width: size?.width ?? null, height: size?.height ?? null, bytes: bytes.length }
}

/** A stored raster image (not an SVG): what the publisher can convert (ADR 0065). */
export const isRasterKey = (key: string) => contentTypeOfKey(key).startsWith('image/') && contentTypeOfKey(key) !== 'image/svg+xml'

/** The store key of an image URL of ours (/media/<key>, with or without the app's origin), else null. */
export function storedKeyOf(url: string) {
	const path = url.replace(/^https?:\/\/[^/]+/u, '')
	return path.startsWith(MEDIA_PREFIX) && isFileKey(path.slice(MEDIA_PREFIX.length)) ? path.slice(MEDIA_PREFIX.length) : null
}

/**
 * What can be known of a post's image without asking anyone else: a stored file (/media/<key>) is
 * read (its content decides the type; width and height from its header), a data: URL decoded; of any
 * other URL only the type its name suggests. null: the post has no image.
 */
export async function imageFacts(url: string | null, files: FileStore | null): Promise<PreflightImage | null> {
	if (!url) return null
	const path = url.replace(/^https?:\/\/[^/]+/u, '')
	if (path.startsWith(MEDIA_PREFIX) && isFileKey(path.slice(MEDIA_PREFIX.length))) {
		const key = path.slice(MEDIA_PREFIX.length)
		const stored = files ? await files.get(key) : null
		const convertible = files !== null && isRasterKey(key)
		return stored ? { ...factsOf(stored.bytes, contentTypeOfKey(key)), convertible } : { type: contentTypeOfKey(key), width: null, height: null, bytes: null, convertible }
	}
	const data = /^data:([\w/+.-]+)?(;base64)?,(.*)$/su.exec(url)
	if (data) {
		const bytes = data[2] ? Uint8Array.from(Buffer.from(data[3]!, 'base64')) : new TextEncoder().encode(decodeURIComponent(data[3]!))
		return factsOf(bytes, data[1] ?? null)
	}
	return { type: imageTypeOfUrl(url), width: null, height: null, bytes: null }
}

/**
 * The preflight's view of a post's items: what the rows say; an image whose size or type the row does
 * not know is read as imageFacts reads it (images only: a video or PDF is never read whole here).
 */
export async function mediaItemsOf(items: ReadonlyArray<MediaItemFacts>, files: FileStore | null): Promise<Array<PreflightMediaItem>> {
	return Promise.all(
		items.map(async (item): Promise<PreflightMediaItem> => {
			const known = { type: item.contentType, width: item.width, height: item.height, bytes: item.sizeBytes }
			const complete = known.type !== null && known.width !== null && known.height !== null && known.bytes !== null
			const facts = item.kind === 'image' && !complete ? ((await imageFacts(item.url, files)) ?? known) : known
			// A stored image is made to the network's rules at send time (network-images.server.ts, ADR 0065).
			const key = item.kind === 'image' && files !== null ? storedKeyOf(item.url) : null
			const convertible = key !== null && isRasterKey(key)
			return { ...facts, kind: item.kind, durationMs: item.durationMs, fps: null, codec: null, pages: item.pages, altText: item.altText, convertible }
		}),
	)
}

/** The German message of one problem on one platform. */
export function preflightMessage(descriptor: PlatformDescriptor, problem: PreflightProblem) {
	const templates = texts.preflight as Record<string, string>
	const { key, values } = preflightWording(descriptor, problem, platformName(descriptor.id))
	return fill(templates[key] ?? templates[problem.code]!, values)
}

/** A network's rules where a server sets its own (text length, image size); its other figures hold. */
function withServerLimits(descriptor: PlatformDescriptor, limits: AccountLimits | null): PlatformDescriptor {
	if (!limits || (limits.textLimit === null && limits.imageMaxBytes === null)) return descriptor
	return {
		...descriptor,
		text: { ...descriptor.text, limit: limits.textLimit ?? descriptor.text.limit },
		images: { ...descriptor.images, maxBytes: Math.min(descriptor.images.maxBytes, limits.imageMaxBytes ?? Number.POSITIVE_INFINITY) },
	}
}

/** The preflight of every platform of a post; an unregistered platform is left to the publisher (it has no rules here). */
export async function preflightTargets(descriptors: ReadonlyArray<PlatformDescriptor>, files: FileStore | null, targets: ReadonlyArray<PreflightTarget>): Promise<Array<PreflightFinding>> {
	const findings: Array<PreflightFinding> = []
	for (const target of targets) {
		const network = descriptorOf(descriptors, target.platform)
		if (!network) continue
		const descriptor = withServerLimits(network, target.limits ?? null)
		const problems = target.media
			? preflight(descriptor, { text: target.text, image: null, media: { items: await mediaItemsOf(target.media, files), firstComment: null, channelKind: target.pageType ?? null, requireAltText: target.requireAltText ?? false } })
			: preflight(descriptor, { text: target.text, image: await imageFacts(target.imageUrl, files) })
		const comment = firstCommentPreflight(descriptor, target.firstComment ?? null, target.pageType ?? null)
		for (const problem of [...problems, ...comment]) {
			// A limit broken by the comment says so (the post's own text may be fine).
			const own = comment.includes(problem) && problem.code !== 'first_comment_not_supported' ? `${texts.firstComment.label}: ` : ''
			const message = `${own}${preflightMessage(descriptor, problem)}`
			findings.push({ ...problem, platform: target.platform, message: target.label ? `${target.label}: ${message}` : message })
		}
	}
	return findings
}
