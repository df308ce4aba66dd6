import type { DbOrTrx } from '#modules/core/db.server.ts'

/** Deleting a brand: its entries go with its posts to the brand that takes them (ADR 0047). */
export async function moveActivityOfBrand(trx: DbOrTrx, userId: string, fromBrandId: string, toBrandId: string) {
	await trx.updateTable('activity_logs').set({ brand_id: toBrandId }).where('user_id', '=', userId).where('brand_id', '=', fromBrandId).execute()
}
