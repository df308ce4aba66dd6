import { sql } from 'kysely'
import type { Db } from '#modules/core/db.server.ts'

export type PublishingDashboard = {
	/** Sum of follower_count over the user's connected pages. */
	followers: number
	connectedPages: number
	/** Deliveries that failed or whose outcome the network never confirmed. */
	failedDeliveries: number
	/** Social accounts whose connection must be renewed ('reconnect_required'). */
	reconnectAccounts: number
}

/** The dashboard's publishing figures in one query. */
export async function publishingDashboard(db: Db, userId: string): Promise<PublishingDashboard> {
	const row = await db
		.selectNoFrom((eb) => [
			eb.selectFrom('connected_pages').select(sql<string>`coalesce(sum(follower_count), 0)`.as('n')).where('user_id', '=', userId).as('followers'),
			eb.selectFrom('connected_pages').select(eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).as('pages'),
			eb.selectFrom('post_deliveries').select(eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('status', 'in', ['failed', 'unconfirmed']).as('failed'),
			eb.selectFrom('social_tokens').select(eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('status', '=', 'reconnect_required').as('reconnect'),
		])
		.executeTakeFirstOrThrow()
	return {
		followers: Number(row.followers ?? 0),
		connectedPages: Number(row.pages ?? 0),
		failedDeliveries: Number(row.failed ?? 0),
		reconnectAccounts: Number(row.reconnect ?? 0),
	}
}
