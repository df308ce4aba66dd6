import type { Db } from '#modules/core/db.server.ts'

export type ConnectedPageView = {
	id: string
	platform: string
	pageName: string
	pageType: string
	isDefault: boolean
	followerCount: number
}

/** The user's connected pages, by platform, then page type and name (spec order). */
export async function listConnectedPages(db: Db, userId: string): Promise<Array<ConnectedPageView>> {
	const rows = await db
		.selectFrom('connected_pages')
		.select(['id', 'platform', 'page_name', 'page_type', 'is_default', 'follower_count'])
		.where('user_id', '=', userId)
		.orderBy('platform')
		.orderBy('page_type')
		.orderBy('page_name')
		.execute()
	return rows.map((r) => ({
		id: r.id,
		platform: r.platform,
		pageName: r.page_name,
		pageType: r.page_type,
		isDefault: r.is_default,
		followerCount: r.follower_count,
	}))
}
