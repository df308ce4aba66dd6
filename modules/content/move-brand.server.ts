import type { DbOrTrx } from '#modules/core/db.server.ts'

/** Moves the posts and drafts of one of the user's brands to another (deleting a brand, in its transaction). */
export async function moveContentOfBrand(trx: DbOrTrx, userId: string, fromBrandId: string, toBrandId: string): Promise<void> {
	await trx.updateTable('posts').set({ brand_id: toBrandId }).where('user_id', '=', userId).where('brand_id', '=', fromBrandId).execute()
	await trx.updateTable('drafts').set({ brand_id: toBrandId }).where('user_id', '=', userId).where('brand_id', '=', fromBrandId).execute()
}
