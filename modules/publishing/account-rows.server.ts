import type { DbOrTrx } from '#modules/core/db.server.ts'
import type { SecretBox } from '#modules/core/crypto.server.ts'
import type { ConnectedAccount, PageInfo, Platform } from './ports.ts'
import { sealToken } from './tokens.server.ts'

/** Inserts the account's sealed token (with its server and limits), or refreshes it when the account is known; answers its id. */
export async function upsertAccountToken(trx: DbOrTrx, box: SecretBox, userId: string, platform: Platform, sandbox: boolean, account: ConnectedAccount) {
	return trx
		.insertInto('social_tokens')
		.values({
			user_id: userId,
			platform,
			account_id: account.accountId,
			account_name: account.accountName.slice(0, 300),
			sandbox,
			status: 'active',
			server: account.token.server ?? null,
			limits: account.limits ? JSON.stringify(account.limits) : null,
			last_refreshed_at: new Date(),
			...sealToken(box, account.token),
		})
		.onConflict((oc) =>
			oc.columns(['user_id', 'platform', 'account_id']).doUpdateSet((eb) => ({
				account_name: eb.ref('excluded.account_name'),
				access_token_encrypted: eb.ref('excluded.access_token_encrypted'),
				refresh_token_encrypted: eb.ref('excluded.refresh_token_encrypted'),
				expires_at: eb.ref('excluded.expires_at'),
				scopes: eb.ref('excluded.scopes'),
				sandbox: eb.ref('excluded.sandbox'),
				server: eb.ref('excluded.server'),
				limits: eb.ref('excluded.limits'),
				status: 'active',
				reconnect_reason: null,
				last_refreshed_at: new Date(),
			})),
		)
		.returning('id')
		.executeTakeFirstOrThrow()
}

/** Inserts one channel of the account, or moves a known one to this token with its fresh name, picture and page token. */
export async function upsertChannel(trx: DbOrTrx, box: SecretBox, userId: string, tokenId: string, platform: Platform, account: ConnectedAccount, page: PageInfo) {
	await trx
		.insertInto('channels')
		.values({
			user_id: userId,
			social_token_id: tokenId,
			platform,
			page_id: page.pageId,
			page_name: page.name.slice(0, 300),
			real_name: account.accountName.slice(0, 300),
			page_type: page.type,
			follower_count: page.followerCount ?? 0,
			profile_picture_url: page.pictureUrl,
			access_token_encrypted: page.accessToken ? box.seal(page.accessToken) : null,
		})
		.onConflict((oc) =>
			oc.columns(['user_id', 'platform', 'page_id']).doUpdateSet((eb) => ({
				social_token_id: eb.ref('excluded.social_token_id'),
				page_name: eb.ref('excluded.page_name'),
				real_name: eb.ref('excluded.real_name'),
				page_type: eb.ref('excluded.page_type'),
				follower_count: eb.ref('excluded.follower_count'),
				profile_picture_url: eb.ref('excluded.profile_picture_url'),
				access_token_encrypted: eb.ref('excluded.access_token_encrypted'),
			})),
		)
		.execute()
}
