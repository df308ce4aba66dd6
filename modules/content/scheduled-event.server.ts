import type { DbOrTrx } from '#modules/core/db.server.ts'
import { emitWebhookEvents } from '#modules/webhooks/index.ts'
import type { PostView } from './views.ts'

/**
 * The 'post.scheduled' webhook event of each post that was just planned, in one statement on the
 * caller's handle (inside the transaction that plans them). Every path that plans ends here: a new
 * planned post (insertPost: the pages, REST, MCP, a scheduled draft, each row of a CSV import) and a
 * post moved to a new time (schedulePost). Posts without a time (drafts, 'Jetzt posten') are left out.
 */
export async function emitPostsScheduled(db: DbOrTrx, userId: string, posts: ReadonlyArray<PostView>) {
	const planned = posts.filter((post) => post.status === 'scheduled' && post.scheduledAt)
	await emitWebhookEvents(
		db,
		planned.map((post) => ({
			userId,
			type: 'post.scheduled' as const,
			data: { postId: post.id, title: post.title, scheduledAt: post.scheduledAt, timeZone: post.timeZone, networks: post.platforms, origin: post.origin },
		})),
	)
}
