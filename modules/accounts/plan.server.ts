import type { DbOrTrx } from '#modules/core/db.server.ts'
import type { SubscriptionType } from './types.ts'

/** Sets the user's plan (billing calls this inside its fulfilment transaction). */
export async function setSubscriptionType(db: DbOrTrx, userId: string, type: SubscriptionType) {
	await db.updateTable('profiles').set({ subscription_type: type, subscription_tier: type, plan: type }).where('id', '=', userId).execute()
}
