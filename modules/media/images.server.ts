import sharp, { type Sharp } from 'sharp'
import { AI_LABEL_XMP } from './ai-label.server.ts'
import { IMAGE_MAX_BYTES } from './kinds.ts'
import { InputError } from './errors.ts'
import { isImageType, sniff } from './sniff.ts'

const MAX_INPUT_PIXELS = 50_000_000
const LONG_SIDE_MAX = 2048
const JPEG_QUALITY = 88
const WHITE = { r: 255, g: 255, b: 255 }
const FIT_SIZES = { '1:1': { width: 1080, height: 1080 }, '16:9': { width: 1600, height: 900 } } as const
// Raster formats only: sharp would also render SVG, which is not an image upload here.
const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'])

export type ReadImage = { jpeg: Uint8Array; width: number; height: number; contentType: 'image/jpeg' }

/** An uploaded PNG, JPEG, GIF (first frame) or WebP as an upright JPEG without metadata, at most 2048 px long. */
export async function readImage(file: { name: string; bytes: Uint8Array }): Promise<ReadImage> {
	if (file.bytes.length > IMAGE_MAX_BYTES) throw new InputError('image_too_large')
	if (!isImageType(sniff(file.bytes))) throw new InputError('image_type')
	const { data, info } = await convert(file.bytes, (image) =>
		image.resize({ width: LONG_SIDE_MAX, height: LONG_SIDE_MAX, fit: 'inside', withoutEnlargement: true }),
	)
	return { jpeg: data, width: info.width, height: info.height, contentType: 'image/jpeg' }
}

/** Center-crops and resizes an image to the 1080x1080 (Instagram) or 1600x900 post image. */
export async function fitJpeg(bytes: Uint8Array, aspect: '1:1' | '16:9'): Promise<Uint8Array> {
	const { width, height } = FIT_SIZES[aspect]
	const { data } = await convert(bytes, (image) => image.resize(width, height, { fit: 'cover', position: 'centre' }))
	return data
}

/**
 * A generated image (a provider's JPEG, WebP or PNG) as JPEG in its own size, carrying the AI label
 * (ai-label.server.ts) as its only metadata. A provider's JPEG is encoded once more, at the store's
 * quality; any other format (WebP, PNG) is encoded once. Only for images a model made.
 */
export async function labelAsAiGenerated(bytes: Uint8Array): Promise<Uint8Array> {
	const { data } = await convert(bytes, (image) => image, { xmp: AI_LABEL_XMP })
	return data
}

/**
 * An uploaded PNG, JPEG or WebP written again in its own format and size (EXIF-rotated, first frame,
 * metadata such as GPS dropped, nothing appended to the file survives); for uploads kept as they
 * are shown, e.g. a model test's reference image. Judged by content: anything else is image_type.
 */
export async function reencodeImage(bytes: Uint8Array): Promise<{ bytes: Uint8Array; format: 'png' | 'jpeg' | 'webp' }> {
	if (bytes.length > IMAGE_MAX_BYTES) throw new InputError('image_too_large')
	const sniffed = sniff(bytes)
	if (sniffed !== 'png' && sniffed !== 'jpeg' && sniffed !== 'webp') throw new InputError('image_type')
	try {
		const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true, pages: 1, page: 0 })
		const { format } = await image.metadata()
		if (format !== sniffed) throw new Error(`content is ${format}, not ${sniffed}`)
		const out = sniffed === 'png' ? image.png() : sniffed === 'webp' ? image.webp({ quality: JPEG_QUALITY }) : image.jpeg({ quality: JPEG_QUALITY })
		return { bytes: new Uint8Array(await out.toBuffer()), format: sniffed }
	} catch (error) {
		throw new InputError('image_type', { cause: error })
	}
}

/**
 * Decodes (first frame, EXIF-rotated), flattens onto white and writes a JPEG; sharp drops all metadata
 * by default, so the output carries only `xmp` when given.
 */
async function convert(bytes: Uint8Array, shape: (image: Sharp) => Sharp, metadata: { xmp?: string } = {}) {
	try {
		const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true, pages: 1, page: 0 })
		const { format } = await image.metadata()
		if (!RASTER_FORMATS.has(format)) throw new Error(`not a raster image: ${format}`)
		const shaped = shape(image.flatten({ background: WHITE }))
		return await (metadata.xmp ? shaped.withXmp(metadata.xmp) : shaped).jpeg({ quality: JPEG_QUALITY }).toBuffer({ resolveWithObject: true })
	} catch (error) {
		throw new InputError('image_type', { cause: error })
	}
}
