import type { ContentResult, ContentService, PostView } from '#modules/content/index.ts'
import { newCreatorPost, type CreatorPost } from './creator-post.ts'
import { saveOpened } from './save-creator-draft.server.ts'

// The creator's 'Planen': a new post planned at the chosen time, an opened draft planned as the post
// it becomes, an opened post moved (each after its edits are saved).

export async function scheduleCreatorPost(content: ContentService, user: { id: string; timeZone: string }, requestId: string, fields: CreatorPost, when: { date: string; time: string }): Promise<ContentResult<{ post: PostView }>> {
	const schedule = { date: when.date, time: when.time, timeZone: user.timeZone }
	const editing = fields.editing
	// A draft that is gone may have become a post under this request id: scheduleDraft answers that.
	if (editing && !(await saveOpened(content, user.id, fields)) && editing.kind === 'post') return { ok: false, error: 'not_found' }
	if (!editing) return content.createScheduledPost(user.id, requestId, newCreatorPost(fields), schedule)
	return editing.kind === 'draft' ? content.scheduleDraft(user.id, editing.id, schedule, requestId) : content.schedulePost(user.id, editing.id, schedule)
}
