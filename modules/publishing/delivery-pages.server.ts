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

/** The chosen page of each network on the open deliveries of `postIds` (the user's own only), by post id. */
export async function openDeliveryPages(db: Db, userId: string, postIds: ReadonlyArray<string>): Promise<Record<string, Partial<Record<string, string>>>> {
	const pages: Record<string, Partial<Record<string, string>>> = {}
	if (postIds.length === 0) return pages
	const rows = await db
		.selectFrom('post_deliveries')
		.select(['post_id', 'platform', 'channel_id'])
		.where('user_id', '=', userId)
		.where(sql<boolean>`post_id = any(${[...postIds]}::uuid[])`)
		.where('status', 'in', OPEN)
		.where('channel_id', 'is not', null)
		.execute()
	for (const row of rows) (pages[row.post_id] ??= {})[row.platform] = row.channel_id!
	return pages
}
