import { recordAdminAction, type AdminActor } from '#modules/activity/index.ts'
import type { Db, DbOrTrx } from '#modules/core/db.server.ts'

/** One plan in the admin's 'Tarife': what the admin edits here (the channel limit). */
export type AdminPlan = { id: string; name: string; channelLimit: number }

export async function listPlanLimits(db: DbOrTrx): Promise<Array<AdminPlan>> {
	const rows = await db.selectFrom('plans').select(['id', 'name', 'channel_limit']).orderBy('sort_order').orderBy('id').execute()
	return rows.map((r) => ({ id: r.id, name: r.name, channelLimit: r.channel_limit }))
}

/**
 * Sets how many channels a plan allows, with its audit row in the same transaction. Channels connected
 * before stay when the limit drops below them: the limit holds for the next connect. False for an unknown plan.
 */
export async function setPlanChannelLimit(db: Db, actor: AdminActor, planId: string, channelLimit: number) {
	return db.transaction().execute(async (trx) => {
		const before = await trx.selectFrom('plans').select('channel_limit').where('id', '=', planId).forUpdate().executeTakeFirst()
		if (!before) return false
		await trx.updateTable('plans').set({ channel_limit: channelLimit }).where('id', '=', planId).execute()
		await recordAdminAction(trx, actor, { action: 'plan.channel_limit_changed', targetType: 'plan', targetId: planId, details: { from: before.channel_limit, to: channelLimit } })
		return true
	})
}
