import type { ContentError, ContentService } from '#modules/content/index.ts'
import { channelIdsOf, ownChannelTexts, draftContent, postContent, chosenImages, firstImage, type CreatorPost } from './creator-post.ts'

// The creator's 'Entwurf speichern', and the saving of an opened draft or post that planning and
// 'Jetzt posten' do first.

/** Saves the edits of an opened draft (with the chosen channels and their brand; its page choices stay) or post; false when it is not the user's. */
export async function saveOpened(content: ContentService, userId: string, fields: CreatorPost): Promise<boolean> {
	const editing = fields.editing
	if (!editing) return true
	if (editing.kind === 'draft') {
		const draft = await content.getDraft(userId, editing.id)
		if (!draft) return false
		const result = await content.updateDraft(userId, editing.id, {
			platforms: fields.platforms,
			content: draftContent(fields),
			images: fields.images,
			pageIds: draft.pageIds,
			channelIds: channelIdsOf(fields),
			brandId: fields.brandId,
			generationId: fields.generationId,
		})
		return result.ok
	}
	const result = await content.updatePost(userId, editing.id, { content: postContent(fields), imageUrl: firstImage(fields), images: chosenImages(fields), generationId: fields.generationId })
	return result.ok
}

export type SaveDraftResult = { ok: true; saved: 'draft' | 'post' | 'drafts'; ids: Array<string> } | { ok: false; error: ContentError; reasons?: Array<string> }

/**
 * An opened draft or post keeps its edits; a new one becomes one draft per chosen network (spec), each
 * with its own text, image and chosen channels of that network, once per request id.
 */
export async function saveCreatorDraft(content: ContentService, userId: string, requestId: string, fields: CreatorPost): Promise<SaveDraftResult> {
	const editing = fields.editing
	if (editing) {
		if (!(await saveOpened(content, userId, fields))) return { ok: false, error: 'not_found' }
		return { ok: true, saved: editing.kind, ids: [] }
	}
	const drafts = fields.platforms.map((p) => {
		const own = fields.images[p]
		return { platforms: [p], content: { base: fields.texts[p] ?? '', platforms: {}, ...ownChannelTexts(fields, p) }, images: own ? { [p]: own } : {}, channelIds: channelIdsOf(fields, p), brandId: fields.brandId, generationId: fields.generationId }
	})
	const created = await content.createDrafts(userId, requestId, drafts)
	if (!created.ok) return created
	return { ok: true, saved: 'drafts', ids: created.drafts.map((d) => d.id) }
}
