import type { Db } from '#modules/core/db.server.ts'
import { rowsWithoutUserId } from '#modules/core/export.server.ts'

/**
 * The publishing module's part of the user's data export: connected accounts and channels, deliveries
 * and comment replies. Never the tokens: social_tokens.access_token_encrypted and
 * refresh_token_encrypted and channels.access_token_encrypted are left out, and so is the
 * table oauth_states (a connect in progress: a state hash and an encrypted PKCE verifier, minutes
 * long).
 */
export async function exportPublishingData(db: Db, userId: string) {
	const [accounts, pages, deliveries, commentReplies] = await Promise.all([
		db
			.selectFrom('social_tokens')
			.select([
				'id',
				'platform',
				'account_id',
				'account_name',
				'scopes',
				'status',
				'reconnect_reason',
				'sandbox',
				'follower_count',
				'engagement_rate',
				'expires_at',
				'refresh_expires_at',
				'last_refreshed_at',
				'last_synced_at',
				'created_at',
				'updated_at',
			])
			.where('user_id', '=', userId)
			.orderBy('created_at')
			.execute(),
		db
			.selectFrom('channels')
			.select(['id', 'social_token_id', 'platform', 'page_id', 'page_name', 'page_type', 'real_name', 'profile_picture_url', 'follower_count', 'is_default', 'brand_id', 'created_at', 'updated_at'])
			.where('user_id', '=', userId)
			.orderBy('created_at')
			.execute(),
		db.selectFrom('post_deliveries').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
		db.selectFrom('comment_replies').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
	])
	return { socialAccounts: accounts, channels: pages, deliveries: rowsWithoutUserId(deliveries), commentReplies: rowsWithoutUserId(commentReplies) }
}
