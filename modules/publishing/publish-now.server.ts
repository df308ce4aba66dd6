import { sql } from 'kysely'
import type { Db } from '#modules/core/db.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import { enqueueDelivery } from './deliveries.server.ts'
import { reasonFor } from './messages.ts'

export type DeliveryStatusView = {
	id: string
	platform: string
	status: 'pending' | 'scheduled' | 'publishing' | 'published' | 'unconfirmed' | 'failed' | 'cancelled'
	reason: string | null
	url: string | null
}

/** 'Jetzt posten': every open delivery of the user's post is due now (a job each). Returns null for another user's post. */
export async function publishNow(db: Db, userId: string, postId: string) {
	return db.transaction().execute(async (trx) => {
		const post = await trx.selectFrom('posts').select('id').where('id', '=', postId).where('user_id', '=', userId).executeTakeFirst()
		if (!post) return null
		const rows = await trx
			.updateTable('post_deliveries')
			.set({ status: 'scheduled', scheduled_at: sql`now()`, retry_at: null, error_code: null, error_message: null })
			.where('post_id', '=', postId)
			.where('user_id', '=', userId)
			.where('status', 'in', ['pending', 'scheduled', 'failed', 'cancelled'])
			.returning(['id', 'scheduled_at'])
			.execute()
		for (const row of rows) await enqueueDelivery(trx, row.id, row.scheduled_at!)
		await notifyChange(trx, { userId, topic: 'posts' })
		return rows.length
	})
}

/** The per-platform state of a post's deliveries (the publish-now toast waits for them). */
export async function deliveryStatus(db: Db, userId: string, postId: string): Promise<Array<DeliveryStatusView>> {
	const rows = await db
		.selectFrom('post_deliveries')
		.select(['id', 'platform', 'status', 'error_code', 'error_message', 'external_url'])
		.where('post_id', '=', postId)
		.where('user_id', '=', userId)
		.orderBy('platform')
		.execute()
	return rows.map((r) => ({
		id: r.id,
		platform: r.platform,
		status: r.status as DeliveryStatusView['status'],
		// The reason written when it failed (a preflight's names its figures), else the code's.
		reason: r.status === 'failed' || r.status === 'unconfirmed' ? (r.error_message ?? reasonFor(r.error_code)) : null,
		url: r.external_url,
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
