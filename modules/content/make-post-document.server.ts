import { randomUUID } from 'node:crypto'
import { mediaPath } from '#modules/core/files.server.ts'
import { once } from '#modules/core/request-keys.server.ts'
import { renderSlidesPdf, SlideTooLongError, splitIntoSlides, type Slide } from '#modules/media/index.ts'
import type { EditedSlide } from './document-schema.ts'
import { textFor } from './post-content.ts'
import { documentLimitRefusal, documentRulesOf, writePostDocument, type DocumentResult, type PostDocumentDeps } from './post-document.server.ts'
import { getPost } from './posts.server.ts'

export type MakePostDocumentInput = {
	postId: string
	requestId: string
	/** The slides after an edit; left out: split from the post's text for its first network that takes documents. */
	slides?: ReadonlyArray<EditedSlide>
}

const TITLE_MAX = 200

/**
 * 'Als PDF-Dokument': the post's slides rendered as a PDF in its brand's look, stored in the file store
 * and written as the post's ONE document row (source 'slides', its slide texts kept) for the post's
 * networks that take documents, replacing an earlier document. Once per request id. A slide that does
 * not fit its page is refused with its number; a published post is not changed.
 */
export async function makePostDocument(deps: PostDocumentDeps, userId: string, input: MakePostDocumentInput): Promise<DocumentResult> {
	const post = await getPost(deps.db, deps.platforms, userId, input.postId)
	if (!post) return { ok: false, error: 'not_found' }
	if (post.status === 'published') return { ok: false, error: 'published_locked' }
	const rules = documentRulesOf(post, deps.documentRules)
	if (!rules.length) return { ok: false, error: 'no_document_network' }
	const slides: Array<Slide> = input.slides ? input.slides.map((slide) => ({ ...slide, body: [...slide.body] })) : splitIntoSlides(textFor(post.content, rules[0]!.network))
	if (!slides.length) return { ok: false, error: 'slide_too_long', slide: 1 }
	const title = documentTitle(slides, post.title)

	let pdf: Uint8Array
	try {
		pdf = await renderSlidesPdf(slides, await deps.slideTheme(userId, post.brandId), { title })
	} catch (error) {
		if (error instanceof SlideTooLongError) return { ok: false, error: 'slide_too_long', slide: error.index + 1 }
		throw error
	}
	const refused = documentLimitRefusal(rules, pdf.byteLength, slides.length)
	if (refused) return refused

	const fileKey = `documents/${randomUUID()}.pdf`
	await deps.files.put(fileKey, pdf, 'application/pdf')
	const document = { postId: post.id, fileKey, url: mediaPath(fileKey), title, pages: slides.length, sizeBytes: pdf.byteLength, source: 'slides' as const, networks: rules.map((rule) => rule.network), slides }
	let outcome
	try {
		outcome = await once(deps.db, { userId, requestId: input.requestId, action: 'content.make-post-document', input: { postId: post.id, slides: input.slides ?? null } }, (trx) => writePostDocument(trx, document))
	} catch (error) {
		await deps.files.delete(fileKey)
		throw error
	}
	if (outcome.kind === 'conflict' || outcome.replayed) await deps.files.delete(fileKey)
	if (outcome.kind === 'conflict') return { ok: false, error: 'request_conflict' }
	if (!outcome.replayed) for (const key of outcome.result.replaced) await deps.files.delete(key).catch(() => {})
	return { ok: true, document: outcome.result.view }
}

/** What LinkedIn shows above the pages: the post's title, else the first slide's heading. */
function documentTitle(slides: ReadonlyArray<Slide>, postTitle: string) {
	const title = postTitle.trim() || slides.find((slide) => slide.heading)?.heading || 'Dokument'
	return [...title].slice(0, TITLE_MAX).join('')
}
