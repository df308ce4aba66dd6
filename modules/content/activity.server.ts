import posts from '#locales/de/posts.json' with { type: 'json' }
import { logActivity } from '#modules/activity/index.ts'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import { formatScheduledFor } from '#modules/scheduling/index.ts'
import type { DraftView, PostView } from './views.ts'

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '')

/** The activity log's 'Post erstellt' entry for a draft the user saved (new or changed). */
export function logDraftSaved(db: DbOrTrx, userId: string, draft: DraftView, created: boolean) {
	return logActivity(db, {
		userId,
		logType: 'post_creation',
		title: fill(created ? posts.activity.draftCreated : posts.activity.draftSaved, { title: draft.title }),
		status: 'success',
		metadata: { draftId: draft.id, platforms: draft.platforms },
	})
}

/**
 * The activity log's 'Planung' entry: which post goes out when (in the post's time zone). The
 * 'post.scheduled' webhook event is the planning's own (emitPostsScheduled), not the log's.
 */
export function logPostScheduled(db: DbOrTrx, userId: string, post: PostView) {
	const at = post.scheduledAt ? new Date(post.scheduledAt) : null
	return logActivity(db, {
		userId,
		logType: 'post_scheduling',
		title: fill(posts.activity.scheduled, { title: post.title }),
		description: at ? fill(posts.activity.scheduledFor, { when: formatScheduledFor(at, post.timeZone) }) : '',
		status: 'success',
		metadata: { postId: post.id, scheduledAt: post.scheduledAt, platforms: post.platforms },
	})
}
