import { moveActivityOfBrand } from '#modules/activity/index.ts'
import { moveAgentsOfBrand } from '#modules/agents/index.ts'
import { moveContentOfBrand } from '#modules/content/index.ts'
import type { Db, Trx } from '#modules/core/db.server.ts'
import { moveChannelsOfBrand } from '#modules/publishing/index.ts'
import { isUuid, type BrandResult } from './brand-name.ts'

/** What a brand's deletion asks of news (news reads brands, so brands takes this at composition): its ideas move along. */
export type BrandIdeas = { moveIdeasOfBrand: (trx: Trx, userId: string, fromBrandId: string, toBrandId: string) => Promise<void> }

/**
 * Deletes one of the user's brands and moves everything it owns (channels, posts, drafts, agents, the
 * activity entries about its posts, content ideas) to another of the user's brands, in one transaction
 * (ADR 0047): nothing is lost, and a brand with posts can go. The last brand stays (every user has one).
 */
export async function deleteBrand(db: Db, ideas: BrandIdeas, userId: string, brandId: string, moveToBrandId: string): Promise<BrandResult> {
	if (!isUuid(brandId)) return { ok: false, error: 'not_found' }
	if (!isUuid(moveToBrandId) || moveToBrandId === brandId) return { ok: false, error: 'target_not_found' }
	return db.transaction().execute(async (trx) => {
		// Both brands locked: a parallel delete of the target cannot leave the moved rows without a brand.
		const brands = await trx.selectFrom('brands').select('id').where('user_id', '=', userId).where('id', 'in', [brandId, moveToBrandId]).orderBy('id').forUpdate().execute()
		if (!brands.some((b) => b.id === brandId)) return { ok: false, error: 'not_found' }
		if (!brands.some((b) => b.id === moveToBrandId)) return { ok: false, error: 'target_not_found' }
		await moveChannelsOfBrand(trx, userId, brandId, moveToBrandId)
		await moveContentOfBrand(trx, userId, brandId, moveToBrandId)
		await moveAgentsOfBrand(trx, userId, brandId, moveToBrandId)
		await moveActivityOfBrand(trx, userId, brandId, moveToBrandId)
		await ideas.moveIdeasOfBrand(trx, userId, brandId, moveToBrandId)
		// Its news settings, news items and news run log go with it (made from its settings, they are no one else's).
		await trx.deleteFrom('brands').where('id', '=', brandId).where('user_id', '=', userId).execute()
		return { ok: true }
	})
}
