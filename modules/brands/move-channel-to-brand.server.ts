import type { Db } from '#modules/core/db.server.ts'
import { moveChannelToBrand as moveChannel } from '#modules/publishing/index.ts'
import { isUuid, type BrandResult } from './brand-name.ts'

/** Moves one of the user's channels to another of the user's brands (publishing updates its table). */
export async function moveChannelToBrand(db: Db, userId: string, channelId: string, brandId: string): Promise<BrandResult> {
	if (!isUuid(brandId)) return { ok: false, error: 'not_found' }
	if (!isUuid(channelId)) return { ok: false, error: 'channel_not_found' }
	return db.transaction().execute(async (trx) => {
		const brand = await trx.selectFrom('brands').select('id').where('id', '=', brandId).where('user_id', '=', userId).forShare().executeTakeFirst()
		if (!brand) return { ok: false, error: 'not_found' } as const
		return (await moveChannel(trx, userId, channelId, brandId)) ? ({ ok: true } as const) : ({ ok: false, error: 'channel_not_found' } as const)
	})
}
