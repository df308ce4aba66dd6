import { sql } from 'kysely'
import { logActivity } from '#modules/activity/index.ts'
import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import { electDefaults } from './default-channels.server.ts'
import { platformName } from './messages.ts'
import type { Platform } from './ports.ts'

/**
 * Disconnects one of the user's accounts: its token and its channels go (their deliveries keep
 * no channel, see unassignDeliveries); the user's other accounts of the network stay, and one
 * of their channels becomes the default where the gone one was. Null when the account is not
 * this user's.
 */
export async function disconnect({ db }: { db: Db }, userId: string, accountId: string) {
	return db.transaction().execute(async (trx) => {
		const account = await trx
			.selectFrom('social_tokens')
			.select(['id', 'platform', 'account_name'])
			.where('user_id', '=', userId)
			.where('id', '=', accountId)
			.forUpdate()
			.executeTakeFirst()
		if (!account) return null
		const platform = account.platform as Platform
		await unassignDeliveries(trx, userId, account.id)
		await trx.deleteFrom('channels').where('user_id', '=', userId).where('social_token_id', '=', account.id).execute()
		await trx.deleteFrom('social_tokens').where('id', '=', account.id).execute()
		await electDefaults(trx, userId, platform)
		await logActivity(trx, { userId, logType: 'social_connection', title: `${platformName(platform)} getrennt`, description: account.account_name, status: 'info', metadata: { platform } })
		await notifyChange(trx, { userId, topic: 'connections' })
		return { platform, accountName: account.account_name }
	})
}

/**
 * Before an account's channels go, their deliveries lose the channel (the foreign key sets null; ADR
 * 0044). Those that went out keep their records; of those that have not, a post keeps one
 * channel-less delivery per network (a unique index over the open statuses): the oldest (ADR 0046).
 */
async function unassignDeliveries(trx: DbOrTrx, userId: string, accountId: string) {
	await sql`
		delete from post_deliveries d using (
			select id, row_number() over (partition by post_id, platform order by created_at, id) as rank
			from post_deliveries
			where user_id = ${userId} and status in ('pending', 'scheduled', 'failed', 'cancelled')
			and (channel_id is null or channel_id in (select id from channels where user_id = ${userId} and social_token_id = ${accountId}))
		) ranked
		where d.id = ranked.id and ranked.rank > 1`.execute(trx)
}
