import type { DbOrTrx } from '#modules/core/db.server.ts'
import type { SubscriptionType } from './types.ts'

/** Sets the user's plan (billing calls this inside its fulfilment transaction). */
export async function setSubscriptionType(db: DbOrTrx, userId: string, type: SubscriptionType) {
	await db.updateTable('profiles').set({ subscription_type: type, subscription_tier: type, plan: type }).where('id', '=', userId).execute()
}

/** Whether the user is on the Pro plan (what /pricing sells video with): subscription type, tier or plan 'pro'. */
export async function hasProPlan(db: DbOrTrx, userId: string) {
	const row = await db.selectFrom('profiles').select(['subscription_type', 'subscription_tier', 'plan']).where('id', '=', userId).executeTakeFirst()
	return Boolean(row && (row.subscription_type === 'pro' || row.subscription_tier === 'pro' || row.plan === 'pro'))
}
