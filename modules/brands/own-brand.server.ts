import { sql, type RawBuilder } from 'kysely'
import type { DbOrTrx } from '#modules/core/db.server.ts'

// Brands' reads for the modules whose rows carry a brand (content's posts and drafts, publishing's
// channels). Brands imports those modules (a deleted brand's rows move with their owners), so they
// get these as ports at composition (server/compose.ts), never by importing brands.

/** Whether `brandId` is one of the user's brands: one read, inside the caller's transaction. */
export async function ownsBrand(db: DbOrTrx, userId: string, brandId: string): Promise<boolean> {
	const row = await db.selectFrom('brands').select('id').where('user_id', '=', userId).where('id', '=', brandId).executeTakeFirst()
	return row !== undefined
}

/** The name of the brand `brandId` names, as a part of a caller's statement (a channel's brand on 'Konten'). */
export function brandNameSql(brandId: RawBuilder<unknown> | ReturnType<typeof sql.ref>) {
	return sql<string>`(select b.name from brands b where b.id = ${brandId})`
}
