// Pure and shared with the browser: an image's width and height from its header bytes (PNG, JPEG,
// GIF, WebP), without decoding it. The publishing preflight checks the aspect and pixels with it.

export type ImageSize = { width: number; height: number }

export function imageSize(bytes: Uint8Array): ImageSize | null {
	if (bytes.length < 24) return null
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	const ascii = (at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length))
	if (view.getUint32(0) === 0x89504e47 && ascii(12, 4) === 'IHDR') return { width: view.getUint32(16), height: view.getUint32(20) }
	if (ascii(0, 4) === 'GIF8') return { width: view.getUint16(6, true), height: view.getUint16(8, true) }
	if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') return webpSize(view, ascii(12, 4), bytes.length)
	if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(view)
	return null
}

function webpSize(view: DataView, chunk: string, length: number): ImageSize | null {
	if (chunk === 'VP8 ' && length >= 30) return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff }
	if (chunk === 'VP8L' && length >= 25) {
		const bits = view.getUint32(21, true)
		return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
	}
	if (chunk === 'VP8X' && length >= 30) {
		const width = 1 + (view.getUint8(24) | (view.getUint8(25) << 8) | (view.getUint8(26) << 16))
		const height = 1 + (view.getUint8(27) | (view.getUint8(28) << 8) | (view.getUint8(29) << 16))
		return { width, height }
	}
	return null
}

// The frame header (SOF0-SOF15 except DHT, JPG and DAC) holds the size; every other segment is skipped by its length.
function jpegSize(view: DataView): ImageSize | null {
	let at = 2
	while (at + 9 < view.byteLength) {
		if (view.getUint8(at) !== 0xff) return null
		const marker = view.getUint8(at + 1)
		if (marker === 0xff) {
			at += 1
			continue
		}
		if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
			return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) }
		}
		at += 2 + view.getUint16(at + 2)
	}
	return null
}
