import type { TFunction } from 'i18next'
import type { DocumentRefusal } from '#modules/content/index.ts'
import { documentFileSize as fileSize } from '#app/components/posts/document/file-size.ts'

// The German answer to a refused post document ('Als PDF-Dokument', 'PDF hochladen'): the figures the
// refusal carries (the slide to shorten, the PDF's size or pages and the network's limit).

export function documentRefusalMessage(t: TFunction<'postDocument'>, refusal: DocumentRefusal) {
	const key = `errors.${refusal.error}` as const
	if (refusal.error === 'document_too_large') return t(key, { size: fileSize(refusal.size ?? 0), limit: fileSize(refusal.limit ?? 0), network: refusal.network })
	if (refusal.error === 'document_too_many_pages') return t(key, { pages: refusal.pages, limit: refusal.limit, network: refusal.network })
	if (refusal.error === 'slide_too_long') return t(key, { slide: refusal.slide })
	return t(key)
}

/** Not found: 404; a published post or a request id reused: 409; the rest is the input: 422. */
export function documentRefusalStatus(refusal: DocumentRefusal) {
	if (refusal.error === 'not_found') return 404
	if (refusal.error === 'published_locked' || refusal.error === 'request_conflict') return 409
	return 422
}
