import { sql } from 'kysely'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import { descriptorOf, type PlatformDescriptor } from './descriptor.ts'
import { channelLabel, fill, platformName, texts } from './messages.ts'
import type { PlanTarget } from './plan-targets.server.ts'

// The account half of the preflight: what the user's connection allows, read from our own tables
// (no network call). Planning checks that an account is connected, the grant's scopes and the
// network's posting quota; publishing now also needs a working connection (planned posts get the
// one-hour-before check instead).

export type AccountProblemCode = 'not_connected' | 'reconnect_required' | 'token_expired' | 'scope_missing' | 'quota_reached'
export type AccountProblem = { platform: string; channelId: string | null; code: AccountProblemCode; message: string }

export type AccountCheckInput = {
	/** Where the post goes: a channel per delivery (planTargets), or none for a network without one. */
	targets: ReadonlyArray<PlanTarget>
	/** When the post goes out. */
	at: Date
	/** Due now ('Jetzt posten'): the connection must work at once. */
	now: boolean
	/** The post being planned: its own deliveries do not count against the quota. */
	postId?: string
}

/** A granted scope covers itself and, as Mastodon's do, its children ('write' covers 'write:statuses'). */
export function scopeGranted(granted: ReadonlyArray<string>, needed: string) {
	return granted.includes(needed) || granted.includes(needed.split(':')[0]!)
}

/** The most posts in any window of `hours` that holds `at`, counting a post at `at` (windows start at a post). */
export function busiestWindow(times: ReadonlyArray<Date>, at: Date, hours: number) {
	const span = hours * 3600_000
	const moment = at.getTime()
	const all = [...times.map((t) => t.getTime()), moment]
	let most = 0
	for (const start of all) {
		if (start > moment || start <= moment - span) continue
		most = Math.max(most, all.filter((t) => t >= start && t < start + span).length)
	}
	return most
}

export type ConnectionFacts = {
	status: string
	page_type: string
	expires_at: Date | null
	refresh_token_encrypted: string | null
	refresh_expires_at: Date | null
	scopes: Array<string>
}

/** What stands in the way of publishing through a connected page at `at`, or null. */
export function connectionProblem(descriptor: PlatformDescriptor, page: ConnectionFacts, at: Date): Exclude<AccountProblemCode, 'not_connected' | 'quota_reached'> | null {
	if (page.status !== 'active') return 'reconnect_required'
	const expired = page.expires_at !== null && page.expires_at <= at
	const refreshable = page.refresh_token_encrypted !== null && (page.refresh_expires_at === null || page.refresh_expires_at > at)
	if (expired && !refreshable && descriptor.refresh !== 'none') return 'token_expired'
	const needed = descriptor.account?.publishScopes?.[page.page_type] ?? descriptor.account?.publishScopes?.['*'] ?? []
	if (page.scopes.length > 0 && needed.some((scope) => !scopeGranted(page.scopes, scope))) return 'scope_missing'
	return null
}

/** How a reason names where it applies: the network, and the channel's name when there is one ("LinkedIn (Bäckerei AG)"). */
export function targetLabel(target: PlanTarget) {
	return channelLabel(target.platform, target.channel?.name)
}

/**
 * Each channel's deliveries on a network with a quota around the posts' times (strictly within a
 * window of them), by channel id; one query. A delivery without a channel goes to its brand's default
 * channel when published (deliveryPagesSql): it counts for the user's default channels of its network.
 */
async function loadQuotaTimes(db: DbOrTrx, descriptors: ReadonlyArray<PlatformDescriptor>, inputs: ReadonlyArray<AccountCheckInput>, exceptPostId?: string): Promise<Map<string, Array<Date>>> {
	const times = new Map<string, Array<Date>>()
	const capped = inputs.flatMap((input) => input.targets.flatMap((t) => (t.channel && quotaOf(descriptors, t.platform) ? [{ channel: t.channel, at: input.at.getTime(), span: quotaOf(descriptors, t.platform)!.hours * 3600_000 }] : [])))
	if (capped.length === 0) return times
	const span = Math.max(...capped.map((c) => c.span))
	const from = new Date(Math.min(...capped.map((c) => c.at)) - span)
	const to = new Date(Math.max(...capped.map((c) => c.at)) + span)
	const channels = [...new Map(capped.map((c) => [c.channel.id, c.channel])).values()]
	const defaults = channels.filter((c) => c.is_default)
	const at = sql<Date>`coalesce(published_at, scheduled_at)`
	const rows = await db
		.selectFrom('post_deliveries')
		.select(['channel_id', 'user_id', 'platform', at.as('at')])
		.where((eb) =>
			eb.or([
				eb(sql`channel_id`, '=', sql`any(${channels.map((c) => c.id)}::uuid[])`),
				...(defaults.length ? [eb.and([eb('channel_id', 'is', null), eb(sql`user_id`, '=', sql`any(${[...new Set(defaults.map((c) => c.user_id))]}::uuid[])`), eb(sql`platform`, '=', sql`any(${[...new Set(defaults.map((c) => c.platform))]}::text[])`)])] : []),
			]),
		)
		.where('status', 'in', ['scheduled', 'publishing', 'published', 'unconfirmed'])
		.$if(exceptPostId !== undefined, (qb) => qb.where('post_id', '<>', exceptPostId!))
		.where(at, '>', from)
		.where(at, '<', to)
		.execute()
	const note = (id: string, when: Date) => (times.get(id) ?? times.set(id, []).get(id)!).push(when)
	for (const row of rows) {
		if (row.channel_id) note(row.channel_id, new Date(row.at))
		else for (const channel of defaults) if (channel.user_id === row.user_id && channel.platform === row.platform) note(channel.id, new Date(row.at))
	}
	return times
}

const quotaOf = (descriptors: ReadonlyArray<PlatformDescriptor>, platform: string) => descriptorOf(descriptors, platform)?.account?.quota ?? null

/** The problems of one post, per channel, judged on facts loaded before (the channels, and the capped channels' post times). */
function judgeAccount(descriptors: ReadonlyArray<PlatformDescriptor>, quotaTimes: (channelId: string) => ReadonlyArray<Date>, input: AccountCheckInput): Array<AccountProblem> {
	const problems: Array<AccountProblem> = []
	const add = (target: PlanTarget, code: AccountProblemCode, values: Record<string, string> = {}) => {
		const message = fill((texts.accountCheck as Record<string, string>)[code]!, { platform: platformName(target.platform), ...values })
		problems.push({ platform: target.platform, channelId: target.channel?.id ?? null, code, message: target.channel ? `${targetLabel(target)}: ${message}` : message })
	}
	for (const target of input.targets) {
		const descriptor = descriptorOf(descriptors, target.platform)
		if (!descriptor) continue
		// No account at all cannot be fixed by the one-hour-before check's reminder: refused at any planning.
		if (!target.channel) {
			add(target, 'not_connected')
			continue
		}
		const problem = connectionProblem(descriptor, target.channel, input.at)
		// A connection to renew is the one-hour-before check's business for a post planned later; a missing scope is not.
		if (problem && (input.now || problem === 'scope_missing')) {
			add(target, problem)
			continue
		}
		const quota = descriptor.account?.quota
		if (!quota) continue
		const near = quotaTimes(target.channel.id).filter((t) => Math.abs(t.getTime() - input.at.getTime()) < quota.hours * 3600_000)
		if (near.length >= quota.posts && busiestWindow(near, input.at, quota.hours) > quota.posts) add(target, 'quota_reached', { limit: String(quota.posts), hours: String(quota.hours) })
	}
	return problems
}

/** What stands in the way of one post's channels (see AccountProblemCode), in at most one query. */
export async function accountProblems(db: DbOrTrx, descriptors: ReadonlyArray<PlatformDescriptor>, input: AccountCheckInput): Promise<Array<AccountProblem>> {
	const times = await loadQuotaTimes(db, descriptors, [input], input.postId)
	return judgeAccount(descriptors, (id) => times.get(id) ?? [], input)
}

/**
 * accountProblems for many new posts of one user (a CSV import), on facts loaded once: `problems`
 * judges a post, `planned` counts a post that was planned against the quota of the posts after it,
 * as planning them one by one would.
 */
export async function accountChecks(db: DbOrTrx, descriptors: ReadonlyArray<PlatformDescriptor>, inputs: ReadonlyArray<AccountCheckInput>) {
	const times = await loadQuotaTimes(db, descriptors, inputs)
	return {
		problems: (input: AccountCheckInput) => judgeAccount(descriptors, (id) => times.get(id) ?? [], input),
		planned(input: AccountCheckInput) {
			for (const target of input.targets) if (target.channel && quotaOf(descriptors, target.platform)) (times.get(target.channel.id) ?? times.set(target.channel.id, []).get(target.channel.id)!).push(input.at)
		},
	}
}
