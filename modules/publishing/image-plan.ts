import { aspectOf, clampAspect, sameAspect, targetAspect, type ImageFit } from '#modules/media/image-fit.ts'
import type { PlatformDescriptor } from './descriptor.ts'

// Pure and shared with the browser (ADR 0065): what a network's images become when they are sent, from
// its descriptor and the post's carousel choice. The publisher makes the files so; the editor's strip
// shows the same (a preview per image and a German note).

export type ImagePlanRules = Pick<PlatformDescriptor, 'images' | 'media'>
export type PlannedItem = { kind: string; width: number | null; height: number | null; contentType: string | null; sizeBytes: number | null }

/** What happens to one image on its way to the network. */
export type ImageChange = {
	/** The aspect it is sent in; null: not known (no size). */
	aspect: number | null
	/** Cut or padded to that aspect; null: its own aspect is kept. */
	reshape: ImageFit | null
	/** Written again as JPEG (another format, or over the network's bytes or pixels). */
	convert: boolean
}

/**
 * The aspect every item of a carousel is shown in where the network requires one (descriptor
 * `carousel.sameAspect`): the first item's, within the network's range; null for one item, a network
 * without the rule, or a first item of unknown size.
 */
export function carouselAspect(rules: ImagePlanRules, items: ReadonlyArray<PlannedItem>): number | null {
	const first = items[0]
	if (!rules.media.carousel?.sameAspect || items.length < 2 || !first?.width || !first.height) return null
	return clampAspect(aspectOf({ width: first.width, height: first.height }), rules.images.ratio)
}

/** Per item (null for a video or document): the change the network's rules and the post's choice make to it. */
export function imageChanges(rules: ImagePlanRules, items: ReadonlyArray<PlannedItem>, fit: ImageFit): Array<ImageChange | null> {
	const common = carouselAspect(rules, items)
	const { images } = rules
	return items.map((item) => {
		if (item.kind !== 'image') return null
		const size = item.width && item.height ? { width: item.width, height: item.height } : null
		const aspect = size ? targetAspect(size, images.ratio, common) : null
		const reshape = size && aspect !== null && !sameAspect(aspectOf(size), aspect) ? fit : null
		const tooMany = size !== null && images.maxPixels !== null && size.width * size.height > images.maxPixels
		const convert = (item.contentType !== null && !images.formats.includes(item.contentType)) || (item.sizeBytes !== null && item.sizeBytes > images.maxBytes) || tooMany
		return { aspect, reshape, convert }
	})
}
