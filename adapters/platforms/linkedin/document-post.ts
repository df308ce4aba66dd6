import { PlatformError, type PublishHooks, type PublishTarget, type Published } from '#modules/publishing/ports.ts'
import type { AdapterSettings } from '../settings.ts'
import type { LinkedinApi } from './api.ts'
import { uploadTimeoutMs } from '../video-source.ts'
import { linkedinDescriptor } from './descriptor.ts'
import { documentContent, documentStatus, uploadDocument, waitUntilDocumentAvailable, type StreamedPdf } from './documents.ts'
import { escapeCommentary } from './escape.ts'
import { maxCommentaryLength, postUrl, type PublishOptions } from './publish.ts'

// A document post (a PDF carousel): the PDF goes up through the Documents API, its URN is checkpointed
// before anything waits on it, and the post is created once LinkedIn has processed it. What the port
// will hand over (PublishContent's media of kind 'document', ADR 0053) is mapped onto this by the
// adapter's publish; the PDF arrives as bytes or is opened as a stream from its URL (openDocument) only
// when it has to go up.

export type DocumentPostContent = {
	text: string
	/** Shown by LinkedIn above the pages (the document's name). */
	title: string
	/** The PDF's bytes, or how to open its stream (not opened when a retry finds the document uploaded already). */
	pdf: Uint8Array | (() => Promise<StreamedPdf>)
}

type Context = { api: LinkedinApi; settings: AdapterSettings; options: PublishOptions }

/** Upload (or, on a retry, the document an earlier attempt checkpointed), wait until AVAILABLE, then POST /rest/posts. */
export async function publishDocumentPost({ api, settings, options }: Context, target: PublishTarget, content: DocumentPostContent, hooks: PublishHooks): Promise<Published> {
	if (content.text.length > maxCommentaryLength) {
		throw new PlatformError({ kind: 'invalid_request', code: 'text_too_long', message: `LinkedIn: ${content.text.length} > ${maxCommentaryLength} characters` })
	}
	const documentUrn = (await reusableDocument(api, target, hooks)) ?? (await upload({ api, settings }, target, content.pdf, hooks.signal))
	if (documentUrn !== hooks.previous?.documentUrn) await hooks.checkpoint({ documentUrn })
	await waitUntilDocumentAvailable(api, target, documentUrn, { pollIntervalMs: options.imagePollIntervalMs, pollAttempts: options.imagePollAttempts }, hooks.signal)
	const result = await api.request('/rest/posts', target.accessToken, {
		method: 'POST',
		creates: true,
		signal: hooks.signal,
		json: {
			author: target.pageId,
			commentary: escapeCommentary(content.text),
			visibility: 'PUBLIC',
			distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
			content: documentContent(documentUrn, content.title),
			lifecycleState: 'PUBLISHED',
			isReshareDisabledByAuthor: false,
		},
	})
	const urn = result.headers.get('x-restli-id') ?? (result.json as { id?: string } | null)?.id
	if (!urn) {
		// Created (2xx) but without its id: the post exists, so only a reconcile may look for it.
		throw new PlatformError({ kind: 'unknown_outcome', code: 'bad_response', message: 'LinkedIn created the post but sent no x-restli-id', status: result.status })
	}
	const externalId = decodeURIComponent(urn)
	return { externalId, url: postUrl(settings, externalId) }
}

/** The PDF up to LinkedIn, with time for its size (a stream of unknown length: LinkedIn's largest). */
async function upload({ api, settings }: Pick<Context, 'api' | 'settings'>, target: PublishTarget, pdf: DocumentPostContent['pdf'], signal?: AbortSignal) {
	const source = pdf instanceof Uint8Array ? pdf : await pdf()
	const size = source instanceof Uint8Array ? source.byteLength : (source.size ?? linkedinDescriptor.media.document!.maxBytes)
	return uploadDocument(api, target, source, signal, uploadTimeoutMs(settings.timeoutMs, size))
}

/**
 * The document an earlier attempt of this delivery uploaded, while LinkedIn still has it in processing or
 * ready: a retry after 'still processing' waits for the same PDF instead of uploading it again.
 */
async function reusableDocument(api: LinkedinApi, target: PublishTarget, hooks: PublishHooks): Promise<string | null> {
	const previous = hooks.previous?.documentUrn
	if (!previous) return null
	try {
		const status = await documentStatus(api, target, previous, hooks.signal)
		return status === 'AVAILABLE' || status === 'PROCESSING' ? previous : null
	} catch (error) {
		// Gone or not ours any more (404, 403): upload anew; anything else is the network's trouble.
		if (error instanceof PlatformError && (error.code === 'not_found' || error.kind === 'permission_missing')) return null
		throw error
	}
}
