import type { Db } from '#modules/core/db.server.ts'
import { checkBrandName, isUuid, type BrandResult } from './brand-name.ts'
import { isUniqueViolation } from '#modules/core/db.server.ts'

/** Renames one of the user's brands; another user's brand id is "not found". */
export async function renameBrand(db: Db, userId: string, brandId: string, rawName: string): Promise<BrandResult> {
	const name = checkBrandName(rawName)
	if (!name.ok) return name
	if (!isUuid(brandId)) return { ok: false, error: 'not_found' }
	try {
		const row = await db.updateTable('brands').set({ name: name.name }).where('id', '=', brandId).where('user_id', '=', userId).returning('id').executeTakeFirst()
		return row ? { ok: true } : { ok: false, error: 'not_found' }
	} catch (error) {
		if (isUniqueViolation(error, 'brands_user_id_name_key')) return { ok: false, error: 'name_taken' }
		throw error
	}
}
