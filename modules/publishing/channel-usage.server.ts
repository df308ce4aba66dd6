import { channelLimitOf } from '#modules/billing/index.ts'
import type { Db } from '#modules/core/db.server.ts'

/** How many channels the user has and the plan allows ('N von M Kanälen'). */
export async function channelUsage({ db }: { db: Db }, userId: string) {
	const [used, limit] = await Promise.all([
		db.selectFrom('channels').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
		channelLimitOf(db, userId),
	])
	return { used: Number(used.n), limit }
}
