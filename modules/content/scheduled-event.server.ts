import { sql } from 'kysely'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import { emitWebhookEvents } from '#modules/webhooks/index.ts'
import type { DeliveryPlanner } from './ports.ts'
import type { PostView } from './views.ts'

/**
 * The 'post.scheduled' webhook event of each post that was just planned, in one statement on the
 * caller's handle (inside the transaction that plans them). Every path that plans ends here: a new
 * planned post (insertPost: the pages, REST, MCP, a scheduled draft, each row of a CSV import) and a
 * post moved to a new time (schedulePost). Posts without a time (drafts, 'Jetzt posten') are left out.
 * Each names its channels (`channels: [{ id, network, name }]`), read from its deliveries in the same
 * statement, so a user without a subscribed endpoint pays nothing for them.
 */
export async function emitPostsScheduled(db: DbOrTrx, planner: Pick<DeliveryPlanner, 'postChannelsJsonSql'>, userId: string, posts: ReadonlyArray<PostView>) {
	const planned = posts.filter((post) => post.status === 'scheduled' && post.scheduledAt)
	await emitWebhookEvents(
		db,
		planned.map((post) => ({
			userId,
			key: post.id,
			type: 'post.scheduled' as const,
			data: { postId: post.id, title: post.title, scheduledAt: post.scheduledAt, timeZone: post.timeZone, networks: post.platforms, origin: post.origin },
		})),
		{ field: 'channels', value: (key) => planner.postChannelsJsonSql(sql`${key}::uuid`) },
	)
}
