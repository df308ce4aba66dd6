import type { DbOrTrx } from '#modules/core/db.server.ts'

/** The plan every user without a live subscription is on. */
const FREE_PLAN = 'free'

/** How many channels the user's plan allows (plans.channel_limit, edited by the admin): the live subscription's plan, else Free. */
export async function channelLimitOf(db: DbOrTrx, userId: string): Promise<number> {
	const row = await db
		.selectFrom('plans')
		.select('channel_limit')
		.where((eb) =>
			eb(
				'id',
				'=',
				eb.fn.coalesce(
					eb.selectFrom('subscriptions').select('plan_id').where('user_id', '=', userId).where('status', '<>', 'canceled').limit(1),
					eb.val(FREE_PLAN),
				),
			),
		)
		.executeTakeFirst()
	return row?.channel_limit ?? 0
}
