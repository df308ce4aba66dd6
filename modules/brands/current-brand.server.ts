import { sql } from 'kysely'
import type { Db } from '#modules/core/db.server.ts'
import { isUuid } from './brand-name.ts'

/**
 * The brand the user chose (the switcher's cookie), when it is one of the user's; anything else (no
 * choice, 'Alle Marken', a deleted brand, another user's id) is null: all brands.
 */
export async function resolveBrand(db: Db, userId: string, chosen: string | null | undefined): Promise<string | null> {
	if (!isUuid(chosen)) return null
	const row = await db.selectFrom('brands').select('id').where('id', '=', chosen).where('user_id', '=', userId).executeTakeFirst()
	return row?.id ?? null
}

/**
 * The brand new posts and drafts go to: the chosen one, else ('Alle Marken') the user's first, made
 * now when the user has none yet (brand_of_owner, the migration's function). Always a brand: a
 * request repeated under its request id must name the same brand as the first time, when the brand
 * was made by the first insert (an idempotency conflict otherwise).
 */
export async function brandForNewContent(db: Db, userId: string, chosen: string | null | undefined): Promise<{ id: string; defaultAgentId: string | null } | null> {
	await sql`select brand_of_owner(${userId}::uuid)`.execute(db)
	const row = await db
		.selectFrom('brands')
		.select(['id', 'default_agent_id'])
		.where('user_id', '=', userId)
		.orderBy((eb) => eb('id', '=', isUuid(chosen) ? chosen : null), 'desc')
		.orderBy('created_at')
		.orderBy('id')
		.limit(1)
		.executeTakeFirst()
	return row ? { id: row.id, defaultAgentId: row.default_agent_id } : null
}
