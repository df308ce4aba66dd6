import { sql } from 'kysely'
import type { Db } from '#modules/core/db.server.ts'

/** Deliveries not yet published (nothing is on the network, so their page may still change). */
const OPEN = ['pending', 'scheduled', 'failed', 'cancelled']

/** The channels of the open deliveries of `postIds` (the user's own only), by post id: where the editor's channel picker starts. */
export async function openDeliveryChannels(db: Db, userId: string, postIds: ReadonlyArray<string>): Promise<Record<string, Array<string>>> {
	const channels: Record<string, Array<string>> = {}
	if (postIds.length === 0) return channels
	const rows = await db
		.selectFrom('post_deliveries')
		.select(['post_id', 'channel_id'])
		.where('user_id', '=', userId)
		.where(sql<boolean>`post_id = any(${[...postIds]}::uuid[])`)
		.where('status', 'in', OPEN)
		.where('channel_id', 'is not', null)
		.orderBy('created_at')
		.execute()
	for (const row of rows) (channels[row.post_id] ??= []).push(row.channel_id!)
	return channels
}
