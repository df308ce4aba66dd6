import type { PlatformView } from './descriptor.ts'

// The media figures every network of a list shares, pure and light (the browser's media strip reads them
// too, without descriptor.ts's text counting).

/** The longest alt text every network that takes one accepts (the smallest `media.altText.maxLength`); null: none takes alt text. */
export function altTextLimit(descriptors: ReadonlyArray<Pick<PlatformView, 'media'>>): number | null {
	const limits = descriptors.flatMap((d) => (d.media.altText ? [d.media.altText.maxLength] : []))
	return limits.length ? Math.min(...limits) : null
}
