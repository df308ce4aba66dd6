import type { Kysely } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'

/** A working default account for each of `platforms` (planning refuses a network without one). */
export async function connectAccounts(db: Kysely<DB>, userId: string, platforms: ReadonlyArray<string>) {
	for (const platform of platforms) {
		const token = await db
			.insertInto('social_tokens')
			.values({ user_id: userId, platform, account_id: `${platform}-${userId}`, account_name: 'Testkonto', access_token_encrypted: 'x', status: 'active' })
			.returning('id')
			.executeTakeFirstOrThrow()
		await db.insertInto('connected_pages').values({ user_id: userId, social_token_id: token.id, platform, page_id: `${platform}-page-${userId}`, page_name: 'Testseite', is_default: true }).execute()
	}
}
