import type { Db } from '#modules/core/db.server.ts'
import { checkBrandName, type BrandResult } from './brand-name.ts'
import { isUniqueViolation } from '#modules/core/db.server.ts'

/** A new brand of the user; the name is unique per user (the database's unique (user_id, name) decides races). */
export async function createBrand(db: Db, userId: string, rawName: string): Promise<BrandResult<{ id: string }>> {
	const name = checkBrandName(rawName)
	if (!name.ok) return name
	try {
		const row = await db.insertInto('brands').values({ user_id: userId, name: name.name }).returning('id').executeTakeFirstOrThrow()
		return { ok: true, id: row.id }
	} catch (error) {
		if (isUniqueViolation(error, 'brands_user_id_name_key')) return { ok: false, error: 'name_taken' }
		throw error
	}
}
