import sharp from 'sharp'
import { expect, test } from 'vitest'
import { imageSize } from './image-size.ts'

const blank = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 100, b: 50 } } })

test.each(['png', 'jpeg', 'gif', 'webp'] as const)('reads the width and height of a %s from its header', async (format) => {
	const bytes = new Uint8Array(await blank(1080, 1350).toFormat(format).toBuffer())
	expect(imageSize(bytes)).toEqual({ width: 1080, height: 1350 })
})

test('a lossless WebP and a JPEG with EXIF data in front of the frame', async () => {
	expect(imageSize(new Uint8Array(await blank(640, 360).webp({ lossless: true }).toBuffer()))).toEqual({ width: 640, height: 360 })
	expect(imageSize(new Uint8Array(await blank(300, 200).jpeg().withMetadata({ orientation: 1 }).toBuffer()))).toEqual({ width: 300, height: 200 })
})

test('anything else is not known', () => {
	expect(imageSize(new TextEncoder().encode('kein Bild, nur ein Text mit genug Zeichen'))).toBeNull()
	expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull()
})
