import { sql, type RawBuilder } from 'kysely'
import { postBrandSql } from '#modules/content/index.ts'
import { executePrepared, type Db } from '#modules/core/db.server.ts'

// Which channels a post goes to (issue 38): cards, calendar chips, hover cards, mails and the
// 'post.scheduled' webhook name them. A delivery names its channel; one without (its account was
// disconnected, or it was planned before channels) goes to its network's default channel in the
// post's brand, as publishing sends it (deliveryPagesSql).

/** A channel as a post names it: its id, network and name. */
export type PostChannel = { id: string; platform: string; name: string }

/** The channel a delivery `d` (post_deliveries) goes to, as a part of a caller's statement: its own, else its brand's default of the network. */
export function deliveryChannelIdSql(delivery = 'd') {
	const d = (column: string) => sql.ref(`${delivery}.${column}`)
	return sql<string>`coalesce(${d('channel_id')}, (select o.id from channels o where o.user_id = ${d('user_id')} and o.platform = ${d('platform')} and o.is_default and o.brand_id = (${postBrandSql(d('post_id'))})))`
}

/** The channels of `postIds` (the user's own only), in one query, by post id; each post's by network, then name. */
export async function postChannels(db: Db, userId: string, postIds: ReadonlyArray<string>): Promise<Record<string, Array<PostChannel>>> {
	const channels: Record<string, Array<PostChannel>> = {}
	if (postIds.length === 0) return channels
	// One text whatever the number of posts (the ids as one array parameter): prepared once per connection.
	const query = sql<{ post_id: string; id: string; platform: string; name: string }>`
		select distinct d.post_id, c.id, c.platform, c.page_name as name
		from post_deliveries d
		join channels c on c.id = ${deliveryChannelIdSql()}
		where d.user_id = ${userId} and d.post_id = any(${[...new Set(postIds)]}::uuid[])
		order by d.post_id, c.platform, c.page_name`
	const { rows } = await executePrepared(db, 'publishing_post_channels', query)
	for (const row of rows) (channels[row.post_id] ??= []).push({ id: row.id, platform: row.platform, name: row.name })
	return channels
}

/**
 * The channels of the post `postId` names, as JSON `[{ id, network, name }]` inside a caller's
 * statement (the 'post.scheduled' webhook, written with the planning).
 */
export function postChannelsJsonSql(postId: RawBuilder<unknown>) {
	return sql<Array<{ id: string; network: string; name: string }>>`(
		select coalesce(json_agg(json_build_object('id', c.id, 'network', c.platform, 'name', c.page_name) order by c.platform, c.page_name), '[]'::json)
		from (select distinct ${deliveryChannelIdSql()} as channel_id from post_deliveries d where d.post_id = ${postId}) v
		join channels c on c.id = v.channel_id)`
}

/**
 * Whether the post `postId` names has a delivery to the user's channel `channelId`, as a condition
 * inside a caller's statement (the calendar's channel filter).
 */
export function postGoesToChannelSql(input: { userId: string; channelId: string; postId: RawBuilder<unknown> }) {
	return sql<boolean>`exists (
		select 1 from post_deliveries d
		where d.post_id = ${input.postId} and d.user_id = ${input.userId} and ${deliveryChannelIdSql()} = ${input.channelId}::uuid)`
}

/** The user's channels (of one brand, when given) as a filter lists them: by network, then name; one query. */
export async function channelOptions(db: Db, userId: string, brandId: string | null): Promise<Array<PostChannel>> {
	return db
		.selectFrom('channels')
		.select(['id', 'platform', 'page_name as name'])
		.where('user_id', '=', userId)
		.$if(brandId !== null, (qb) => qb.where('brand_id', '=', brandId ?? ''))
		.orderBy('platform')
		.orderBy('page_name')
		.orderBy('id')
		.execute()
}

/** The name of the channel the delivery `deliveryId` goes to (its mails name it); null when it has none. */
export async function deliveryChannelName(db: Db, deliveryId: string): Promise<string | null> {
	const { rows } = await sql<{ name: string }>`
		select c.page_name as name from post_deliveries d join channels c on c.id = ${deliveryChannelIdSql()} where d.id = ${deliveryId}`.execute(db)
	return rows[0]?.name ?? null
}
