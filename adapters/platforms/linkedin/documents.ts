import { setTimeout as sleep } from 'node:timers/promises'
import { PlatformError, type PublishTarget } from '#modules/publishing/ports.ts'
import type { AdapterSettings } from '../settings.ts'
import { encodeUrn, type LinkedinApi } from './api.ts'

// LinkedIn's Documents API (learn.microsoft.com/linkedin/marketing/community-management/shares/documents-api):
// POST /rest/documents?action=initializeUpload {initializeUploadRequest: {owner}} answers an upload URL and
// the document URN; the bytes go there in one PUT; GET /rest/documents/{urn} reports WAITING_UPLOAD,
// PROCESSING, AVAILABLE or PROCESSING_FAILED; a post carries an AVAILABLE document as content.media {id, title}.
// PDF, PPT(X) and DOC(X) up to 100 MB and 300 pages; Postwerk sends PDFs (its slides or an uploaded PDF).

export type DocumentStatus = 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED'

export type DocumentPolling = { pollIntervalMs: number; pollAttempts: number }

type Owner = Pick<PublishTarget, 'pageId' | 'accessToken'>

/** A PDF by its first bytes ('%PDF-'); what a user or a URL calls it does not count. */
export const isPdf = (bytes: Uint8Array) => bytes.length > 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-'

/** What a post sends for a document: its URN and the title LinkedIn shows above the pages. */
export const documentContent = (documentUrn: string, title: string) => ({ media: { id: documentUrn, title } })

/**
 * The page's document: initializeUpload, then the bytes in one PUT (a StreamedPdf as it is read, with its
 * length announced when known; `timeoutMs` for that PUT). Returns the document URN (urn:li:document:…).
 */
export async function uploadDocument(api: LinkedinApi, owner: Owner, pdf: Uint8Array | StreamedPdf, signal?: AbortSignal, timeoutMs?: number): Promise<string> {
	if (pdf instanceof Uint8Array && !isPdf(pdf)) throw new PlatformError({ kind: 'invalid_request', code: 'document_format', message: 'LinkedIn document posts take a PDF here' })
	let uploadUrl: string | undefined
	let document: string | undefined
	try {
		const init = await api.getJson<{ value?: { uploadUrl?: string; document?: string } }>('/rest/documents?action=initializeUpload', owner.accessToken, {
			method: 'POST',
			json: { initializeUploadRequest: { owner: owner.pageId } },
			signal,
		})
		;({ uploadUrl, document } = init.value ?? {})
		if (!uploadUrl || !document) throw new PlatformError({ kind: 'transient', code: 'bad_response', message: 'LinkedIn initializeUpload without uploadUrl or document' })
	} catch (error) {
		// The file's answer stays open while its stream is unread.
		if (!(pdf instanceof Uint8Array)) await pdf.body.cancel().catch(() => {})
		throw error
	}
	// A stream's length is announced as a file upload announces it (fetch computes it for bytes).
	const size = pdf instanceof Uint8Array ? null : pdf.size
	await api.request(uploadUrl, owner.accessToken, {
		method: 'PUT',
		body: pdf instanceof Uint8Array ? new Uint8Array(pdf) : pdf.body,
		headers: { 'content-type': 'application/octet-stream', ...(size !== null ? { 'content-length': String(size) } : {}) },
		signal,
		...(timeoutMs ? { timeoutMs } : {}),
	})
	return document
}

export async function documentStatus(api: LinkedinApi, owner: Owner, documentUrn: string, signal?: AbortSignal): Promise<DocumentStatus | undefined> {
	const document = await api.getJson<{ status?: DocumentStatus }>(`/rest/documents/${encodeUrn(documentUrn)}`, owner.accessToken, { signal })
	return document.status
}

/**
 * Polls until LinkedIn has processed the document. Still processing after the attempts: transient (the
 * retry finds the same document, see publishDocumentPost); failed: invalid_request (the PDF is broken or
 * over LinkedIn's limits).
 */
export async function waitUntilDocumentAvailable(api: LinkedinApi, owner: Owner, documentUrn: string, polling: DocumentPolling, signal?: AbortSignal) {
	for (let attempt = 0; attempt < polling.pollAttempts; attempt += 1) {
		const status = await documentStatus(api, owner, documentUrn, signal)
		if (status === 'AVAILABLE') return
		if (status === 'PROCESSING_FAILED') throw new PlatformError({ kind: 'invalid_request', code: 'document_failed', message: `LinkedIn could not process ${documentUrn}` })
		await sleep(polling.pollIntervalMs)
	}
	throw new PlatformError({ kind: 'transient', code: 'document_processing', message: `LinkedIn is still processing ${documentUrn}` })
}

/** A PDF as it is read from its URL: its bytes as they arrive, and their number when the answer gives it. */
export type StreamedPdf = { body: ReadableStream<Uint8Array>; size: number | null }

const PDF_MAGIC_BYTES = 5

/**
 * The PDF behind a post's document URL, streamed (never whole in memory: LinkedIn takes up to 100 MB):
 * our /media/ file through mediaStream (mediaFetch where there is none, in tests). Refused as not a
 * PDF by its first bytes, and past `maxBytes` (the descriptor's document limit) when announced or
 * while it streams. The timeout covers the answer's head; the body streams as long as the upload reads it.
 */
export async function openDocument(settings: AdapterSettings, url: string, maxBytes: number, signal?: AbortSignal): Promise<StreamedPdf> {
	const failed = (kind: 'transient' | 'invalid_request', message: string, status: number | null = null) =>
		new PlatformError({ kind, code: 'document_unreachable', message: `Document ${url}: ${message}`, status })
	const headTimeout = new AbortController()
	const timer = setTimeout(() => headTimeout.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), settings.timeoutMs)
	let response: Response
	try {
		response = await (settings.mediaStream ?? settings.mediaFetch)(url, { signal: signal ? AbortSignal.any([signal, headTimeout.signal]) : headTimeout.signal })
	} catch (error) {
		throw failed('transient', error instanceof Error ? error.message : String(error))
	} finally {
		clearTimeout(timer)
	}
	if (!response.ok || !response.body) {
		await response.body?.cancel().catch(() => {})
		throw failed(response.status >= 500 || response.status === 429 ? 'transient' : 'invalid_request', `HTTP ${response.status}`, response.status)
	}
	const declared = response.headers.get('content-length')
	const size = declared !== null && /^\d+$/.test(declared) ? Number(declared) : null
	if (size !== null && size > maxBytes) {
		await response.body.cancel().catch(() => {})
		throw tooLarge(url, maxBytes)
	}
	const reader = response.body.getReader()
	const head = await readHead(reader, url, failed)
	if (!isPdf(head)) {
		await reader.cancel().catch(() => {})
		throw new PlatformError({ kind: 'invalid_request', code: 'document_format', message: `Document ${url} is not a PDF` })
	}
	return { body: cappedStream(head, reader, maxBytes, url), size }
}

const tooLarge = (url: string, maxBytes: number) => new PlatformError({ kind: 'invalid_request', code: 'document_too_large', message: `Document ${url}: over ${maxBytes} bytes` })

/** The first chunks up to the PDF signature's length (fewer when the file is shorter). */
async function readHead(reader: ReadableStreamDefaultReader<Uint8Array>, url: string, failed: (kind: 'transient', message: string) => PlatformError): Promise<Uint8Array> {
	const chunks: Array<Uint8Array> = []
	let length = 0
	try {
		while (length <= PDF_MAGIC_BYTES) {
			const { done, value } = await reader.read()
			if (done) break
			chunks.push(value)
			length += value.byteLength
		}
	} catch (error) {
		throw failed('transient', error instanceof Error ? error.message : String(error))
	}
	return chunks.length === 1 ? chunks[0]! : new Uint8Array(Buffer.concat(chunks, length))
}

/** `head` and then the rest of `reader`, ending in an error past `maxBytes` (a file that grew beyond what it announced). */
function cappedStream(head: Uint8Array, reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes: number, url: string): ReadableStream<Uint8Array> {
	let total = head.byteLength
	let first: Uint8Array | null = head
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			if (first) {
				controller.enqueue(first)
				first = null
				return
			}
			const { done, value } = await reader.read()
			if (done) return controller.close()
			total += value.byteLength
			if (total > maxBytes) {
				await reader.cancel().catch(() => {})
				return controller.error(tooLarge(url, maxBytes))
			}
			controller.enqueue(value)
		},
		cancel: (reason) => reader.cancel(reason),
	})
}
