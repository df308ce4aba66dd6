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

/** The page's document: initializeUpload, then the bytes in one PUT. Returns the document URN (urn:li:document:…). */
export async function uploadDocument(api: LinkedinApi, owner: Owner, pdf: Uint8Array, signal?: AbortSignal): Promise<string> {
	if (!isPdf(pdf)) throw new PlatformError({ kind: 'invalid_request', code: 'document_format', message: 'LinkedIn document posts take a PDF here' })
	const init = await api.getJson<{ value?: { uploadUrl?: string; document?: string } }>('/rest/documents?action=initializeUpload', owner.accessToken, {
		method: 'POST',
		json: { initializeUploadRequest: { owner: owner.pageId } },
		signal,
	})
	const { uploadUrl, document } = init.value ?? {}
	if (!uploadUrl || !document) throw new PlatformError({ kind: 'transient', code: 'bad_response', message: 'LinkedIn initializeUpload without uploadUrl or document' })
	await api.request(uploadUrl, owner.accessToken, {
		method: 'PUT',
		body: new Uint8Array(pdf),
		headers: { 'content-type': 'application/octet-stream' },
		signal,
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

/**
 * The PDF behind a post's document URL (the file store's, or one the user gave: through the SSRF-safe
 * fetch), read as it streams and given up past `maxBytes` (the descriptor's document limit).
 */
export async function fetchDocument(settings: AdapterSettings, url: string, maxBytes: number, signal?: AbortSignal): Promise<Uint8Array> {
	const timeout = AbortSignal.timeout(settings.timeoutMs)
	const failed = (kind: 'transient' | 'invalid_request', message: string, status: number | null = null) =>
		new PlatformError({ kind, code: 'document_unreachable', message: `Document ${url}: ${message}`, status })
	let bytes: Uint8Array
	try {
		const response = await settings.mediaFetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout })
		if (!response.ok) throw failed(response.status >= 500 || response.status === 429 ? 'transient' : 'invalid_request', `HTTP ${response.status}`, response.status)
		bytes = await readCapped(response, maxBytes, url)
	} catch (error) {
		if (error instanceof PlatformError) throw error
		throw failed('transient', error instanceof Error ? error.message : String(error))
	}
	if (!isPdf(bytes)) throw new PlatformError({ kind: 'invalid_request', code: 'document_format', message: `Document ${url} is not a PDF` })
	return bytes
}

/** The body's bytes, refused ('document_too_large') as soon as it is announced or found to be over `maxBytes`. */
async function readCapped(response: Response, maxBytes: number, url: string): Promise<Uint8Array> {
	const tooLarge = () => new PlatformError({ kind: 'invalid_request', code: 'document_too_large', message: `Document ${url}: over ${maxBytes} bytes` })
	const declared = Number(response.headers.get('content-length') ?? '')
	if (Number.isFinite(declared) && declared > maxBytes) {
		await response.body?.cancel()
		throw tooLarge()
	}
	const chunks: Array<Uint8Array> = []
	let total = 0
	for await (const chunk of response.body ?? []) {
		total += chunk.byteLength
		if (total > maxBytes) {
			await response.body?.cancel().catch(() => {})
			throw tooLarge()
		}
		chunks.push(chunk)
	}
	return new Uint8Array(Buffer.concat(chunks, total))
}
