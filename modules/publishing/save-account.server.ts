import { sql } from 'kysely'
import { logActivity } from '#modules/activity/index.ts'
import { channelLimitOf } from '#modules/billing/index.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import type { ConnectionDeps } from './connection-deps.ts'
import { upsertAccountToken, upsertChannel } from './account-rows.server.ts'
import { electDefaults } from './default-channels.server.ts'
import { platformName } from './messages.ts'
import type { ConnectedAccount, PageInfo, Platform } from './ports.ts'

/** A stored account: how many of its channels did not fit the plan's limit; refused when none did. */
export type SavedAccount = { ok: true; leftOut: number; limit: number } | { ok: false; error: 'channel_limit'; limit: number }

/**
 * Stores a connected account: its sealed token (with its server and limits) and its channels. Another
 * account of the same network is added beside the ones before (ADR 0044); the same account again
 * keeps its channels. New channels are added while the plan has room (counted under a per-user lock,
 * so parallel connects cannot pass the limit); each network keeps one default channel per brand.
 * Answers how many channels were left out for the plan's limit, or `refused` when none fit.
 */
export async function saveAccount({ db, box }: Pick<ConnectionDeps, 'db' | 'box'>, userId: string, platform: Platform, sandbox: boolean, account: ConnectedAccount): Promise<SavedAccount> {
	return db.transaction().execute(async (trx) => {
		await sql`select pg_advisory_xact_lock(hashtextextended(${`channels:${userId}`}, 0))`.execute(trx)
		const { kept, leftOut, limit } = await pagesWithinLimit(trx, userId, platform, account.pages)
		if (kept.length === 0 && account.pages.length > 0) return { ok: false, error: 'channel_limit', limit }
		const token = await upsertAccountToken(trx, box, userId, platform, sandbox, account)
		for (const page of kept) await upsertChannel(trx, box, userId, token.id, platform, account, page)
		await electDefaults(trx, userId, platform)
		await logActivity(trx, {
			userId,
			logType: 'social_connection',
			title: `${platformName(platform)} verbunden`,
			description: account.accountName,
			status: 'success',
			metadata: { platform, sandbox, leftOut },
		})
		await notifyChange(trx, { userId, topic: 'connections' })
		return { ok: true, leftOut, limit }
	})
}

/** The account's pages that are kept: those connected before, and new ones while the plan has room. */
async function pagesWithinLimit(trx: DbOrTrx, userId: string, platform: Platform, pages: Array<PageInfo>) {
	const limit = await channelLimitOf(trx, userId)
	const existing = await trx.selectFrom('channels').select(['page_id', 'platform']).where('user_id', '=', userId).execute()
	const known = new Set(existing.filter((c) => c.platform === platform).map((c) => c.page_id))
	// Channels connected before stay; new ones take the room the plan has left, in the network's order.
	const room = Math.max(0, limit - existing.length)
	const added = pages.filter((page) => !known.has(page.pageId)).slice(0, room)
	const kept = pages.filter((page) => known.has(page.pageId) || added.includes(page))
	return { kept, leftOut: pages.length - kept.length, limit }
}
