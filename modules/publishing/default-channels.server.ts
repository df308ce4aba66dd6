import { sql } from 'kysely'
import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import type { Platform } from './ports.ts'

/** One default channel per network and brand: keep the existing one, else the first channel. */
export async function electDefaults(trx: DbOrTrx, userId: string, platform: Platform) {
	await sql`
		update channels c set is_default = true
		where c.id in (
			select distinct on (brand_id) id from channels where user_id = ${userId} and platform = ${platform}
			order by brand_id, page_type, page_name
		)
		and not exists (select 1 from channels d where d.brand_id = c.brand_id and d.platform = ${platform} and d.is_default)`.execute(trx)
}

/**
 * Makes one channel its brand's default of the network: clear, then set, in one transaction (the
 * partial unique index per brand and network guards); the other brands keep theirs.
 */
export async function setDefaultPage({ db }: { db: Db }, userId: string, pageId: string) {
	return db.transaction().execute(async (trx) => {
		const page = await trx.selectFrom('channels').select(['id', 'platform', 'brand_id']).where('user_id', '=', userId).where('id', '=', pageId).executeTakeFirst()
		if (!page) return false
		await trx.updateTable('channels').set({ is_default: false }).where('user_id', '=', userId).where('brand_id', '=', page.brand_id).where('platform', '=', page.platform).where('is_default', '=', true).execute()
		await trx.updateTable('channels').set({ is_default: true }).where('id', '=', page.id).execute()
		await notifyChange(trx, { userId, topic: 'connections' })
		return true
	})
}
