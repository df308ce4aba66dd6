import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { AI_LABEL_XMP, IPTC_EXT_NAMESPACE, TRAINED_ALGORITHMIC_MEDIA, isLabelledAiGenerated, xmpHasAiLabel } from './ai-label.server.ts'
import { labelAsAiGenerated, readImage } from './images.server.ts'
import { sniff } from './sniff.ts'

/** A 320x200 picture with gradients and edges, so that a second JPEG encode would show. */
async function generatedJpeg(format: 'jpeg' | 'png' | 'webp' = 'jpeg') {
	const [width, height] = [320, 200]
	const pixels = Buffer.alloc(width * height * 3)
	for (let y = 0; y < height; y++)
		for (let x = 0; x < width; x++) {
			const at = (y * width + x) * 3
			const stripe = (Math.floor(x / 40) + Math.floor(y / 40)) % 2 === 0
			pixels[at] = Math.round((x / width) * 255)
			pixels[at + 1] = stripe ? 200 : 40
			pixels[at + 2] = Math.round((y / height) * 255)
		}
	const image = sharp(pixels, { raw: { width, height, channels: 3 } })
	return new Uint8Array(await (format === 'jpeg' ? image.jpeg({ quality: 88 }) : image.toFormat(format)).toBuffer())
}

async function meanDifference(a: Uint8Array, b: Uint8Array) {
	const [left, right] = await Promise.all([a, b].map((bytes) => sharp(bytes).raw().toBuffer()))
	let sum = 0
	for (let i = 0; i < left!.length; i++) sum += Math.abs(left![i]! - right![i]!)
	return sum / left!.length
}

describe('labelAsAiGenerated', () => {
	test('writes the IPTC digital source type trainedAlgorithmicMedia into the XMP', async () => {
		const labelled = await labelAsAiGenerated(await generatedJpeg())
		const { xmpAsString } = await sharp(labelled).metadata()
		expect(xmpAsString).toContain(`xmlns:Iptc4xmpExt="${IPTC_EXT_NAMESPACE}"`)
		expect(xmpAsString).toContain(`<Iptc4xmpExt:DigitalSourceType>${TRAINED_ALGORITHMIC_MEDIA}</Iptc4xmpExt:DigitalSourceType>`)
		expect(await isLabelledAiGenerated(labelled)).toBe(true)
	})

	test('keeps the size and the pixels (one more encode at the same quality), and nothing else of the metadata', async () => {
		const original = await generatedJpeg()
		const labelled = await labelAsAiGenerated(original)
		const meta = await sharp(labelled).metadata()
		expect([sniff(labelled), meta.width, meta.height, meta.channels]).toEqual(['jpeg', 320, 200, 3])
		expect([meta.exif, meta.icc, meta.iptc]).toEqual([undefined, undefined, undefined])
		// A second encode at quality 88: hard stripes move by ~2 of 255 on average (the offline card by 0.25).
		expect(await meanDifference(original, labelled)).toBeLessThan(2.55)
		// The label costs a few hundred bytes, not a larger encode.
		expect(labelled.byteLength).toBeLessThan(original.byteLength * 1.1 + 1024)
	})

	test("a provider's PNG or WebP becomes a labelled JPEG in its own size", async () => {
		for (const format of ['png', 'webp'] as const) {
			const labelled = await labelAsAiGenerated(await generatedJpeg(format))
			const meta = await sharp(labelled).metadata()
			expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 200])
			expect(await isLabelledAiGenerated(labelled)).toBe(true)
		}
	})

	test('refuses what is not an image', async () => {
		await expect(labelAsAiGenerated(new TextEncoder().encode('kein Bild'))).rejects.toMatchObject({ code: 'image_type' })
	})
})

describe('isLabelledAiGenerated', () => {
	test('an uploaded image, a plain JPEG and what is no image carry no label', async () => {
		const uploaded = await readImage({ name: 'foto.jpg', bytes: await labelAsAiGenerated(await generatedJpeg()) })
		expect(await isLabelledAiGenerated(uploaded.jpeg)).toBe(false)
		expect(await isLabelledAiGenerated(await generatedJpeg())).toBe(false)
		expect(await isLabelledAiGenerated(new TextEncoder().encode('kein Bild'))).toBe(false)
	})

	test('reads the property in element or attribute form under any prefix, and only that term', () => {
		expect(xmpHasAiLabel(AI_LABEL_XMP)).toBe(true)
		const attribute = `<rdf:Description xmlns:ext="${IPTC_EXT_NAMESPACE}" ext:DigitalSourceType="${TRAINED_ALGORITHMIC_MEDIA}"/>`
		expect(xmpHasAiLabel(attribute)).toBe(true)
		expect(xmpHasAiLabel(AI_LABEL_XMP.replace('trainedAlgorithmicMedia', 'digitalCapture'))).toBe(false)
		expect(xmpHasAiLabel(AI_LABEL_XMP.replace(IPTC_EXT_NAMESPACE, 'http://example.com/other/'))).toBe(false)
	})
})
