import { sql } from 'kysely'
import type { Db } from '#modules/core/db.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import { enqueueDelivery, openTargets, planningProblems, type PlanningRules } from './deliveries.server.ts'
import { commentStateOf, type CommentState } from './comment-state.server.ts'
import { reasonFor } from './messages.ts'

export type DeliveryStatusView = {
	id: string
	platform: string
	/** The channel it goes to (null: its channel was disconnected). */
	channelId: string | null
	status: 'pending' | 'scheduled' | 'publishing' | 'published' | 'unconfirmed' | 'failed' | 'cancelled'
	reason: string | null
	url: string | null
	/** The first comment under the post on this channel: its state, link and German reason; null when the post has none here. */
	firstComment: CommentState | null
}

export type PublishNowResult = number | null | 'published' | { refused: Array<string> }

const OPEN = ['pending', 'failed', 'cancelled', 'scheduled']

/**
 * 'Jetzt posten': every open delivery of the user's post is due now (a job each). A delivery already
 * due or being published is left alone: pressing twice must not start a second job that would find
 * the first one's post still in flight. Returns how many deliveries are on their way (queued now or
 * already), null for another user's post, 'published' when every network already has it (nothing
 * to send), or the German reasons when a network would refuse it now (its rules, no working
 * connection, the quota): then nothing is queued.
 */
export async function publishNow(db: Db, userId: string, postId: string, rules: PlanningRules): Promise<PublishNowResult> {
	return db.transaction().execute(async (trx) => {
		const post = await trx.selectFrom('posts').select('id').where('id', '=', postId).where('user_id', '=', userId).forUpdate().executeTakeFirst()
		if (!post) return null
		const deliveries = await trx.selectFrom('post_deliveries').select(['platform', 'channel_id', 'status']).where('post_id', '=', postId).where('user_id', '=', userId).execute()
		if (deliveries.length > 0 && deliveries.every((d) => d.status === 'published')) return 'published'
		const open = deliveries.filter((d) => OPEN.includes(d.status))
		const refused = await planningProblems(trx, rules, { postId, targets: await openTargets(trx, userId, open), scheduledAt: new Date() })
		if (refused.length > 0) return { refused }
		const rows = await trx
			.updateTable('post_deliveries')
			.set({ status: 'scheduled', scheduled_at: sql`now()`, retry_at: null, media_wait_since: null, error_code: null, error_message: null })
			.where('post_id', '=', postId)
			.where('user_id', '=', userId)
			.where((eb) =>
				eb.or([
					eb('status', 'in', ['pending', 'failed', 'cancelled']),
					// Scheduled for later (or a retry): brought forward. Already due: its job is queued or running.
					eb.and([eb('status', '=', 'scheduled'), eb.or([eb('scheduled_at', 'is', null), eb('scheduled_at', '>', sql<Date>`clock_timestamp()`)])]),
				]),
			)
			.returning(['id', 'scheduled_at'])
			.execute()
		for (const row of rows) await enqueueDelivery(trx, row.id, row.scheduled_at!)
		if (rows.length) await notifyChange(trx, { userId, topic: 'posts' })
		const underway = await trx
			.selectFrom('post_deliveries')
			.select((eb) => eb.fn.countAll<string>().as('count'))
			.where('post_id', '=', postId)
			.where('user_id', '=', userId)
			.where((eb) => eb.or([eb('status', '=', 'publishing'), eb.and([eb('status', '=', 'scheduled'), eb('scheduled_at', '<=', sql<Date>`clock_timestamp()`)])]))
			.executeTakeFirstOrThrow()
		return Number(underway.count)
	})
}

/** The per-platform state of a post's deliveries (the publish-now toast waits for them). */
export async function deliveryStatus(db: Db, userId: string, postId: string): Promise<Array<DeliveryStatusView>> {
	const rows = await db
		.selectFrom('post_deliveries')
		.select(['id', 'platform', 'channel_id', 'status', 'error_code', 'error_message', 'external_url', 'comment_status', 'comment_url', 'comment_error_code'])
		.where('post_id', '=', postId)
		.where('user_id', '=', userId)
		.orderBy('platform')
		.orderBy('id')
		.execute()
	return rows.map((r) => ({
		id: r.id,
		platform: r.platform,
		channelId: r.channel_id,
		status: r.status as DeliveryStatusView['status'],
		// The reason written when it failed (a preflight's names its figures), else the code's.
		reason: r.status === 'failed' || r.status === 'unconfirmed' ? (r.error_message ?? reasonFor(r.error_code)) : null,
		url: r.external_url,
		firstComment: commentStateOf(r),
	}))
}

/** The network URLs of the user's published deliveries, per post (one query for the whole board). */
export async function publishedLinks(db: Db, userId: string, postIds?: Array<string>) {
	const links: Record<string, Array<{ platform: string; url: string }>> = {}
	if (postIds?.length === 0) return links
	const rows = await db
		.selectFrom('post_deliveries')
		.select(['post_id', 'platform', 'external_url'])
		.where('user_id', '=', userId)
		.$if(postIds !== undefined, (qb) => qb.where('post_id', 'in', postIds!))
		.where('status', '=', 'published')
		.where('external_url', 'is not', null)
		.orderBy('platform')
		.execute()
	for (const row of rows) (links[row.post_id] ??= []).push({ platform: row.platform, url: row.external_url! })
	return links
}
