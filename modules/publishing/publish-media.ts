import type { PlatformDescriptor } from './descriptor.ts'
import { PlatformError, type PublishContent, type PublishMedia } from './ports.ts'

// What every adapter checks of a post's media before it sends anything (ADR 0053): the kinds, the
// count and the mix its network takes, and the alt text's length. The preflight says the same earlier, with German wording;
// these are the last line, so a network never receives what it would refuse halfway through.

/** A text with at most one image and no alt text: the content of a post before post_media. */
export function contentOf(text: string, imageUrl: string | null = null): PublishContent {
	return { text, imageUrl, media: imageUrl ? [{ kind: 'image', url: imageUrl, altText: null }] : [] }
}

/** A content with these images (alt text and all), imageUrl kept as the first. */
export function withMedia(text: string, media: Array<PublishMedia>): PublishContent {
	return { text, imageUrl: media[0]?.url ?? null, media }
}

/** Alt text is counted in code points, never fewer than a network's own unit (ADR 0053). */
export const altTextLength = (text: string) => [...text].length

/**
 * The items to send, checked against the descriptor: only kinds it takes (`media.video`,
 * `media.document`); at most `carousel.maxItems` (one without a carousel) and `maxItems` (a server's
 * own limit) where given; a video beside other items only where `carousel.mixed`, a document alone;
 * an alt text within `altText.maxLength`. Throws PlatformError 'invalid_request' ('video_not_supported',
 * 'document_not_supported', 'carousel_too_many', 'carousel_mixed', 'alt_text_too_long').
 */
export function checkedMedia(descriptor: Pick<PlatformDescriptor, 'name' | 'media'>, content: PublishContent, maxItems: number | null = null): Array<PublishMedia> {
	const { media } = content
	const refuse = (code: string, message: string) => new PlatformError({ kind: 'invalid_request', code, message })
	if (!descriptor.media.video && media.some((item) => item.kind === 'video')) throw refuse('video_not_supported', `${descriptor.name} takes no videos`)
	if (!descriptor.media.document && media.some((item) => item.kind === 'document')) throw refuse('document_not_supported', `${descriptor.name} takes no documents`)
	const limit = Math.min(descriptor.media.carousel?.maxItems ?? 1, maxItems ?? Number.POSITIVE_INFINITY)
	if (media.length > limit) throw refuse('carousel_too_many', `${media.length} items, ${descriptor.name} takes at most ${limit}`)
	if (media.length > 1 && !mixable(descriptor, media)) throw refuse('carousel_mixed', `${descriptor.name} takes no video or document beside other items`)
	const maxLength = descriptor.media.altText?.maxLength
	const long = maxLength ? media.findIndex((item) => item.altText && altTextLength(item.altText) > maxLength) : -1
	if (long >= 0) throw refuse('alt_text_too_long', `item ${long + 1}: alt text over ${maxLength} characters`)
	return media
}

/** Several items in one post: never a document among them, a video only where the network mixes (as the preflight's carousel_mixed). */
function mixable(descriptor: Pick<PlatformDescriptor, 'media'>, media: Array<PublishMedia>) {
	if (media.some((item) => item.kind === 'document')) return false
	return Boolean(descriptor.media.carousel?.mixed) || media.every((item) => item.kind === 'image')
}

/** The item's alt text where the network takes one (descriptor `media.altText`), else null; blank counts as none. */
export function altTextFor(descriptor: Pick<PlatformDescriptor, 'media'>, item: PublishMedia): string | null {
	if (!descriptor.media.altText) return null
	const text = item.altText?.trim()
	return text ? text : null
}
