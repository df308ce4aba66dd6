import JSZip from 'jszip'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { isImageType, sniff, zipEntries } from './sniff.ts'

const bytes = (...parts: Array<string | Array<number>>) =>
	new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? Array.from(Buffer.from(part, 'latin1')) : part)))

const image = (format: 'png' | 'jpeg' | 'gif' | 'webp') =>
	sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } })
		.toFormat(format)
		.toBuffer()

async function zip(files: Record<string, string>) {
	const archive = new JSZip()
	for (const [name, content] of Object.entries(files)) archive.file(name, content)
	return archive.generateAsync({ type: 'uint8array', compression: 'DEFLATE' })
}

describe('sniff', () => {
	test('images made by sharp', async () => {
		expect(sniff(await image('png'))).toBe('png')
		expect(sniff(await image('jpeg'))).toBe('jpeg')
		expect(sniff(await image('gif'))).toBe('gif')
		expect(sniff(await image('webp'))).toBe('webp')
	})

	test('magic bytes of the other kinds', () => {
		expect(sniff(bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'))).toBe('pdf')
		expect(sniff(bytes('GIF87a', [1, 0, 1, 0]))).toBe('gif')
		expect(sniff(bytes('RIFF', [36, 0, 0, 0], 'WAVEfmt '))).toBe('wav')
		expect(sniff(bytes('RIFF', [36, 0, 0, 0], 'AVI LIST'))).toBeNull()
		expect(sniff(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], [0, 0, 0, 0]))).toBe('doc')
		expect(sniff(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]))).toBe('mp4')
		expect(sniff(bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0]))).toBeNull()
		expect(sniff(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]))).toBe('webm')
		expect(sniff(bytes([0xff, 0xd8]))).toBeNull()
	})

	test('a docx is a zip with content types and a word/ folder; other zips are not', async () => {
		const docx = await zip({ '[Content_Types].xml': '<Types/>', '_rels/.rels': '<Relationships/>', 'word/document.xml': '<w:document/>' })
		expect(sniff(docx)).toBe('docx')
		expect(zipEntries(docx)?.map((entry) => entry.name)).toEqual(expect.arrayContaining(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']))
		const xlsx = await zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' })
		expect(sniff(xlsx)).toBeNull()
		expect(sniff(await zip({ 'notes.txt': 'Hallo' }))).toBeNull()
		// Cut off before the central directory: the local headers still name the parts.
		expect(sniff(docx.subarray(0, docx.length - 30))).toBe('docx')
	})

	test('svg after a BOM, the xml prolog, comments and a doctype', () => {
		expect(sniff(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg')
		expect(
			sniff(
				bytes(
					[0xef, 0xbb, 0xbf],
					'\n  <?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd" [ <!ENTITY a "b"> ]>\n<svg width="1">',
				),
			),
		).toBe('svg')
		expect(sniff(bytes('<svgfoo/>'))).toBe('text')
		expect(sniff(bytes('<html><svg/></html>'))).toBe('text')
	})

	test('text is valid UTF-8 without NUL bytes and mostly printable', () => {
		expect(sniff(new TextEncoder().encode('Schöne Grüße aus Köln,\r\n\tÄrger über Öl.'))).toBe('text')
		expect(sniff(bytes('Hallo\x00Welt'))).toBeNull()
		// Latin-1 umlauts are not UTF-8.
		expect(sniff(bytes('Gr\xfc\xdfe'))).toBeNull()
		expect(sniff(bytes('a\x01\x02\x03\x04b'))).toBeNull()
		expect(sniff(new Uint8Array())).toBeNull()
	})

	test('the text check looks at the first 64 KB and tolerates a character cut at its end', () => {
		const text = new TextEncoder().encode('a'.repeat(64 * 1024 - 1) + 'ü'.repeat(10))
		expect(sniff(text)).toBe('text')
		const binaryLater = new Uint8Array(100 * 1024).fill(0x61)
		binaryLater[90 * 1024] = 0
		expect(sniff(binaryLater)).toBe('text')
	})

	test('isImageType', () => {
		expect((['png', 'jpeg', 'gif', 'webp'] as const).every((type) => isImageType(type))).toBe(true)
		expect(isImageType('svg')).toBe(false)
		expect(isImageType('pdf')).toBe(false)
		expect(isImageType(null)).toBe(false)
	})
})
