import { sql } from 'kysely'
import type { ConnectionDeps } from './connection-deps.ts'
import type { Platform } from './ports.ts'

export type ConnectionView = {
	id: string
	platform: Platform
	accountName: string
	status: 'active' | 'reconnect_required' | 'revoked'
	reconnectReason: string | null
	sandbox: boolean
	expiresAt: string | null
	followerCount: number
	/** The instance an account of an instance network lives on (its reconnect needs no server field). */
	server: string | null
	pages: Array<{ id: string; pageId: string; name: string; type: string; followerCount: number; isDefault: boolean; pictureUrl: string | null; brandName: string }>
}

/** The user's connections with their pages, in two queries. */
export async function listConnections({ db, brands }: Pick<ConnectionDeps, 'db' | 'brands'>, userId: string): Promise<Array<ConnectionView>> {
	const [tokens, pages] = await Promise.all([
		db
			.selectFrom('social_tokens')
			.select(['id', 'platform', 'account_name', 'status', 'reconnect_reason', 'sandbox', 'expires_at', 'follower_count', 'server'])
			.where('user_id', '=', userId)
			.orderBy('platform')
			.orderBy('created_at')
			.execute(),
		// The brand's name in the same statement, as brands reads it (its port).
		db
			.selectFrom('channels')
			.select(['channels.id', 'channels.social_token_id', 'channels.page_id', 'channels.page_name', 'channels.page_type', 'channels.follower_count', 'channels.is_default', 'channels.profile_picture_url'])
			.select(brands.brandNameSql(sql.ref('channels.brand_id')).as('brand_name'))
			.where('channels.user_id', '=', userId)
			.orderBy('channels.page_type')
			.orderBy('channels.page_name')
			.execute(),
	])
	return tokens.map((t) => ({
		id: t.id,
		platform: t.platform as Platform,
		accountName: t.account_name,
		status: t.status as ConnectionView['status'],
		reconnectReason: t.reconnect_reason,
		sandbox: t.sandbox,
		expiresAt: t.expires_at?.toISOString() ?? null,
		followerCount: t.follower_count,
		server: t.server,
		pages: pages
			.filter((p) => p.social_token_id === t.id)
			.map((p) => ({ id: p.id, pageId: p.page_id, name: p.page_name, type: p.page_type, followerCount: p.follower_count, isDefault: p.is_default, pictureUrl: p.profile_picture_url, brandName: p.brand_name })),
	}))
}
