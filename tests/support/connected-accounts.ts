// Accounts as a connect stores them (an active token and a default page per network), without the
// OAuth dance: for tests whose subject is not connecting, but which plan posts (planning refuses a
// network without a connected account).
import type { Kysely } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'

export async function connectAccounts(db: Kysely<DB>, userId: string, platforms: ReadonlyArray<string>) {
	for (const platform of platforms) {
		const token = await db
			.insertInto('social_tokens')
			.values({ user_id: userId, platform, account_id: `${platform}-${userId}`, account_name: platform, access_token_encrypted: 'not-used-here', status: 'active' })
			.onConflict((oc) => oc.doNothing())
			.returning('id')
			.executeTakeFirst()
		if (!token) continue
		await db.insertInto('channels').values({ user_id: userId, platform, page_id: `${platform}-page`, page_name: platform, social_token_id: token.id, is_default: true }).execute()
	}
}
