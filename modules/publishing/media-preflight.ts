import type { MediaKind, MediaRules, PageType, PlatformDescriptor, VideoRules } from './descriptor.ts'
import type { PreflightImage, PreflightProblem } from './preflight-types.ts'

// Pure and shared with the browser: a post's media (ADR 0053) checked against the network's
// `media` rules: how many items and of which kinds, each video and document, alt text and the
// first comment. One problem per rule broken, naming the items (0-based) that break it and the
// figures of the worst one.

/** What is known of one item of a post's media; null fields: not known (the check is skipped). */
export type PreflightMediaItem = PreflightImage & {
	kind: MediaKind
	durationMs: number | null
	fps: number | null
	/** The video stream's codec as ffprobe names it (codec_name). */
	codec?: string | null
	pages: number | null
	altText: string | null
}

export type PreflightMedia = {
	items: ReadonlyArray<PreflightMediaItem>
	firstComment: string | null
	/** The channel's page type; null: not known yet (nothing is refused for it). */
	channelKind: PageType | null
	/** The user's setting that makes alt text required: a missing one is then an error, not a warning. */
	requireAltText?: boolean
	/** The post's choice for a carousel shown in the first item's aspect (default 'crop'). */
	carouselFit?: 'crop' | 'pad'
}

export type MediaPreflightRules = Pick<PlatformDescriptor, 'images' | 'media'>

/** A network whose descriptor names no media rules takes one image and nothing else. */
export const NO_MEDIA_RULES: MediaRules = { carousel: null, video: null, document: null, altText: null, firstComment: null, aiFlag: false }

type Indexed = { item: PreflightMediaItem; index: number }
type Values = { count: number; limit: number }

const problem = (code: PreflightProblem['code'], found: ReadonlyArray<Indexed>, values?: Values, severity: PreflightProblem['severity'] = 'error'): PreflightProblem => ({
	code,
	severity,
	...(values ? { values } : {}),
	items: found.map((f) => f.index),
})

/** The items over `limit` by `measure`, as one problem with the largest figure; none when all keep it. */
function over(code: PreflightProblem['code'], entries: ReadonlyArray<Indexed>, measure: (item: PreflightMediaItem) => number | null, limit: number | null, below = false) {
	if (limit === null) return []
	const found = entries.filter(({ item }) => {
		const value = measure(item)
		return value !== null && (below ? value < limit : value > limit)
	})
	if (found.length === 0) return []
	const figures = found.map(({ item }) => measure(item)!)
	return [problem(code, found, { count: below ? Math.min(...figures) : Math.max(...figures), limit })]
}

const RATIO_TOLERANCE = 0.005
const ratioOf = (item: PreflightMediaItem) => (item.width && item.height ? item.width / item.height : null)
const outside = (ratio: number | null, range: { min: number; max: number }) => ratio !== null && (ratio < range.min - RATIO_TOLERANCE || ratio > range.max + RATIO_TOLERANCE)

function countProblems(rules: MediaPreflightRules, items: ReadonlyArray<Indexed>, fit: 'crop' | 'pad'): Array<PreflightProblem> {
	if (items.length === 0) return rules.images.required ? [{ code: 'image_required', severity: 'error' }] : []
	const documents = items.filter(({ item }) => item.kind === 'document')
	// A document is a post of its own: nothing beside it.
	if (documents.length > 0 && items.length > 1) return [problem('carousel_mixed', items)]
	if (items.length === 1) return []
	const carousel = rules.media.carousel
	if (!carousel) return [problem('carousel_too_many', items, { count: items.length, limit: 1 })]
	if (!carousel.mixed && items.some(({ item }) => item.kind === 'video')) return [problem('carousel_mixed', items)]
	if (items.length > carousel.maxItems) return [problem('carousel_too_many', items, { count: items.length, limit: carousel.maxItems })]
	if (items.length < carousel.minItems) return [problem('carousel_too_few', items, { count: items.length, limit: carousel.minItems })]
	const firstRatio = ratioOf(items[0]!.item)
	if (!carousel.sameAspect || firstRatio === null) return []
	// Every item is sent in the first one's aspect (within the network's range), cropped or padded to it by the publisher (ADR 0065): nothing is refused, the user should know.
	const aspect = Math.min(rules.images.ratio.max, Math.max(rules.images.ratio.min, firstRatio))
	const differing = items.filter(({ item }) => outside(ratioOf(item), { min: aspect, max: aspect }))
	return differing.length > 0 ? [{ ...problem('carousel_aspects', differing, undefined, 'warning'), fit, aspect }] : []
}

function imageProblems(images: MediaPreflightRules['images'], all: ReadonlyArray<Indexed>): Array<PreflightProblem> {
	// A stored image is made to the network's rules when it is sent: only the others can break them.
	const entries = all.filter(({ item }) => !item.convertible)
	const wrongType = entries.filter(({ item }) => item.type !== null && !images.formats.includes(item.type))
	const wrongRatio = entries.filter(({ item }) => outside(ratioOf(item), images.ratio))
	return [
		...(wrongType.length ? [problem('image_format', wrongType)] : []),
		...(wrongRatio.length ? [problem('image_ratio', wrongRatio)] : []),
		...over('image_too_many_pixels', entries, (item) => (item.width && item.height ? item.width * item.height : null), images.maxPixels),
		...over('image_too_large', entries, (item) => item.bytes, images.maxBytes),
	]
}

function videoProblems(video: VideoRules | null, entries: ReadonlyArray<Indexed>): Array<PreflightProblem> {
	if (entries.length === 0) return []
	if (!video) return [problem('video_not_supported', entries)]
	const wrongFormat = entries.filter(({ item }) => (item.type != null && !video.containers.includes(item.type)) || (item.codec != null && !video.codecs.includes(item.codec)))
	const wrongRatio = entries.filter(({ item }) => outside(ratioOf(item), video.ratio))
	const fps = (item: PreflightMediaItem) => item.fps
	// One frame-rate problem: over the maximum, else under the minimum.
	const tooFast = over('video_fps', entries, fps, video.maxFps)
	return [
		...(wrongFormat.length ? [problem('video_codec', wrongFormat)] : []),
		...over('video_too_large', entries, (item) => item.bytes, video.maxBytes),
		...over('video_too_long', entries, (item) => item.durationMs, video.maxDurationMs),
		...over('video_too_short', entries, (item) => item.durationMs, video.minDurationMs, true),
		...(wrongRatio.length ? [problem('video_ratio', wrongRatio)] : []),
		...(tooFast.length ? tooFast : over('video_fps', entries, fps, video.minFps, true)),
	]
}

function documentProblems(document: MediaRules['document'], entries: ReadonlyArray<Indexed>): Array<PreflightProblem> {
	if (entries.length === 0) return []
	if (!document) return [problem('document_not_supported', entries)]
	const wrongType = entries.filter(({ item }) => item.type !== null && !document.types.includes(item.type))
	return [
		...(wrongType.length ? [problem('document_format', wrongType)] : []),
		...over('document_too_large', entries, (item) => item.bytes, document.maxBytes),
		...over('document_too_many_pages', entries, (item) => item.pages, document.maxPages),
	]
}

/** Alt text is counted in code points: never fewer than the networks' own units (graphemes on Bluesky, characters on Mastodon). */
export const altTextLength = (text: string) => [...text].length

function altTextProblems(altText: MediaRules['altText'], entries: ReadonlyArray<Indexed>, required: boolean): Array<PreflightProblem> {
	if (!altText) return []
	const images = entries.filter(({ item }) => item.kind === 'image')
	const missing = images.filter(({ item }) => !item.altText?.trim())
	return [
		...(missing.length ? [problem('alt_text_missing', missing, { count: missing.length, limit: images.length }, required ? 'error' : 'warning')] : []),
		...over('alt_text_too_long', entries, (item) => (item.altText ? altTextLength(item.altText) : null), altText.maxLength),
	]
}

export function firstCommentProblems(reach: MediaRules['firstComment'], { firstComment, channelKind }: PreflightMedia): Array<PreflightProblem> {
	if (!firstComment?.trim()) return []
	const refused = reach === null || (reach === 'organizations' && channelKind === 'personal')
	return refused ? [{ code: 'first_comment_not_supported', severity: 'error' }] : []
}

/** Every problem of a post's media on one network (an empty list: the network takes it as it is). */
export function mediaPreflight(rules: MediaPreflightRules, media: PreflightMedia): Array<PreflightProblem> {
	const entries = media.items.map((item, index) => ({ item, index }))
	const ofKind = (kind: MediaKind) => entries.filter(({ item }) => item.kind === kind)
	return [
		...countProblems(rules, entries, media.carouselFit ?? 'crop'),
		...imageProblems(rules.images, ofKind('image')),
		...videoProblems(rules.media.video, ofKind('video')),
		...documentProblems(rules.media.document, ofKind('document')),
		...altTextProblems(rules.media.altText, entries, media.requireAltText ?? false),
		...firstCommentProblems(rules.media.firstComment, media),
	]
}
