import type { DbOrTrx } from '#modules/core/db.server.ts'

export type BrandView = { id: string; name: string; defaultAgentId: string | null }

/** The user's brands, oldest first (the first is where rows without a brand go, see fill_brand). */
export async function listBrands(db: DbOrTrx, userId: string): Promise<Array<BrandView>> {
	const rows = await db
		.selectFrom('brands')
		.select(['id', 'name', 'default_agent_id'])
		.where('user_id', '=', userId)
		.orderBy('created_at')
		.orderBy('id')
		.execute()
	return rows.map((r) => ({ id: r.id, name: r.name, defaultAgentId: r.default_agent_id }))
}
