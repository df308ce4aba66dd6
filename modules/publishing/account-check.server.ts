import { sql } from 'kysely'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import { descriptorOf, type PlatformDescriptor } from './descriptor.ts'
import { fill, platformName, texts } from './messages.ts'

// The account half of the preflight: what the user's connection allows, read from our own tables
// (no network call). Planning checks that an account is connected, the grant's scopes and the
// network's posting quota; publishing now also needs a working connection (planned posts get the
// one-hour-before check instead).

export type AccountProblemCode = 'not_connected' | 'reconnect_required' | 'token_expired' | 'scope_missing' | 'quota_reached'
export type AccountProblem = { platform: string; code: AccountProblemCode; message: string }

export type AccountCheckInput = {
	userId: string
	platforms: ReadonlyArray<string>
	/** The page chosen per platform (else the platform's default page). */
	pageIds?: Partial<Record<string, string | null>>
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

type PageFacts = ConnectionFacts & { id: string; platform: string; is_default: boolean }

/** The user's default pages of `platforms` and the chosen ones, with their connections' facts (one query). */
function loadPages(db: DbOrTrx, userId: string, platforms: ReadonlyArray<string>, chosen: ReadonlyArray<string>): Promise<Array<PageFacts>> {
	return db
		.selectFrom('channels')
		.innerJoin('social_tokens', 'social_tokens.id', 'channels.social_token_id')
		.select(['channels.id', 'channels.platform', 'channels.is_default', 'channels.page_type', 'social_tokens.status', 'social_tokens.expires_at', 'social_tokens.refresh_token_encrypted', 'social_tokens.refresh_expires_at', 'social_tokens.scopes'])
		.where('channels.user_id', '=', userId)
		.where('channels.platform', 'in', platforms)
		.where((eb) => eb.or([eb('channels.is_default', '=', true), ...(chosen.length ? [eb('channels.id', 'in', chosen)] : [])]))
		.execute()
}

/** When the user's posts on a network with a quota go out, strictly between `from` and `to` (one query). */
async function loadQuotaTimes(db: DbOrTrx, userId: string, platform: string, range: { from: Date; to: Date; exceptPostId?: string; limit?: number }): Promise<Array<Date>> {
	const rows = await db
		.selectFrom('post_deliveries')
		.select(sql<Date>`coalesce(published_at, scheduled_at)`.as('at'))
		.where('user_id', '=', userId)
		.where('platform', '=', platform)
		.where('status', 'in', ['scheduled', 'publishing', 'published', 'unconfirmed'])
		.$if(range.exceptPostId !== undefined, (qb) => qb.where('post_id', '<>', range.exceptPostId!))
		.where(sql<Date>`coalesce(published_at, scheduled_at)`, '>', range.from)
		.where(sql<Date>`coalesce(published_at, scheduled_at)`, '<', range.to)
		.$if(range.limit !== undefined, (qb) => qb.limit(range.limit!))
		.execute()
	return rows.map((r) => new Date(r.at))
}

const quotaOf = (descriptors: ReadonlyArray<PlatformDescriptor>, platform: string) => descriptorOf(descriptors, platform)?.account?.quota ?? null

/** The problems of one post, judged on facts loaded before (pages, and the quota networks' post times). */
function judgeAccount(descriptors: ReadonlyArray<PlatformDescriptor>, pages: ReadonlyArray<PageFacts>, quotaTimes: (platform: string) => ReadonlyArray<Date>, input: AccountCheckInput): Array<AccountProblem> {
	const platforms = input.platforms.filter((p) => descriptorOf(descriptors, p))
	const problems: Array<AccountProblem> = []
	const add = (platform: string, code: AccountProblemCode, values: Record<string, string> = {}) =>
		problems.push({ platform, code, message: fill((texts.accountCheck as Record<string, string>)[code]!, { platform: platformName(platform), ...values }) })
	const quotas: Array<{ platform: string; posts: number; hours: number }> = []
	for (const platform of platforms) {
		const descriptor = descriptorOf(descriptors, platform)!
		const quota = descriptor.account?.quota
		if (quota) quotas.push({ platform, ...quota })
		const wanted = input.pageIds?.[platform]
		const page = pages.find((p) => p.platform === platform && (wanted ? p.id === wanted : p.is_default)) ?? pages.find((p) => p.platform === platform && p.is_default)
		// No account at all cannot be fixed by the one-hour-before check's reminder: refused at any planning.
		if (!page) {
			add(platform, 'not_connected')
			continue
		}
		const problem = connectionProblem(descriptor, page, input.at)
		// A connection to renew is the one-hour-before check's business for a post planned later; a missing scope is not.
		if (problem && (input.now || problem === 'scope_missing')) {
			add(platform, problem)
			continue
		}
	}
	for (const quota of quotas) {
		const span = quota.hours * 3600_000
		const near = quotaTimes(quota.platform).filter((t) => Math.abs(t.getTime() - input.at.getTime()) < span)
		if (near.length < quota.posts) continue
		if (busiestWindow(near, input.at, quota.hours) > quota.posts) add(quota.platform, 'quota_reached', { limit: String(quota.posts), hours: String(quota.hours) })
	}
	return problems
}

export async function accountProblems(db: DbOrTrx, descriptors: ReadonlyArray<PlatformDescriptor>, input: AccountCheckInput): Promise<Array<AccountProblem>> {
	const platforms = input.platforms.filter((p) => descriptorOf(descriptors, p))
	if (platforms.length === 0) return []
	const chosen = Object.values(input.pageIds ?? {}).filter((id): id is string => Boolean(id))
	const pages = await loadPages(db, input.userId, platforms, chosen)
	const times = new Map<string, Array<Date>>()
	for (const platform of platforms) {
		const quota = quotaOf(descriptors, platform)
		if (!quota) continue
		const span = quota.hours * 3600_000
		const range = { from: new Date(input.at.getTime() - span), to: new Date(input.at.getTime() + span), exceptPostId: input.postId, limit: quota.posts * 2 + 1 }
		times.set(platform, await loadQuotaTimes(db, input.userId, platform, range))
	}
	return judgeAccount(descriptors, pages, (platform) => times.get(platform) ?? [], input)
}

/**
 * accountProblems for many new posts of one user (a CSV import), on facts loaded once: `problems`
 * judges a post, `planned` counts a post that was planned against the quota of the posts after it,
 * as planning them one by one would.
 */
export async function accountChecks(db: DbOrTrx, descriptors: ReadonlyArray<PlatformDescriptor>, userId: string, inputs: ReadonlyArray<AccountCheckInput>) {
	const platforms = [...new Set(inputs.flatMap((i) => i.platforms))].filter((p) => descriptorOf(descriptors, p))
	const chosen = [...new Set(inputs.flatMap((i) => Object.values(i.pageIds ?? {}).filter((id): id is string => Boolean(id))))]
	const pages = platforms.length ? await loadPages(db, userId, platforms, chosen) : []
	const times = new Map<string, Array<Date>>()
	const instants = inputs.map((i) => i.at.getTime())
	for (const platform of platforms) {
		const quota = quotaOf(descriptors, platform)
		if (!quota || instants.length === 0) continue
		const span = quota.hours * 3600_000
		times.set(platform, await loadQuotaTimes(db, userId, platform, { from: new Date(Math.min(...instants) - span), to: new Date(Math.max(...instants) + span) }))
	}
	return {
		problems: (input: AccountCheckInput) => judgeAccount(descriptors, pages, (platform) => times.get(platform) ?? [], input),
		planned(input: AccountCheckInput) {
			for (const platform of input.platforms) times.get(platform)?.push(input.at)
		},
	}
}
