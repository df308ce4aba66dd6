import type { Db } from '#modules/core/db.server.ts'

/** The brands part of 'Daten exportieren': the user's brands, oldest first (without user_id). */
export async function exportBrands(db: Db, userId: string) {
	const brands = await db.selectFrom('brands').select(['id', 'name', 'default_agent_id', 'created_at', 'updated_at']).where('user_id', '=', userId).orderBy('created_at').execute()
	return { brands }
}
