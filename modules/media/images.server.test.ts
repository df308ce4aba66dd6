import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { MB } from './kinds.ts'
import type { InputErrorCode } from './errors.ts'
import { fitJpeg, labelAsAiGenerated, readImage, reencodeImage } from './images.server.ts'
import { sniff } from './sniff.ts'

const solid = (width: number, height: number, background: string | { r: number; g: number; b: number; alpha: number }) =>
	sharp({ create: { width, height, channels: 4, background } })

async function refusal(file: { name: string; bytes: Uint8Array }): Promise<InputErrorCode | 'accepted'> {
	try {
		await readImage(file)
		return 'accepted'
	} catch (error) {
		return (error as { code: InputErrorCode }).code
	}
}

async function pixel(jpeg: Uint8Array, x: number, y: number) {
	const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true })
	const at = (y * info.width + x) * info.channels
	return [data[at]!, data[at + 1]!, data[at + 2]!]
}

describe('readImage', () => {
	test('png, webp and gif become JPEG in their own size', async () => {
		for (const format of ['png', 'webp', 'gif'] as const) {
			const bytes = await solid(320, 200, '#3366cc').toFormat(format).toBuffer()
			const image = await readImage({ name: `bild.${format}`, bytes })
			expect(image.contentType).toBe('image/jpeg')
			expect(sniff(image.jpeg)).toBe('jpeg')
			expect([image.width, image.height]).toEqual([320, 200])
			const meta = await sharp(image.jpeg).metadata()
			expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 200])
		}
	})

	test('large images are scaled to 2048 px on the long side, small ones are not enlarged', async () => {
		const tall = await readImage({ name: 'hoch.png', bytes: await solid(1000, 3000, '#808080').png().toBuffer() })
		expect([tall.width, tall.height]).toEqual([683, 2048])
		const small = await readImage({ name: 'klein.jpg', bytes: await solid(40, 30, '#808080').jpeg().toBuffer() })
		expect([small.width, small.height]).toEqual([40, 30])
	})

	test('transparency is flattened onto white', async () => {
		const bytes = await solid(10, 10, { r: 0, g: 0, b: 0, alpha: 0 }).png().toBuffer()
		const image = await readImage({ name: 'transparent.png', bytes })
		for (const channel of await pixel(image.jpeg, 5, 5)) expect(channel).toBeGreaterThan(250)
	})

	test('EXIF orientation is applied and metadata removed', async () => {
		// Stored 300x100 with orientation 6 (rotate 90° clockwise to display): shown as 100x300.
		const bytes = await solid(300, 100, '#aa3311').jpeg().withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Geheim GmbH' } } }).toBuffer()
		expect((await sharp(bytes).metadata()).orientation).toBe(6)
		const image = await readImage({ name: 'handy.jpg', bytes })
		expect([image.width, image.height]).toEqual([100, 300])
		const meta = await sharp(image.jpeg).metadata()
		expect(meta.orientation).toBeUndefined()
		expect(meta.exif).toBeUndefined()
		expect(meta.icc).toBeUndefined()
	})

	test('the first frame of an animated gif', async () => {
		const frames = await Promise.all(['#ff0000', '#0000ff', '#00ff00'].map((colour) => solid(20, 20, colour).png().toBuffer()))
		const threePages = await sharp(frames, { join: { animated: true } }).gif().toBuffer()
		expect((await sharp(threePages).metadata()).pages).toBe(3)
		const image = await readImage({ name: 'animiert.gif', bytes: threePages })
		expect([image.width, image.height]).toEqual([20, 20])
		const [red, , blue] = await pixel(image.jpeg, 10, 10)
		expect(red).toBeGreaterThan(200)
		expect(blue).toBeLessThan(60)
	})

	test('over 10 MB is refused', async () => {
		const big = new Uint8Array(11 * MB)
		big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
		expect(await refusal({ name: 'riesig.png', bytes: big })).toBe('image_too_large')
	})

	test('anything but a decodable png, jpeg, gif or webp is refused as image_type', async () => {
		expect(await refusal({ name: 'notiz.png', bytes: new TextEncoder().encode('Das ist kein Bild.') })).toBe('image_type')
		expect(await refusal({ name: 'logo.png', bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>') })).toBe(
			'image_type',
		)
		const tiff = await solid(10, 10, '#000000').tiff().toBuffer()
		expect(await refusal({ name: 'scan.jpg', bytes: tiff })).toBe('image_type')
		const png = await solid(64, 64, '#123456').png().toBuffer()
		const broken = new Uint8Array(png.subarray(0, 60))
		expect(await refusal({ name: 'kaputt.png', bytes: broken })).toBe('image_type')
		expect(await refusal({ name: 'leer.png', bytes: new Uint8Array() })).toBe('image_type')
	})

	test('more than 50 megapixels is refused before decoding', async () => {
		// An 8000x8000 PNG of one colour is small on disk.
		const huge = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 9 }).toBuffer()
		expect(huge.length).toBeLessThan(MB)
		expect(await refusal({ name: 'pixelbombe.png', bytes: huge })).toBe('image_type')
	})
})

describe('fitJpeg and labelAsAiGenerated', () => {
	test('fitJpeg center-crops to 1080x1080 and 1600x900', async () => {
		// Left third red, middle blue, right third green: the square crop keeps the middle.
		const wide = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#ff0000' } })
			.composite([
				{ input: { create: { width: 300, height: 300, channels: 3, background: '#0000ff' } }, left: 300, top: 0 },
				{ input: { create: { width: 300, height: 300, channels: 3, background: '#00ff00' } }, left: 600, top: 0 },
			])
			.png()
			.toBuffer()
		const square = await fitJpeg(wide, '1:1')
		expect(sniff(square)).toBe('jpeg')
		const squareMeta = await sharp(square).metadata()
		expect([squareMeta.width, squareMeta.height]).toEqual([1080, 1080])
		const [red, , blue] = await pixel(square, 540, 540)
		expect(blue).toBeGreaterThan(200)
		expect(red).toBeLessThan(60)
		const landscape = await sharp(await fitJpeg(await solid(500, 1000, '#00ff00').webp().toBuffer(), '16:9')).metadata()
		expect([landscape.format, landscape.width, landscape.height]).toEqual(['jpeg', 1600, 900])
	})

	test('labelAsAiGenerated writes a JPEG in the image\'s own size and refuses what is not an image', async () => {
		const webp = await solid(640, 360, { r: 10, g: 20, b: 30, alpha: 0.5 }).webp().toBuffer()
		const jpeg = await labelAsAiGenerated(webp)
		const meta = await sharp(jpeg).metadata()
		expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 640, 360])
		await expect(labelAsAiGenerated(new TextEncoder().encode('kein Bild'))).rejects.toMatchObject({ code: 'image_type' })
		await expect(fitJpeg(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'), '1:1')).rejects.toMatchObject({
			code: 'image_type',
		})
	})
})

describe('reencodeImage', () => {
	test('keeps the format and size, drops metadata and anything appended to the file', async () => {
		const tagged = await solid(40, 30, '#336699').jpeg().withExif({ IFD0: { Artist: 'Standort-Geheimnis' } }).toBuffer()
		const jpeg = await reencodeImage(new Uint8Array(tagged))
		expect(jpeg.format).toBe('jpeg')
		const meta = await sharp(jpeg.bytes).metadata()
		expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 40, 30, undefined])
		expect(Buffer.from(jpeg.bytes).includes('Standort-Geheimnis')).toBe(false)
		const png = await solid(8, 8, '#ff0000').png().toBuffer()
		const polyglot = new Uint8Array([...png, ...new TextEncoder().encode('<script>alert(1)</script>')])
		const again = await reencodeImage(polyglot)
		expect(again.format).toBe('png')
		expect(Buffer.from(again.bytes).includes('<script>')).toBe(false)
		expect((await reencodeImage(new Uint8Array(await solid(8, 8, '#00ff00').webp().toBuffer()))).format).toBe('webp')
	})

	test('refuses what is not a PNG, JPEG or WebP by content, pixel floods and files over 10 MB', async () => {
		const code = (bytes: Uint8Array) => reencodeImage(bytes).then(() => 'accepted', (error: { code: InputErrorCode }) => error.code)
		expect(await code(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBe('image_type')
		expect(await code(new Uint8Array(await solid(8, 8, '#000').gif().toBuffer()))).toBe('image_type')
		const huge = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 9 }).toBuffer()
		expect(await code(new Uint8Array(huge))).toBe('image_type')
		expect(await code(new Uint8Array(10 * MB + 1))).toBe('image_too_large')
	})
})
