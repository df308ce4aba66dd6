import { sql } from 'kysely'
import type { Db, Trx } from '#modules/core/db.server.ts'

/** Deliveries not yet published (nothing is on the network, so their page may still change). */
const OPEN = ['pending', 'scheduled', 'failed', 'cancelled']

/**
 * The page of each network on a post's open deliveries. A choice that is not one of the user's
 * connected pages of that network is left out: the delivery keeps its page.
 */
export async function chooseDeliveryPages(trx: Trx, input: { postId: string; userId: string; pageIds: Partial<Record<string, string>> }) {
	const wanted = Object.entries(input.pageIds).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && /^[0-9a-f-]{36}$/i.test(entry[1]))
	if (wanted.length === 0) return
	const pages = await trx
		.selectFrom('channels')
		.select(['id', 'platform'])
		.where('user_id', '=', input.userId)
		.where('id', 'in', wanted.map(([, id]) => id))
		.execute()
	for (const [platform, pageId] of wanted) {
		if (!pages.some((p) => p.id === pageId && p.platform === platform)) continue
		await trx
			.updateTable('post_deliveries')
			.set({ channel_id: pageId })
			.where('post_id', '=', input.postId)
			.where('user_id', '=', input.userId)
			.where('platform', '=', platform)
			.where('status', 'in', OPEN)
			.execute()
	}
}

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
