import { mediaPath } from '#modules/core/files.server.ts'
import { once } from '#modules/core/request-keys.server.ts'
import { countPdfPages, findOwnUpload } from '#modules/media/index.ts'
import { documentLimitRefusal, documentRulesOf, writePostDocument, type DocumentResult, type PostDocumentDeps } from './post-document.server.ts'
import { getPost } from './posts.server.ts'

export type AttachUploadedDocumentInput = { postId: string; fileKey: string; requestId: string }

const TITLE_MAX = 200

/**
 * 'PDF hochladen': the user's uploaded PDF (POST /api/media, kind post_document) becomes the post's ONE
 * document row (source 'upload') for its networks that take documents, replacing an earlier document.
 * Its pages are counted with pdf-lib; a PDF over a network's maxBytes or maxPages is refused with the
 * figures. Once per request id; another user's file answers 'not_found'.
 */
export async function attachUploadedDocument(deps: PostDocumentDeps, userId: string, input: AttachUploadedDocumentInput): Promise<DocumentResult> {
	const [post, upload] = await Promise.all([getPost(deps.db, deps.platforms, userId, input.postId), findOwnUpload(deps.db, userId, input.fileKey)])
	if (!post || !upload || upload.kind !== 'post_document') return { ok: false, error: 'not_found' }
	if (post.status === 'published') return { ok: false, error: 'published_locked' }
	const rules = documentRulesOf(post, deps.documentRules)
	if (!rules.length) return { ok: false, error: 'no_document_network' }
	const tooLarge = documentLimitRefusal(rules, upload.bytes, 0)
	if (tooLarge) return tooLarge
	const file = await deps.files.get(upload.key)
	const pages = file ? await countPdfPages(file.bytes) : null
	if (!file || !pages) return { ok: false, error: 'document_unreadable' }
	const refused = documentLimitRefusal(rules, file.bytes.byteLength, pages)
	if (refused) return refused

	const title = [...titleOf(upload.name, post.title)].slice(0, TITLE_MAX).join('')
	const document = { postId: post.id, fileKey: upload.key, url: mediaPath(upload.key), title, pages, sizeBytes: file.bytes.byteLength, source: 'upload' as const, networks: rules.map((rule) => rule.network), slides: null }
	const outcome = await once(deps.db, { userId, requestId: input.requestId, action: 'content.attach-uploaded-document', input: { postId: post.id, fileKey: upload.key } }, (trx) => writePostDocument(trx, document))
	if (outcome.kind === 'conflict') return { ok: false, error: 'request_conflict' }
	if (!outcome.replayed) for (const key of outcome.result.replaced) await deps.files.delete(key).catch(() => {})
	return { ok: true, document: outcome.result.view }
}

/** The file's name without '.pdf' (what the user called it), else the post's title. */
function titleOf(name: string | null, postTitle: string) {
	const base = name?.replace(/\.pdf$/i, '').trim()
	return base || postTitle.trim() || 'Dokument'
}
