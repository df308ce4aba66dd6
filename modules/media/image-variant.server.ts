import { createHash } from 'node:crypto'
import sharp, { type Sharp } from 'sharp'
import type { FileStore } from '#modules/core/files.server.ts'
import { imageSize } from './image-size.ts'
import { aspectOf, cropBox, padBox, sameAspect, targetAspect, withinPixels, type ImageFit, type RatioRange, type Size } from './image-fit.ts'

// A post's image as a network takes it (ADR 0065): an accepted format (JPEG), under its bytes and
// pixels, in its aspect range or a carousel's common aspect (cropped or padded). Made at send time,
// stored as a variant keyed by the source and the rule (a rerun finds or replaces it, never adds one),
// streamed from the store through sharp (libuv threads) back into the store. The XMP (the AI label of
// generated images, ADR 0052) is kept; nothing else of the source's metadata.

/** What a network asks of an image (from its descriptor) and the post's choice for a carousel. */
export type ImageRule = {
	formats: ReadonlyArray<string>
	maxBytes: number
	maxPixels: number | null
	ratio: RatioRange
	/** The carousel's common aspect where the network shows every item in the first one's; null: the image's own. */
	common: number | null
	fit: ImageFit
}

/** A stored image and what is known of it (null: not known; read from the file). */
export type ImageSource = { key: string; contentType: string | null; sizeBytes: number | null; width: number | null; height: number | null }

export type PreparedImage = { key: string; width: number; height: number; converted: boolean }

const MAX_INPUT_PIXELS = 50_000_000
/** JPEG quality steps until the file is under the network's bytes; then the pixels are halved, twice at most. */
const QUALITY_STEPS = [88, 80, 72, 64, 56]
const SHRINK_STEPS = 2
const PAD_BACKGROUND = { r: 255, g: 255, b: 255 }

/** The store key of a source's variant for a rule: the same source and rule, the same key. */
export function variantKeyOfImage(sourceKey: string, rule: ImageRule) {
	const hash = createHash('sha256').update(JSON.stringify([sourceKey, rule.formats, rule.maxBytes, rule.maxPixels, rule.ratio, rule.common, rule.fit])).digest('hex')
	return `images/variants/${hash.slice(0, 40)}.jpg`
}

/** The size the image is sent in, before any pixel limit. */
function shapedSize(size: Size, rule: ImageRule) {
	const aspect = targetAspect(size, rule.ratio, rule.common)
	if (sameAspect(aspectOf(size), aspect)) return { aspect, size }
	return { aspect, size: rule.fit === 'pad' ? padBox(size, aspect).canvas : cropBox(size, aspect) }
}

/** Whether the stored file is already what the network takes (all figures known and within the rule). */
function fitsAsItIs(source: ImageSource, rule: ImageRule) {
	const { contentType, sizeBytes, width, height } = source
	if (!contentType || sizeBytes === null || !width || !height) return false
	const size = { width, height }
	const pixels = rule.maxPixels === null || width * height <= rule.maxPixels
	return rule.formats.includes(contentType) && sizeBytes <= rule.maxBytes && pixels && sameAspect(aspectOf(size), targetAspect(size, rule.ratio, rule.common))
}

/**
 * The image as the network takes it: the source itself when it fits, else its variant (made now, or
 * found from an earlier run). A network that takes no JPEG gets the source (no descriptor says so today).
 */
export async function prepareImage(files: FileStore, source: ImageSource, rule: ImageRule): Promise<PreparedImage> {
	if (fitsAsItIs(source, rule) || !rule.formats.includes('image/jpeg')) return { key: source.key, width: source.width ?? 0, height: source.height ?? 0, converted: false }
	const key = variantKeyOfImage(source.key, rule)
	if (source.width && source.height) {
		const existing = await files.getStream(key)
		if (existing) {
			existing.body.destroy()
			if (existing.total <= rule.maxBytes) return { key, ...withinPixels(shapedSize({ width: source.width, height: source.height }, rule).size, rule.maxPixels), converted: true }
		}
	}
	return { key, ...(await writeVariant(files, source.key, key, rule)), converted: true }
}

const HEADER_BYTES = 128 * 1024

/** Width and height of a stored image from its header (nothing decoded); null when it names none in its first 128 KiB. */
export async function storedImageSize(files: FileStore, key: string): Promise<Size | null> {
	const stored = await files.getStream(key, { start: 0, end: HEADER_BYTES - 1 })
	if (!stored) return null
	const chunks: Array<Buffer> = []
	for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array))
	return imageSize(Buffer.concat(chunks))
}

/** The stored file streamed into sharp (which holds it once, decoded in libuv's threads), turned upright. */
async function readStored(files: FileStore, key: string): Promise<Sharp> {
	const stored = await files.getStream(key)
	if (!stored) throw new Error(`stored image ${key} is missing`)
	const image = sharp({ failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true, pages: 1, page: 0 })
	stored.body.on('error', (error) => image.destroy(error))
	return stored.body.pipe(image)
}

/**
 * Streams the source through sharp into the variant, lowering the quality (then the pixels) until it
 * is under the bytes. The geometry is the upright file's, as sharp reads it on the same pass.
 */
async function writeVariant(files: FileStore, sourceKey: string, key: string, rule: ImageRule): Promise<Size> {
	let scale = 1
	for (let shrink = 0; shrink <= SHRINK_STEPS; shrink += 1) {
		for (const quality of QUALITY_STEPS) {
			const image = await readStored(files, sourceKey)
			const size = (await image.metadata()).autoOrient
			const { aspect, size: shaped } = shapedSize(size, rule)
			const fitted = withinPixels(shaped, rule.maxPixels)
			const out = { width: Math.max(1, Math.round(fitted.width * scale)), height: Math.max(1, Math.round(fitted.height * scale)) }
			const { bytes } = await files.putStream(key, shapeImage(image, size, aspect, out, rule.fit).keepXmp().jpeg({ quality }), 'image/jpeg')
			if (bytes <= rule.maxBytes) return out
		}
		scale /= Math.SQRT2
	}
	throw new Error(`image ${sourceKey} stays over ${rule.maxBytes} bytes`)
}

/**
 * Crop or pad to `aspect` with the same centre boxes as the editor's preview, at `out`. sharp cuts
 * (extract before resize) before it scales and extends after it, so a pad scales the image first.
 */
function shapeImage(image: Sharp, size: Size, aspect: number, out: Size, fit: ImageFit): Sharp {
	const flat = image.flatten({ background: PAD_BACKGROUND })
	if (sameAspect(aspectOf(size), aspect)) return flat.resize(out.width, out.height, { fit: 'fill' })
	if (fit === 'crop') return flat.extract(cropBox(size, aspect)).resize(out.width, out.height, { fit: 'fill' })
	const scale = out.width / padBox(size, aspect).canvas.width
	const width = Math.max(1, Math.min(out.width, Math.round(size.width * scale)))
	const height = Math.max(1, Math.min(out.height, Math.round(size.height * scale)))
	const left = Math.floor((out.width - width) / 2)
	const top = Math.floor((out.height - height) / 2)
	return flat.resize(width, height, { fit: 'fill' }).extend({ top, left, bottom: out.height - height - top, right: out.width - width - left, background: PAD_BACKGROUND })
}
