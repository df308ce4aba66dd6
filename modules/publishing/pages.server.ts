import { sql, type RawBuilder } from 'kysely'
import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { connectionProblem } from './account-check.server.ts'
import { descriptorOf, type PlatformDescriptor } from './descriptor.ts'

export type ConnectedPageView = {
	id: string
	platform: string
	pageName: string
	pageType: string
	isDefault: boolean
	followerCount: number
	/** What stands in the way of publishing through it now (the editor shows it as a badge), or null. */
	problem: 'reconnect_required' | 'token_expired' | 'scope_missing' | null
}

/** The user's connected pages, by platform, then page type and name (spec order). */
export async function listConnectedPages(db: Db, descriptors: ReadonlyArray<PlatformDescriptor>, userId: string): Promise<Array<ConnectedPageView>> {
	const rows = await db
		.selectFrom('connected_pages')
		.innerJoin('social_tokens', 'social_tokens.id', 'connected_pages.social_token_id')
		.select(['connected_pages.id', 'connected_pages.platform', 'page_name', 'page_type', 'is_default', 'connected_pages.follower_count', 'social_tokens.status', 'social_tokens.expires_at', 'social_tokens.refresh_token_encrypted', 'social_tokens.refresh_expires_at', 'social_tokens.scopes'])
		.where('connected_pages.user_id', '=', userId)
		.orderBy('connected_pages.platform')
		.orderBy('page_type')
		.orderBy('page_name')
		.execute()
	const now = new Date()
	return rows.map((r) => ({
		id: r.id,
		platform: r.platform,
		pageName: r.page_name,
		pageType: r.page_type,
		isDefault: r.is_default,
		followerCount: r.follower_count,
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

type PageOf = { user_id: string; platform: string; connected_page_id: string | null }

/**
 * The page a delivery goes to (its chosen page, else the user's default page of the platform) with
 * its account's sealed tokens: what publishing and the comment replies call the network with.
 */
export async function deliveryPage(db: DbOrTrx, delivery: PageOf): Promise<DeliveryPage | undefined> {
	return (await deliveryPages(db, [delivery]))[0]
}

/** deliveryPage for several deliveries in one query, in their order (undefined: no such page). */
export async function deliveryPages(db: DbOrTrx, deliveries: ReadonlyArray<PageOf>): Promise<Array<DeliveryPage | undefined>> {
	if (deliveries.length === 0) return []
	const wanted = JSON.stringify(deliveries.map((d, i) => ({ i, user_id: d.user_id, platform: d.platform, page_id: d.connected_page_id })))
	const { rows } = await deliveryPagesSql(sql`select v.i::text as key, v.user_id, v.platform, v.page_id from json_to_recordset(${wanted}::json) as v(i int, user_id uuid, platform text, page_id uuid)`).execute(db)
	const byIndex = new Map(rows.map(({ key, ...page }) => [Number(key), page]))
	return deliveries.map((_, i) => byIndex.get(i))
}

/**
 * deliveryPages inside a statement: `source` selects (key text, user_id, platform, connected_page_id
 * as page_id); one row per key that has a page (a JSON page read back with pageFromJson).
 */
export function deliveryPagesSql(source: RawBuilder<unknown>) {
	return sql<DeliveryPage & { key: string }>`
		select distinct on (v.key) v.key, p.id as page_row_id, p.page_id, p.access_token_encrypted as page_token, t.id as token_id, t.account_id,
			t.status as token_status, t.access_token_encrypted, t.refresh_token_encrypted, t.expires_at, t.scopes, t.server
		from (${source}) v
		join connected_pages p on p.user_id = v.user_id and p.platform = v.platform and (case when v.page_id is null then p.is_default else p.id = v.page_id end)
		join social_tokens t on t.id = p.social_token_id
		order by v.key`
}

/** A page of deliveryPagesSql that came back as JSON (`to_json`): its time as a Date again. */
export function pageFromJson({ key: _key, ...page }: Omit<DeliveryPage, 'expires_at'> & { key?: string; expires_at: string | null }): DeliveryPage {
	return { ...page, expires_at: page.expires_at === null ? null : new Date(page.expires_at) }
}
