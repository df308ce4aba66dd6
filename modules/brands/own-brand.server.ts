import { sql, type RawBuilder } from 'kysely'
import type { DbOrTrx } from '#modules/core/db.server.ts'

// Brands' reads for the modules whose rows carry a brand (content's posts and drafts, publishing's
// channels, news' settings and ideas). Brands imports content and publishing (a deleted brand's rows
// move with their owners), so they get these as ports at composition (server/compose.ts); news, whose
// ideas brands moves through a port, reads them from brandDirectory.

/** Whether `brandId` is one of the user's brands: one read, inside the caller's transaction. */
export async function ownsBrand(db: DbOrTrx, userId: string, brandId: string): Promise<boolean> {
	const row = await db.selectFrom('brands').select('id').where('user_id', '=', userId).where('id', '=', brandId).executeTakeFirst()
	return row !== undefined
}

/** The name of the brand `brandId` names, as a part of a caller's statement (a channel's brand on 'Konten'). */
export function brandNameSql(brandId: RawBuilder<unknown> | ReturnType<typeof sql.ref>) {
	return sql<string>`(select b.name from brands b where b.id = ${brandId})`
}

/** The user's first brand (the oldest) as a part of a caller's statement; null while the user has none. */
export function firstBrandSql(userId: string) {
	return sql<string>`(select b.id from brands b where b.user_id = ${userId}::uuid order by b.created_at, b.id limit 1)`
}

/** The user's first brand, made now when the user has none yet (brand_of_owner, the migration's function). */
export async function brandOfOwner(db: DbOrTrx, userId: string): Promise<string> {
	const row = await sql<{ id: string }>`select brand_of_owner(${userId}::uuid) as id`.execute(db)
	return row.rows[0]!.id
}

/** The brands (id, created_at) of the user `userId` names, as a part of a caller's statement (e.g. a lateral join per user). */
export function brandsOfUserSql(userId: RawBuilder<unknown> | ReturnType<typeof sql.ref>) {
	return sql<{ id: string; created_at: Date }>`(select b.id, b.created_at from brands b where b.user_id = ${userId})`
}
