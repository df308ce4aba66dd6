// Pure and shared with the browser: what a file is, judged by its content only (never by its
// name or the browser's content type, which the user controls).

export type SniffedType = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'wav' | 'docx' | 'doc' | 'mp4' | 'webm' | 'svg' | 'text'

export type ImageType = 'png' | 'jpeg' | 'gif' | 'webp'

export function isImageType(type: SniffedType | null): type is ImageType {
	return type === 'png' || type === 'jpeg' || type === 'gif' || type === 'webp'
}

export type ImageMimeType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'

/** The MIME type of a raster image by its content (PNG, JPEG, GIF, WebP); null for anything else. */
export function imageMimeType(bytes: Uint8Array): ImageMimeType | null {
	const type = sniff(bytes)
	return isImageType(type) ? `image/${type}` : null
}

/** How much of a file the text check looks at. */
const TEXT_SAMPLE_BYTES = 64 * 1024

// ISO base media files that are still images, not videos.
const IMAGE_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'])

export function sniff(bytes: Uint8Array): SniffedType | null {
	if (bytes.length === 0) return null
	if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'
	if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
	if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
	if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif'
	if (ascii(bytes, 0, 4) === 'RIFF') {
		const form = ascii(bytes, 8, 4)
		if (form === 'WEBP') return 'webp'
		if (form === 'WAVE') return 'wav'
		return null
	}
	if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return isDocx(bytes) ? 'docx' : null
	if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc'
	if (ascii(bytes, 4, 4) === 'ftyp') return IMAGE_BRANDS.has(ascii(bytes, 8, 4)) ? null : 'mp4'
	if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm'
	if (isSvg(bytes)) return 'svg'
	if (isText(bytes)) return 'text'
	return null
}

export type ZipEntry = {
	name: string
	/** 0 stored, 8 deflate. */
	method: number
	compressedSize: number
	/** As the archive claims it; an archive can lie. */
	uncompressedSize: number
	localHeaderOffset: number
}

const MAX_ZIP_ENTRIES = 10_000

/** The entries of a zip's central directory, or null when there is none to read (truncated, zip64, not a zip). */
export function zipEntries(bytes: Uint8Array): Array<ZipEntry> | null {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	// The end-of-central-directory record sits in the last 22 bytes plus a comment of up to 64 KB.
	let end = -1
	for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
		if (view.getUint32(at, true) === 0x06054b50) {
			end = at
			break
		}
	}
	if (end < 0) return null
	const count = view.getUint16(end + 10, true)
	const directoryOffset = view.getUint32(end + 16, true)
	if (count === 0xffff || directoryOffset === 0xffffffff || count > MAX_ZIP_ENTRIES) return null
	const names = new TextDecoder()
	const entries: Array<ZipEntry> = []
	let at = directoryOffset
	for (let index = 0; index < count; index++) {
		if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null
		const nameLength = view.getUint16(at + 28, true)
		const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
		if (next > bytes.length) return null
		entries.push({
			name: names.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
			method: view.getUint16(at + 10, true),
			compressedSize: view.getUint32(at + 20, true),
			uncompressedSize: view.getUint32(at + 24, true),
			localHeaderOffset: view.getUint32(at + 42, true),
		})
		at = next
	}
	return entries
}

function isDocx(bytes: Uint8Array) {
	const entries = zipEntries(bytes)
	if (entries) {
		return entries.some((entry) => entry.name === '[Content_Types].xml') && entries.some((entry) => entry.name.startsWith('word/'))
	}
	// No readable central directory: look for the names in the local headers at the start.
	const head = latin1(bytes, 0, TEXT_SAMPLE_BYTES)
	return head.includes('[Content_Types].xml') && head.includes('word/')
}

function isSvg(bytes: Uint8Array) {
	let head = new TextDecoder().decode(bytes.subarray(0, 4096))
	// Skip what may precede the root element: whitespace, the xml prolog, comments, a doctype.
	for (;;) {
		head = head.trimStart()
		let close: string | null = null
		if (head.startsWith('<?')) close = '?>'
		else if (head.startsWith('<!--')) close = '-->'
		else if (head.startsWith('<!DOCTYPE') || head.startsWith('<!doctype')) {
			const subset = head.indexOf('[')
			const end = head.indexOf('>')
			close = subset >= 0 && subset < end ? ']>' : '>'
		}
		if (!close) break
		const end = head.indexOf(close)
		if (end < 0) return false
		head = head.slice(end + close.length)
	}
	return /^<svg[\s>/]/.test(head)
}

function isText(bytes: Uint8Array) {
	const sample = bytes.subarray(0, TEXT_SAMPLE_BYTES)
	if (sample.includes(0)) return false
	let text: string
	try {
		// `stream` keeps a multi-byte character cut off at the end of the sample from counting as invalid.
		text = new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: sample.length < bytes.length })
	} catch {
		return false
	}
	let controls = 0
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index)
		if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) || code === 0x7f || (code >= 0x80 && code < 0xa0)) {
			controls++
		}
	}
	return controls * 20 <= text.length
}

function startsWith(bytes: Uint8Array, magic: ReadonlyArray<number>) {
	return bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte)
}

function ascii(bytes: Uint8Array, offset: number, length: number) {
	return bytes.length < offset + length ? '' : latin1(bytes, offset, length)
}

function latin1(bytes: Uint8Array, offset: number, length: number) {
	return new TextDecoder('latin1').decode(bytes.subarray(offset, offset + length))
}
