import { sql } from 'kysely'
import { brandDirectory } from '#modules/brands/index.ts'
import type { DbOrTrx } from '#modules/core/db.server.ts'

// Content settings, news items, ideas and the daily run are a brand's (ADR 0047). Callers name the brand
// (the switcher's, checked); without one ('Alle Marken', the settings API, the toolbox) it is the user's
// first brand, the brand fill_brand gives rows inserted without one.

/**
 * The brand of a news read or write as an expression: the given one, else the user's first (null while
 * the user has none: a read finds nothing, an insert gets the one fill_brand makes).
 */
export function newsBrand(userId: string, brandId: string | null | undefined) {
	return brandId ? sql<string>`${brandId}::uuid` : brandDirectory.firstBrandSql(userId)
}

/** The brand of a news run: the given one, else the user's first, made now when the user has none. */
export async function newsBrandId(db: DbOrTrx, userId: string, brandId: string | null | undefined): Promise<string> {
	return brandId || brandDirectory.brandOfOwner(db, userId)
}

/** Deleting a brand: its ideas go to the brand that takes its posts (its settings, news and run log go with it). */
export async function moveIdeasOfBrand(trx: DbOrTrx, userId: string, fromBrandId: string, toBrandId: string) {
	await trx.updateTable('content_ideas').set({ brand_id: toBrandId }).where('user_id', '=', userId).where('brand_id', '=', fromBrandId).execute()
}
