import { logActivity } from '#modules/activity/index.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import { fill, platformName, reasonFor, texts } from './messages.ts'
import { PlatformError, type Platform } from './ports.ts'
import type { PublisherContext } from './publisher-context.server.ts'
import { adapterFor } from './registry.ts'
import { openToken, sealToken } from './tokens.server.ts'

/**
 * A token refresh under a row lock (concurrent jobs must not burn a rotating refresh token twice).
 * true: refreshed; false: the account needs reconnecting (flagged and the user told);
 * 'later': the platform refused for now (too early, unreachable), the token stays as it is.
 */
export async function refreshToken({ db, adapters, box }: PublisherContext, tokenId: string, platform: Platform): Promise<boolean | 'later'> {
	return db.transaction().execute(async (trx) => {
		const row = await trx.selectFrom('social_tokens').selectAll().where('id', '=', tokenId).forUpdate().executeTakeFirstOrThrow()
		try {
			const fresh = await adapterFor(adapters, platform).refreshToken(openToken(box, row))
			await trx.updateTable('social_tokens').set({ ...sealToken(box, fresh), last_refreshed_at: new Date(), status: 'active', reconnect_reason: null }).where('id', '=', tokenId).execute()
			// Page tokens (Facebook) hang on the user token: read them again with the fresh one.
			const pages = await adapterFor(adapters, platform).listPages({ accountId: row.account_id, accessToken: fresh.accessToken, server: row.server, scopes: fresh.scopes })
			for (const page of pages) {
				if (!page.accessToken) continue
				await trx
					.updateTable('channels')
					.set({ access_token_encrypted: box.seal(page.accessToken) })
					.where('social_token_id', '=', tokenId)
					.where('page_id', '=', page.pageId)
					.execute()
			}
			return true
		} catch (error) {
			if (error instanceof PlatformError && error.kind !== 'auth_expired' && error.kind !== 'permission_missing') return 'later' as const
			const code = error instanceof PlatformError ? error.code : 'reconnect_required'
			await trx.updateTable('social_tokens').set({ status: 'reconnect_required', reconnect_reason: reasonFor(code) }).where('id', '=', tokenId).execute()
			await logActivity(trx, { userId: row.user_id, logType: 'social_connection', title: fill(texts.activity.reconnect, { platform: platformName(platform) }), description: reasonFor(code), status: 'warning', metadata: { platform } })
			await notifyChange(trx, { userId: row.user_id, topic: 'connections' })
			return false
		}
	})
}
