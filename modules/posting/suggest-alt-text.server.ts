import type { ContentService } from '#modules/content/index.ts'
import type { FileStore } from '#modules/core/files.server.ts'
import type { GenerationService } from '#modules/generation/index.ts'

// 'Alt-Text vorschlagen' (ADR 0060): a German alt text for one image of the user's post, for the editor
// to show in the image's field; nothing is saved (the editor saves the field with the post's media).

export type SuggestAltTextResult = { ok: true; altText: string } | { ok: false; code: 'not_found' | 'not_image' | 'request_conflict' }

/** The image an AI writer may look at: from our file store only (an outside URL is not fetched); null when missing. */
async function storedImage(files: FileStore, fileKey: string | null) {
	if (!fileKey) return null
	const file = await files.get(fileKey).catch(() => null)
	return file && file.contentType.startsWith('image/') ? { bytes: file.bytes, contentType: file.contentType } : null
}

/** `not_found` for an item that is not the user's (another user's included). */
export async function suggestAltText(
	services: { content: Pick<ContentService, 'mediaForAltText'>; generation: Pick<GenerationService, 'suggestAltText'>; files: FileStore },
	userId: string,
	input: { requestId: string; mediaId: string },
	signal?: AbortSignal,
): Promise<SuggestAltTextResult> {
	const item = await services.content.mediaForAltText(userId, input.mediaId)
	if (!item) return { ok: false, code: 'not_found' }
	if (item.kind !== 'image') return { ok: false, code: 'not_image' }
	const image = await storedImage(services.files, item.fileKey)
	return services.generation.suggestAltText(userId, { requestId: input.requestId, mediaId: item.id, image, postText: item.postText, signal })
}
