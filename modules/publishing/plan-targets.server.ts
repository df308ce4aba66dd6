import { sql } from 'kysely'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import { PlanRefused, type PlanInput, type PlannedChannel } from '#modules/content/index.ts'
import type { ConnectionFacts } from './account-check.server.ts'
import { texts } from './messages.ts'
import type { AccountLimits } from './ports.ts'
import { isUuid } from '#modules/core/uuid.ts'

/** A channel with what planning checks of it: its connection's facts and its server's own limits. */
export type ChannelFacts = ConnectionFacts & { id: string; user_id: string; platform: string; name: string; brand_id: string; is_default: boolean; limits: AccountLimits | null }

/** Where one delivery of a post goes: a channel, or (no channel of the network in the brand) none. */
export type PlanTarget = { platform: string; channel: ChannelFacts | null }


/** The user's channels among `channelIds`, in the order given (duplicates dropped); one read. See DeliveryPlanner.channels. */
export async function plannedChannels(db: DbOrTrx, input: { userId: string; channelIds: ReadonlyArray<string>; gone?: 'refuse' | 'drop' }): Promise<Array<PlannedChannel>> {
	const wanted = [...new Set(input.channelIds)]
	const valid = wanted.filter((id) => isUuid(id))
	const rows = valid.length ? await db.selectFrom('channels').select(['id', 'platform', 'brand_id']).where('user_id', '=', input.userId).where('id', 'in', valid).execute() : []
	const found = wanted.flatMap((id) => rows.filter((row) => row.id === id))
	if (found.length < wanted.length && input.gone !== 'drop') throw new PlanRefused([texts.planning.channelUnknown])
	return found.map((row) => ({ id: row.id, platform: row.platform, brandId: row.brand_id }))
}

/** What a post asks for: a channel (of a network, when given), or a network (its brand's default channel). */
export type TargetWish = { platform: string | null; channelId: string | null }
export type TargetRequest = { userId: string; brandId?: string; wishes: ReadonlyArray<TargetWish> }

/** A post being planned, as wishes: its channels, else per network the page chosen for it (or the default). */
export function requestOf(input: PlanInput): TargetRequest {
	const wishes = input.channelIds?.length
		? [...new Set(input.channelIds)].map((channelId) => ({ platform: null, channelId }))
		: input.platforms.map((platform) => ({ platform, channelId: input.pageIds[platform] ?? null }))
	return { userId: input.userId, brandId: input.brandId, wishes }
}

/**
 * The channels the requests may go to, with their facts, in ONE read whatever their number: the
 * chosen ones and the users' default channels.
 */
async function loadChannels(db: DbOrTrx, requests: ReadonlyArray<TargetRequest>): Promise<Array<ChannelFacts>> {
	const userIds = [...new Set(requests.map((r) => r.userId))]
	const chosen = [...new Set(requests.flatMap((r) => r.wishes.map((w) => w.channelId)).filter((id): id is string => isUuid(id)))]
	if (userIds.length === 0) return []
	const rows = await db
		.selectFrom('channels as c')
		.leftJoin('social_tokens as t', 't.id', 'c.social_token_id')
		.select([
			'c.id',
			'c.user_id',
			'c.platform',
			'c.page_name as name',
			'c.brand_id',
			'c.is_default',
			'c.page_type',
			sql<string>`coalesce(t.status, 'missing')`.as('status'),
			't.expires_at',
			't.refresh_token_encrypted',
			't.refresh_expires_at',
			sql<Array<string>>`coalesce(t.scopes, '{}')`.as('scopes'),
			't.limits',
		])
		.where(sql<boolean>`c.user_id = any(${userIds}::uuid[])`)
		.where((eb) => eb.or([eb('c.is_default', '=', true), ...(chosen.length ? [eb(sql`c.id`, '=', sql`any(${chosen}::uuid[])`)] : [])]))
		.orderBy('c.created_at')
		.execute()
	return rows.map((row) => ({ ...row, limits: (row.limits as AccountLimits | null) ?? null }))
}

/**
 * One request's targets: each wished channel that is the user's (of the wished network); a network
 * without one goes to the default channel of the brand (without a brand: the user's first default of
 * it), or to none. A wished channel without a network that is gone is left out.
 */
function targetsOf(channels: ReadonlyArray<ChannelFacts>, request: TargetRequest): Array<PlanTarget> {
	const own = channels.filter((c) => c.user_id === request.userId)
	return request.wishes.flatMap((wish) => {
		const chosen = own.find((c) => c.id === wish.channelId && (wish.platform === null || c.platform === wish.platform))
		if (chosen) return [{ platform: chosen.platform, channel: chosen }]
		if (wish.platform === null) return []
		const fallback = own.find((c) => c.platform === wish.platform && c.is_default && (request.brandId === undefined || c.brand_id === request.brandId)) ?? null
		return [{ platform: wish.platform, channel: fallback }]
	})
}

/** The targets of each request (see targetsOf), from one read. */
export async function planTargets(db: DbOrTrx, requests: ReadonlyArray<TargetRequest>): Promise<Array<Array<PlanTarget>>> {
	const channels = await loadChannels(db, requests)
	return requests.map((request) => targetsOf(channels, request))
}
