import type { PlatformDescriptor } from './descriptor.ts'
import { PlatformError, type PublishContent, type PublishMedia } from './ports.ts'

// What every adapter checks of a post's media before it sends anything (ADR 0053): the count its
// network takes and the alt text's length. The preflight says the same earlier, with German wording;
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
 * The items to send, checked against the descriptor: at most `carousel.maxItems` (one without a
 * carousel) and `maxItems` (a server's own limit) where given; an alt text within `altText.maxLength`.
 * Throws PlatformError 'invalid_request' ('carousel_too_many', 'alt_text_too_long').
 */
export function checkedMedia(descriptor: Pick<PlatformDescriptor, 'name' | 'media'>, content: PublishContent, maxItems: number | null = null): Array<PublishMedia> {
	const { media } = content
	const limit = Math.min(descriptor.media.carousel?.maxItems ?? 1, maxItems ?? Number.POSITIVE_INFINITY)
	if (media.length > limit) {
		throw new PlatformError({ kind: 'invalid_request', code: 'carousel_too_many', message: `${media.length} items, ${descriptor.name} takes at most ${limit}` })
	}
	const maxLength = descriptor.media.altText?.maxLength
	const long = maxLength ? media.findIndex((item) => item.altText && altTextLength(item.altText) > maxLength) : -1
	if (long >= 0) {
		throw new PlatformError({ kind: 'invalid_request', code: 'alt_text_too_long', message: `item ${long + 1}: alt text over ${maxLength} characters` })
	}
	return media
}

/** The item's alt text where the network takes one (descriptor `media.altText`), else null; blank counts as none. */
export function altTextFor(descriptor: Pick<PlatformDescriptor, 'media'>, item: PublishMedia): string | null {
	if (!descriptor.media.altText) return null
	const text = item.altText?.trim()
	return text ? text : null
}
