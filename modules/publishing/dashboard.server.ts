import { sql } from 'kysely'
import { jsonObjectFrom } from 'kysely/helpers/postgres'
import type { Db } from '#modules/core/db.server.ts'
import type { JsonPart } from '#modules/core/json-part.server.ts'

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
	return publishingDashboardOf(await publishingDashboardQuery(db, userId).executeTakeFirstOrThrow())
}

/** publishingDashboard as a part of a caller's statement; with `brandId` only that brand's channels, their deliveries and accounts. */
export function publishingDashboardPart(db: Db, userId: string, brandId: string | null = null): JsonPart<Figures | null, PublishingDashboard> {
	// The query has no FROM and always gives one row: the object is never null.
	return { json: jsonObjectFrom(publishingDashboardQuery(db, userId, brandId)), read: (row) => publishingDashboardOf(row!) }
}

function publishingDashboardQuery(db: Db, userId: string, brandId: string | null = null) {
	const brand = brandId ?? ''
	const brandChannels = (column: 'id' | 'social_token_id') => db.selectFrom('channels').select(column).where('user_id', '=', userId).where('brand_id', '=', brand)
	return db.selectNoFrom((eb) => [
		eb.selectFrom('channels').select(sql<string>`coalesce(sum(follower_count), 0)`.as('n')).where('user_id', '=', userId).$if(brandId !== null, (qb) => qb.where('brand_id', '=', brand)).as('followers'),
		eb.selectFrom('channels').select(eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).$if(brandId !== null, (qb) => qb.where('brand_id', '=', brand)).as('pages'),
		eb
			.selectFrom('post_deliveries')
			.select(eb.fn.countAll<string>().as('n'))
			.where('user_id', '=', userId)
			.where('status', 'in', ['failed', 'unconfirmed'])
			.$if(brandId !== null, (qb) => qb.where('channel_id', 'in', brandChannels('id')))
			.as('failed'),
		eb
			.selectFrom('social_tokens')
			.select(eb.fn.countAll<string>().as('n'))
			.where('user_id', '=', userId)
			.where('status', '=', 'reconnect_required')
			.$if(brandId !== null, (qb) => qb.where('id', 'in', brandChannels('social_token_id')))
			.as('reconnect'),
	])
}

// Strings in a row, numbers in JSON.
type Count = string | number | null
type Figures = { followers: Count; pages: Count; failed: Count; reconnect: Count }

function publishingDashboardOf(row: Figures): PublishingDashboard {
	return {
		followers: Number(row.followers ?? 0),
		connectedPages: Number(row.pages ?? 0),
		failedDeliveries: Number(row.failed ?? 0),
		reconnectAccounts: Number(row.reconnect ?? 0),
	}
}
