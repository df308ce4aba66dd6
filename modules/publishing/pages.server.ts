import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { connectionProblem } from './account-check.server.ts'
import { descriptorOf, type PlatformDescriptor } from './descriptor.ts'

export type ConnectedPageView = {
	id: string
	platform: string
	pageName: string
	pageType: string
	isDefault: boolean
	followerCount: number
	/** What stands in the way of publishing through it now (the editor shows it as a badge), or null. */
	problem: 'reconnect_required' | 'token_expired' | 'scope_missing' | null
}

/** The user's connected pages, by platform, then page type and name (spec order). */
export async function listConnectedPages(db: Db, descriptors: ReadonlyArray<PlatformDescriptor>, userId: string): Promise<Array<ConnectedPageView>> {
	const rows = await db
		.selectFrom('connected_pages')
		.innerJoin('social_tokens', 'social_tokens.id', 'connected_pages.social_token_id')
		.select(['connected_pages.id', 'connected_pages.platform', 'page_name', 'page_type', 'is_default', 'connected_pages.follower_count', 'social_tokens.status', 'social_tokens.expires_at', 'social_tokens.refresh_token_encrypted', 'social_tokens.refresh_expires_at', 'social_tokens.scopes'])
		.where('connected_pages.user_id', '=', userId)
		.orderBy('connected_pages.platform')
		.orderBy('page_type')
		.orderBy('page_name')
		.execute()
	const now = new Date()
	return rows.map((r) => ({
		id: r.id,
		platform: r.platform,
		pageName: r.page_name,
		pageType: r.page_type,
		isDefault: r.is_default,
		followerCount: r.follower_count,
		problem: descriptorOf(descriptors, r.platform) ? connectionProblem(descriptorOf(descriptors, r.platform)!, r, now) : null,
	}))
}

/**
 * The page a delivery goes to (its chosen page, else the user's default page of the platform) with
 * its account's sealed tokens: what publishing and the comment replies call the network with.
 */
export async function deliveryPage(db: DbOrTrx, delivery: { user_id: string; platform: string; connected_page_id: string | null }) {
	return db
		.selectFrom('connected_pages')
		.innerJoin('social_tokens', 'social_tokens.id', 'connected_pages.social_token_id')
		.select([
			'connected_pages.id as page_row_id',
			'connected_pages.page_id',
			'connected_pages.access_token_encrypted as page_token',
			'social_tokens.id as token_id',
			'social_tokens.account_id',
			'social_tokens.status as token_status',
			'social_tokens.access_token_encrypted',
			'social_tokens.refresh_token_encrypted',
			'social_tokens.expires_at',
			'social_tokens.scopes',
			'social_tokens.server',
		])
		.where('connected_pages.user_id', '=', delivery.user_id)
		.where('connected_pages.platform', '=', delivery.platform)
		.where((eb) => (delivery.connected_page_id ? eb('connected_pages.id', '=', delivery.connected_page_id) : eb('connected_pages.is_default', '=', true)))
		.executeTakeFirst()
}
