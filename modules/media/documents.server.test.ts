import { readFile } from 'node:fs/promises'
import JSZip from 'jszip'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { MB, SOURCE_TEXT_MAX } from './kinds.ts'
import { documentTitle, readDocument } from './documents.server.ts'
import type { InputErrorCode } from './errors.ts'
import { zipEntries } from './sniff.ts'

/** A one-page PDF in Helvetica (WinAnsi, so Latin-1 umlauts) with a correct xref table. */
function minimalPdf(lines: Array<string>) {
	const content = `BT /F1 18 Tf 72 720 Td ${lines.map((line) => `(${line}) Tj 0 -28 Td`).join(' ')} ET`
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
		`<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
	]
	let pdf = '%PDF-1.4\n'
	const offsets: Array<number> = []
	objects.forEach((body, index) => {
		offsets.push(pdf.length)
		pdf += `${index + 1} 0 obj\n${body}\nendobj\n`
	})
	const xref = pdf.length
	pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
	pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
	pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
	return new Uint8Array(Buffer.from(pdf, 'latin1'))
}

async function minimalDocx(paragraphs: Array<string>, extra: Record<string, string> = {}) {
	const archive = new JSZip()
	archive.file(
		'[Content_Types].xml',
		'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
			'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
			'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
			'<Default Extension="xml" ContentType="application/xml"/>' +
			'<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
			'</Types>',
	)
	archive.file(
		'_rels/.rels',
		'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
			'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
			'<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
			'</Relationships>',
	)
	archive.file(
		'word/document.xml',
		'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
			'<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
			paragraphs.map((text) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`).join('') +
			'</w:body></w:document>',
	)
	for (const [name, content] of Object.entries(extra)) archive.file(name, content)
	return archive.generateAsync({ type: 'uint8array', compression: 'DEFLATE' })
}

/** Overwrites the size a zip's central directory claims for one part. */
function claimSize(docx: Uint8Array, name: string, size: number) {
	const patched = docx.slice()
	const view = new DataView(patched.buffer)
	const entries = zipEntries(patched)!
	const directory = view.getUint32(patched.length - 22 + 16, true)
	let at = directory
	for (const entry of entries) {
		if (entry.name === name) view.setUint32(at + 24, size, true)
		at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
	}
	return patched
}

async function refusal(file: { name: string; bytes: Uint8Array }): Promise<InputErrorCode | 'accepted'> {
	try {
		await readDocument(file)
		return 'accepted'
	} catch (error) {
		return (error as { code: InputErrorCode }).code
	}
}

const utf8 = (text: string) => new TextEncoder().encode(text)

describe('readDocument', () => {
	test('a PDF with German text is read by unpdf', async () => {
		const result = await readDocument({ name: 'Quartalsbericht_2024.pdf', bytes: minimalPdf(['Schöne Grüße aus München', 'Äpfel, Öl und Übermut']) })
		expect(result.title).toBe('Quartalsbericht 2024')
		expect(result.text).toContain('Schöne Grüße aus München')
		expect(result.text).toContain('Äpfel, Öl und Übermut')
	})

	test('a docx is read by mammoth', async () => {
		const result = await readDocument({ name: 'Notizen.docx', bytes: await minimalDocx(['Hallo Welt', 'Schöne Grüße']) })
		expect(result).toEqual({ title: 'Notizen', text: 'Hallo Welt\n\nSchöne Grüße' })
	})

	test('plain UTF-8 text with umlauts, whitespace normalised', async () => {
		const text = '\ufeff  Überschrift\t mit   Tabs \r\n\r\n\r\n\r\nZweiter Absatz: Straße, Größe, Ärger\u00a0und\u00adÖl \u0007\n'
		const result = await readDocument({ name: 'C:\\fakepath\\meine notizen.txt', bytes: utf8(text) })
		expect(result).toEqual({ title: 'meine notizen', text: 'Überschrift mit Tabs\n\nZweiter Absatz: Straße, Größe, Ärger undÖl' })
	})

	test('the text is cut to SOURCE_TEXT_MAX characters without splitting an emoji', async () => {
		const long = await readDocument({ name: 'lang.txt', bytes: utf8('ä'.repeat(SOURCE_TEXT_MAX + 500)) })
		expect(long.text).toHaveLength(SOURCE_TEXT_MAX)
		const emoji = await readDocument({ name: 'emoji.txt', bytes: utf8('a'.repeat(SOURCE_TEXT_MAX - 1) + '😀😀') })
		expect(emoji.text).toBe('a'.repeat(SOURCE_TEXT_MAX - 1))
	})

	test('the type is judged by content: a PNG named .pdf is refused', async () => {
		const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#ffffff' } }).png().toBuffer()
		expect(await refusal({ name: 'bericht.pdf', bytes: png })).toBe('document_type')
		expect(await refusal({ name: 'bild.svg', bytes: utf8('<svg xmlns="http://www.w3.org/2000/svg"/>') })).toBe('document_type')
		expect(await refusal({ name: 'tabelle.docx', bytes: await new JSZip().file('xl/workbook.xml', '<x/>').generateAsync({ type: 'uint8array' }) })).toBe(
			'document_type',
		)
		// A PDF named .txt is still read as a PDF.
		expect((await readDocument({ name: 'text.txt', bytes: minimalPdf(['Hallo']) })).text).toBe('Hallo')
	})

	test('over 20 MB is refused before anything is parsed', async () => {
		const big = new Uint8Array(25 * MB)
		big.set(Buffer.from('%PDF-1.4\n'))
		expect(await refusal({ name: 'gross.pdf', bytes: big })).toBe('document_too_large')
		expect(await refusal({ name: 'grenze.txt', bytes: new Uint8Array(20 * MB + 1).fill(0x61) })).toBe('document_too_large')
	})

	test('corrupt documents are unreadable', async () => {
		expect(await refusal({ name: 'kaputt.pdf', bytes: utf8('%PDF-1.4\nnonsense without objects\n%%EOF') })).toBe('pdf_unreadable')
		const docx = await minimalDocx(['Hallo'])
		const truncated = docx.slice()
		// Damage the deflated body of the first part.
		truncated.fill(0xff, 60, 200)
		expect(await refusal({ name: 'kaputt.docx', bytes: truncated })).toBe('word_unreadable')
		// Cut off (no central directory) or garbage under a Word or PDF name: unreadable, not an unsupported format.
		expect(await refusal({ name: 'abgeschnitten.docx', bytes: docx.slice(0, Math.floor(docx.length / 2)) })).toBe('word_unreadable')
		expect(await refusal({ name: 'muell.docx', bytes: new Uint8Array(512).fill(0x01) })).toBe('word_unreadable')
		expect(await refusal({ name: 'muell.pdf', bytes: new Uint8Array(512).fill(0x01) })).toBe('pdf_unreadable')
		expect(await refusal({ name: 'muell.bin', bytes: new Uint8Array(512).fill(0x01) })).toBe('document_type')
		const ole = new Uint8Array(2048)
		ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
		expect(await refusal({ name: 'kaputt.doc', bytes: ole })).toBe('word_unreadable')
	})

	test('documents without text are empty', async () => {
		expect(await refusal({ name: 'leer.txt', bytes: new Uint8Array() })).toBe('document_empty')
		expect(await refusal({ name: 'leer.txt', bytes: utf8(' \n\t\r\n ') })).toBe('document_empty')
		expect(await refusal({ name: 'leer.docx', bytes: await minimalDocx([]) })).toBe('document_empty')
		expect(await refusal({ name: 'leer.pdf', bytes: minimalPdf([]) })).toBe('document_empty')
	})

	test('docx zip bombs are refused before mammoth unpacks them', async () => {
		const docx = await minimalDocx(['Hallo Welt'])
		expect(await refusal({ name: 'bombe.docx', bytes: claimSize(docx, 'word/document.xml', 60 * MB) })).toBe('word_unreadable')
		// A part that claims to be smaller than it unpacks to.
		const liar = await minimalDocx(['Hallo Welt'], { 'word/styles.xml': '<w:styles>' + ' '.repeat(100_000) + '</w:styles>' })
		expect(await refusal({ name: 'luege.docx', bytes: claimSize(liar, 'word/styles.xml', 1000) })).toBe('word_unreadable')
		// 120 MB of zeros deflate to about 120 KB.
		const bomb = await minimalDocx(['Hallo Welt'], { 'word/media/blob.bin': '\0'.repeat(120 * MB) })
		expect(bomb.length).toBeLessThan(MB)
		expect(await refusal({ name: 'bombe.docx', bytes: bomb })).toBe('word_unreadable')
	})

	// fixtures/notizen.doc was written once by LibreOffice ('MS Word 97') from a German text.
	test('a Word 97 .doc is read by word-extractor', async () => {
		const bytes = new Uint8Array(await readFile(new URL('./fixtures/notizen.doc', import.meta.url)))
		const document = await readDocument({ name: 'notizen.doc', bytes })
		expect(document.title).toBe('notizen')
		expect(document.text).toContain('Die Bäckerei Müller möchte ihre Öffnungszeiten auf Instagram bekannt machen.')
		expect(document.text).toContain('Workshop über Sauerteig')
	})
})

describe('documentTitle', () => {
	test('file name without folder and extension, cleaned, at most 100 characters', () => {
		expect(documentTitle('Präsentation.final.pdf')).toBe('Präsentation.final')
		expect(documentTitle('/home/a/b/Bericht__2024\u202e.docx')).toBe('Bericht 2024')
		expect(documentTitle('ohne-endung')).toBe('ohne-endung')
		expect(documentTitle('.pdf')).toBe('')
		expect(documentTitle(`${'x'.repeat(150)}.txt`)).toHaveLength(100)
	})
})
