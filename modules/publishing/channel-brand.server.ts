import { sql } from 'kysely'
import type { DbOrTrx } from '#modules/core/db.server.ts'

// Publishing owns the channels table; the brands module moves channels between a user's brands through
// these two functions (inside its own transaction). A brand has at most one default channel per network
// (channels_one_default): a moved channel stays the default only where its new brand has none of its
// network, and the brand it left gets its next channel of that network as default.

/** Moves one of the user's channels to another of the user's brands; false when the user has no such channel. */
export async function moveChannelToBrand(trx: DbOrTrx, userId: string, channelId: string, brandId: string): Promise<boolean> {
	const channel = await trx.selectFrom('channels').select(['id', 'brand_id', 'platform', 'is_default']).where('id', '=', channelId).where('user_id', '=', userId).forUpdate().executeTakeFirst()
	if (!channel) return false
	if (channel.brand_id === brandId) return true
	await trx
		.updateTable('channels')
		.set({
			brand_id: brandId,
			is_default: sql<boolean>`not exists (select 1 from channels o where o.brand_id = ${brandId} and o.platform = ${channel.platform} and o.is_default)`,
		})
		.where('id', '=', channel.id)
		.execute()
	if (channel.is_default) await promoteNextDefault(trx, channel.brand_id, channel.platform)
	return true
}

/** Moves every channel of one of the user's brands to another (deleting a brand); defaults as moveChannelToBrand. */
export async function moveChannelsOfBrand(trx: DbOrTrx, userId: string, fromBrandId: string, toBrandId: string): Promise<void> {
	await sql`
		update channels c set brand_id = ${toBrandId},
			is_default = c.is_default and not exists (select 1 from channels o where o.brand_id = ${toBrandId} and o.platform = c.platform and o.is_default)
		where c.user_id = ${userId} and c.brand_id = ${fromBrandId}`.execute(trx)
}

async function promoteNextDefault(trx: DbOrTrx, brandId: string, platform: string) {
	await sql`
		update channels set is_default = true
		where id = (select id from channels where brand_id = ${brandId} and platform = ${platform} order by created_at, id limit 1)
			and not exists (select 1 from channels o where o.brand_id = ${brandId} and o.platform = ${platform} and o.is_default)`.execute(trx)
}
