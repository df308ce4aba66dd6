import { sql, type RawBuilder } from 'kysely'
import { postBrandSql } from '#modules/content/index.ts'
import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { connectionProblem } from './account-check.server.ts'
import { descriptorOf, type PlatformDescriptor } from './descriptor.ts'

export type ChannelView = {
	id: string
	platform: string
	pageName: string
	/** 'personal' (a member profile, an account) or 'business' (an organization or Facebook page). */
	pageType: string
	/** The brand the channel belongs to; `isDefault`: its brand's default channel of the network. */
	brandId: string
	isDefault: boolean
	followerCount: number
	pictureUrl: string | null
	/** The account (social_tokens row) whose token the channel publishes with, and its name. */
	accountId: string
	accountName: string
	/** What stands in the way of publishing through it now (the editor shows it as a badge), or null. */
	problem: 'reconnect_required' | 'token_expired' | 'scope_missing' | null
}

/** The user's channels (of one brand, when given), by platform, then page type and name (spec order). */
export async function listChannels(db: Db, descriptors: ReadonlyArray<PlatformDescriptor>, userId: string, options: { brandId?: string } = {}): Promise<Array<ChannelView>> {
	let query = db
		.selectFrom('channels')
		.innerJoin('social_tokens', 'social_tokens.id', 'channels.social_token_id')
		.select([
			'channels.id', 'channels.platform', 'page_name', 'page_type', 'brand_id', 'is_default', 'channels.follower_count', 'profile_picture_url',
			'social_tokens.id as account_id', 'social_tokens.account_name', 'social_tokens.status', 'social_tokens.expires_at',
			'social_tokens.refresh_token_encrypted', 'social_tokens.refresh_expires_at', 'social_tokens.scopes',
		])
		.where('channels.user_id', '=', userId)
	if (options.brandId) query = query.where('channels.brand_id', '=', options.brandId)
	const rows = await query.orderBy('channels.platform').orderBy('page_type').orderBy('page_name').orderBy('channels.id').execute()
	const now = new Date()
	return rows.map((r) => ({
		id: r.id,
		platform: r.platform,
		pageName: r.page_name,
		pageType: r.page_type,
		brandId: r.brand_id,
		isDefault: r.is_default,
		followerCount: r.follower_count,
		pictureUrl: r.profile_picture_url,
		accountId: r.account_id,
		accountName: r.account_name,
		problem: descriptorOf(descriptors, r.platform) ? connectionProblem(descriptorOf(descriptors, r.platform)!, r, now) : null,
	}))
}

/** What publishing and the comment replies call the network with: a page and its account's sealed tokens. */
export type DeliveryPage = {
	page_row_id: string
	page_id: string
	page_token: string | null
	token_id: string
	account_id: string
	token_status: string
	access_token_encrypted: string
	refresh_token_encrypted: string | null
	expires_at: Date | null
	scopes: Array<string>
	server: string | null
}

/** A delivery as its page is looked up: with its post, a delivery without a channel goes to the post's brand's default. */
type PageOf = { user_id: string; platform: string; channel_id: string | null; post_id?: string | null }

/**
 * The channel a delivery goes to (its own, else the default channel of the network in its post's
 * brand) with its account's sealed tokens: what publishing and the comment replies call the network with.
 */
export async function deliveryPage(db: DbOrTrx, delivery: PageOf): Promise<DeliveryPage | undefined> {
	return (await deliveryPages(db, [delivery]))[0]
}

/** deliveryPage for several deliveries in one query, in their order (undefined: no such page). */
export async function deliveryPages(db: DbOrTrx, deliveries: ReadonlyArray<PageOf>): Promise<Array<DeliveryPage | undefined>> {
	if (deliveries.length === 0) return []
	const wanted = JSON.stringify(deliveries.map((d, i) => ({ i, user_id: d.user_id, platform: d.platform, page_id: d.channel_id, post_id: d.post_id ?? null })))
	const { rows } = await deliveryPagesSql(
		sql`select v.i::text as key, v.user_id, v.platform, v.page_id, v.post_id from json_to_recordset(${wanted}::json) as v(i int, user_id uuid, platform text, page_id uuid, post_id uuid)`,
	).execute(db)
	const byIndex = new Map(rows.map(({ key, ...page }) => [Number(key), page]))
	return deliveries.map((_, i) => byIndex.get(i))
}

/**
 * deliveryPages inside a statement: `source` selects (key text, user_id, platform, channel_id
 * as page_id, post_id); one row per key that has a page (a JSON page read back with pageFromJson).
 * A delivery without a channel (its account was disconnected, or planned before channels) goes to
 * the default channel of its network in its post's brand; without a post, any default of the user's.
 */
export function deliveryPagesSql(source: RawBuilder<unknown>) {
	return sql<DeliveryPage & { key: string }>`
		select distinct on (v.key) v.key, p.id as page_row_id, p.page_id, p.access_token_encrypted as page_token, t.id as token_id, t.account_id,
			t.status as token_status, t.access_token_encrypted, t.refresh_token_encrypted, t.expires_at, t.scopes, t.server
		from (${source}) v
		join channels p on p.user_id = v.user_id and p.platform = v.platform
			and (case when v.page_id is null then p.is_default and (v.post_id is null or p.brand_id = (${postBrandSql(sql.ref('v.post_id'))})) else p.id = v.page_id end)
		join social_tokens t on t.id = p.social_token_id
		order by v.key`
}

/** A page of deliveryPagesSql that came back as JSON (`to_json`): its time as a Date again. */
export function pageFromJson({ key: _key, ...page }: Omit<DeliveryPage, 'expires_at'> & { key?: string; expires_at: string | null }): DeliveryPage {
	return { ...page, expires_at: page.expires_at === null ? null : new Date(page.expires_at) }
}
