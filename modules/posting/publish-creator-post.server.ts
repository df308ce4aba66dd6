import type { ContentError, ContentService } from '#modules/content/index.ts'
import type { PublishingService } from '#modules/publishing/index.ts'
import { newCreatorPost, type CreatorPost } from './creator-post.ts'
import { saveOpened } from './save-creator-draft.server.ts'

// The creator's 'Jetzt posten': one post for the chosen networks whose deliveries are all due now. A
// new post and a draft become that post once per request id; an opened post is published again.

export type PublishCreatorResult =
	| { ok: true; postId: string }
	| { ok: false; error: ContentError; reasons?: Array<string> }
	| { ok: false; error: 'nothing_to_publish' | 'already_published' }
	| { ok: false; error: 'refused'; reasons: Array<string> }

export async function publishCreatorPost(services: { content: ContentService; publishing: PublishingService }, user: { id: string; timeZone: string }, requestId: string, fields: CreatorPost): Promise<PublishCreatorResult> {
	const { content, publishing } = services
	const editing = fields.editing
	const saved = !editing || (await saveOpened(content, user.id, fields))
	if (!saved && editing?.kind === 'post') return { ok: false, error: 'not_found' }
	if (editing?.kind !== 'post') {
		const created = editing ? await content.publishDraft(user.id, editing.id, user.timeZone, requestId) : await content.publishNewPost(user.id, requestId, newCreatorPost(fields), user.timeZone)
		if (!created.ok) return created
		if (created.post.platforms.length === 0) return { ok: false, error: 'nothing_to_publish' }
		return { ok: true, postId: created.post.id }
	}
	const queued = await publishing.publishNow(user.id, editing.id)
	if (queued === null) return { ok: false, error: 'not_found' }
	if (typeof queued === 'object') return { ok: false, error: 'refused', reasons: queued.refused }
	if (queued === 'published') return { ok: false, error: 'already_published' }
	if (queued === 0) return { ok: false, error: 'nothing_to_publish' }
	return { ok: true, postId: editing.id }
}
