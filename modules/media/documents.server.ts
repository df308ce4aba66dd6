import { promisify } from 'node:util'
import { inflateRaw } from 'node:zlib'
import { DOCUMENT_MAX_BYTES, MB, SOURCE_TEXT_MAX } from './kinds.ts'
import { InputError } from './errors.ts'
import { sniff, zipEntries, type ZipEntry } from './sniff.ts'

const PARSE_TIMEOUT_MS = 20_000
const DOCX_BODY_MAX_BYTES = 50 * MB
/** All parts of a docx together, unpacked. Legitimate files under 20 MB stay far below. */
const DOCX_TOTAL_MAX_BYTES = 100 * MB
const TITLE_MAX = 100

const inflate = promisify(inflateRaw)

export type UploadedFile = { name: string; bytes: Uint8Array }

/** The text of an uploaded PDF, Word (doc, docx) or UTF-8 text file, judged by content, not by name. */
export async function readDocument(file: UploadedFile): Promise<{ title: string; text: string }> {
	if (file.bytes.length > DOCUMENT_MAX_BYTES) throw new InputError('document_too_large')
	if (file.bytes.length === 0) throw new InputError('document_empty')
	const text = cut(normaliseText(await extract(file.bytes, file.name)), SOURCE_TEXT_MAX)
	if (!text) throw new InputError('document_empty')
	return { title: documentTitle(file.name), text }
}

async function extract(bytes: Uint8Array, name: string): Promise<string> {
	switch (sniff(bytes)) {
		case 'pdf':
			return unreadableAs('pdf_unreadable', readPdf(bytes))
		case 'docx':
			return unreadableAs('word_unreadable', readDocx(bytes))
		case 'doc':
			return unreadableAs('word_unreadable', readDoc(bytes))
		case 'text':
			return new TextDecoder().decode(bytes)
		case null: {
			const damaged = damagedKind(bytes, name)
			throw new InputError(damaged ?? 'document_type')
		}
		default:
			throw new InputError('document_type')
	}
}

/** A Word or PDF file that failed to parse says so with its kind ('Die Word-Datei konnte nicht gelesen werden.'). */
async function unreadableAs(code: 'word_unreadable' | 'pdf_unreadable', work: Promise<string>) {
	try {
		return await work
	} catch (error) {
		if (error instanceof InputError && error.code === 'document_unreadable') throw new InputError(code, { cause: error })
		throw error
	}
}

/**
 * Content of no known type: a Word or PDF file that is damaged (a zip without a readable directory,
 * a name ending in .docx, .doc or .pdf) cannot be read, which is not the same as an unsupported
 * format. A complete zip of another kind (a spreadsheet named .docx) stays unsupported.
 */
function damagedKind(bytes: Uint8Array, name: string): 'word_unreadable' | 'pdf_unreadable' | null {
	const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b
	if (isZip && zipEntries(bytes)) return null
	const extension = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase()
	if (extension === 'pdf') return 'pdf_unreadable'
	if (extension === 'docx' || extension === 'doc' || isZip) return 'word_unreadable'
	return null
}

async function readPdf(bytes: Uint8Array) {
	const { extractText, getDocumentProxy } = await import('unpdf')
	// A copy: pdf.js may take over (detach) the buffer it is given.
	const loading = getDocumentProxy(bytes.slice(), { verbosity: 0 })
	try {
		return await withTimeout(loading.then(async (pdf) => (await extractText(pdf, { mergePages: true })).text))
	} finally {
		void loading.then((pdf) => pdf.loadingTask.destroy()).catch(() => undefined)
	}
}

async function readDocx(bytes: Uint8Array) {
	await refuseZipBomb(bytes)
	const { default: mammoth } = await import('mammoth')
	const result = await withTimeout(mammoth.extractRawText({ buffer: asBuffer(bytes) }))
	return result.value
}

async function readDoc(bytes: Uint8Array) {
	const { default: WordExtractor } = await import('word-extractor')
	const document = await withTimeout(new WordExtractor().extract(asBuffer(bytes)))
	return document.getBody()
}

/**
 * Unpacks every compressed part once with an output cap, so an archive whose parts would unpack to
 * gigabytes (or that claims smaller sizes than it really has) is refused before mammoth unpacks it.
 */
async function refuseZipBomb(bytes: Uint8Array) {
	const entries = zipEntries(bytes)
	if (!entries) throw new InputError('document_unreadable')
	let total = 0
	for (const entry of entries) {
		total += entry.uncompressedSize
		if (total > DOCX_TOTAL_MAX_BYTES) throw new InputError('document_unreadable')
		if (entry.name === 'word/document.xml' && entry.uncompressedSize > DOCX_BODY_MAX_BYTES) throw new InputError('document_unreadable')
		if (entry.method === 8 && !(await inflatesWithinClaim(bytes, entry))) throw new InputError('document_unreadable')
	}
}

async function inflatesWithinClaim(bytes: Uint8Array, entry: ZipEntry) {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	const at = entry.localHeaderOffset
	if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) return false
	const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true)
	if (start + entry.compressedSize > bytes.length) return false
	try {
		await inflate(bytes.subarray(start, start + entry.compressedSize), { maxOutputLength: Math.max(1, entry.uncompressedSize) })
		return true
	} catch {
		return false
	}
}

/** Parser failures and parsers that take too long both mean the document cannot be read. */
async function withTimeout<T>(work: Promise<T>): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new InputError('document_unreadable')), PARSE_TIMEOUT_MS)
	})
	try {
		return await Promise.race([work, timeout])
	} catch (error) {
		throw error instanceof InputError ? error : new InputError('document_unreadable', { cause: error })
	} finally {
		clearTimeout(timer)
	}
}

function asBuffer(bytes: Uint8Array) {
	return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

export function normaliseText(text: string) {
	return text
		.normalize('NFC')
		.replace(/\r\n?|[\v\f\u2028\u2029]/g, '\n')
		.replace(/(?!\n)\p{Cc}|[\u00ad\u200b\ufeff]/gu, (char) => (char === '\t' ? ' ' : ''))
		.replace(/[^\S\n]+/g, ' ')
		.replace(/ ?\n ?/g, '\n')
		.replace(/\n{3,}/g, '\n\n')
		.trim()
}

function cut(text: string, max: number) {
	if (text.length <= max) return text
	// Never end on the first half of a surrogate pair.
	const end = /[\ud800-\udbff]/.test(text.charAt(max - 1)) ? max - 1 : max
	return text.slice(0, end).trimEnd()
}

/** The file name without folder and extension, readable, at most 100 characters (empty when nothing is left). */
export function documentTitle(name: string) {
	const base = name.split(/[/\\]/).pop() ?? ''
	const title = base
		.replace(/\.[A-Za-z0-9]{1,5}$/, '')
		.normalize('NFC')
		.replace(/[\p{Cc}\p{Cf}]/gu, ' ')
		.replace(/_/g, ' ')
		.replace(/\s+/g, ' ')
		.trim()
	return Array.from(title).slice(0, TITLE_MAX).join('').trim()
}
