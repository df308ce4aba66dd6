// Pure and shared with the browser (ADR 0065): the geometry of an image made to a network's aspect.
// 'crop' cuts the centre out (what Instagram itself does to a carousel's other items), 'pad' puts the
// whole image on a canvas of the aspect. The server cuts and pads with exactly these boxes; the editor's
// preview shows the same centre geometry with CSS (object-fit cover / contain in an aspect-ratio box).

export const IMAGE_FITS = ['crop', 'pad'] as const
export type ImageFit = (typeof IMAGE_FITS)[number]

/** Width over height; a network's range of them (descriptor `images.ratio`). */
export type RatioRange = { min: number; max: number }
/** A rectangle in pixels: where to cut (crop) or where the image sits on the canvas (pad). */
export type Box = { left: number; top: number; width: number; height: number }
export type Size = { width: number; height: number }

/** Two aspects this close count as one (1080 × 1350 is 4:5 even where the figure is 0.8). */
export const ASPECT_TOLERANCE = 0.005

export const aspectOf = ({ width, height }: Size) => width / height

/** `aspect` moved into `range` (the nearest end when outside). */
export function clampAspect(aspect: number, range: RatioRange) {
	return Math.min(range.max, Math.max(range.min, aspect))
}

export const sameAspect = (a: number, b: number) => Math.abs(a - b) <= ASPECT_TOLERANCE

/**
 * The aspect an image is sent in: a carousel's common one where the network shows every item in the
 * first one's (`common`, itself clamped), else the image's own clamped into the network's range.
 */
export function targetAspect(size: Size, range: RatioRange, common: number | null = null) {
	return clampAspect(common ?? aspectOf(size), range)
}

/** The largest centred part of `size` in `aspect` (whole pixels, at least 1). */
export function cropBox(size: Size, aspect: number): Box {
	if (aspectOf(size) > aspect) {
		const width = Math.max(1, Math.min(size.width, Math.round(size.height * aspect)))
		return { left: Math.floor((size.width - width) / 2), top: 0, width, height: size.height }
	}
	const height = Math.max(1, Math.min(size.height, Math.round(size.width / aspect)))
	return { left: 0, top: Math.floor((size.height - height) / 2), width: size.width, height }
}

/** The smallest canvas in `aspect` that holds all of `size`, and where the image sits on it (centred). */
export function padBox(size: Size, aspect: number): { canvas: Size; image: Box } {
	const canvas = aspectOf(size) > aspect ? { width: size.width, height: Math.max(size.height, Math.round(size.width / aspect)) } : { width: Math.max(size.width, Math.round(size.height * aspect)), height: size.height }
	return { canvas, image: { left: Math.floor((canvas.width - size.width) / 2), top: Math.floor((canvas.height - size.height) / 2), ...size } }
}

/** `size` scaled down (never up, aspect kept) to at most `maxPixels` pixels; null: no limit. */
export function withinPixels(size: Size, maxPixels: number | null): Size {
	if (maxPixels === null || size.width * size.height <= maxPixels) return size
	const scale = Math.sqrt(maxPixels / (size.width * size.height))
	// Floors keep the product under the limit; the aspect moves by less than a pixel.
	return { width: Math.max(1, Math.floor(size.width * scale)), height: Math.max(1, Math.floor(size.height * scale)) }
}

/** The size an image of `size` has once made to `aspect` by `fit`. */
export function fittedSize(size: Size, aspect: number, fit: ImageFit): Size {
	if (sameAspect(aspectOf(size), aspect)) return size
	if (fit === 'pad') return padBox(size, aspect).canvas
	const { width, height } = cropBox(size, aspect)
	return { width, height }
}

/** What a network does to an image of a carousel: nothing, or crops / pads it to the common aspect (the editor's note). */
export function carouselChange(size: Size, common: number): 'none' | 'reshaped' {
	return sameAspect(aspectOf(size), common) ? 'none' : 'reshaped'
}

/** An aspect as the editor names it: '4:5', '1:1', '16:9' where it is one of the usual ones, else '1,91:1'. */
export function aspectLabel(aspect: number) {
	const usual: Array<[number, number]> = [[1, 1], [4, 5], [5, 4], [3, 4], [4, 3], [2, 3], [3, 2], [9, 16], [16, 9]]
	const found = usual.find(([w, h]) => sameAspect(w / h, aspect))
	if (found) return `${found[0]}:${found[1]}`
	return `${(Math.round(aspect * 100) / 100).toString().replace('.', ',')}:1`
}
