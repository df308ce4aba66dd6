import { sql } from 'kysely'
import type { Clock } from '#modules/core/clock.server.ts'
import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import { errorFields, type Logger } from '#modules/core/logger.server.ts'
import type { Platform } from '#modules/core/platform-id.ts'
import { hitRateLimit } from '#modules/core/rate-limit.server.ts'
import { feedLabel } from './feeds.ts'
import { addContentIdeas, freshIdeas, storedIdeaKeys, type NewIdea } from './ideas.server.ts'
import type { IdeaContext, IdeaNews } from './idea-templates.ts'
import { FeedError, type FeedContent, type FeedReader } from './ports.ts'
import { rankEntries, type RankedEntry, type SourcedEntry } from './rank.ts'
import { markRefreshFailed } from './read.server.ts'
import { newsBrandId } from './brand.server.ts'
import { getContentSettings, type ContentSettings } from './settings.server.ts'
import type { NewsWriter } from './writer.server.ts'

// The news of the day for one brand of a user: read the brand's feeds in parallel (each with its own
// deadline), keep what mentions its keywords, rank, summarise in German, store, and derive four content
// ideas. A feed that cannot be read is reported as such; nothing is ever invented. Without a brand
// ('Alle Marken', the daily job of a user without brands) it is the user's first (ADR 0047).

/** Whose news: the user and one of the user's brands. */
type Owner = { userId: string; brandId: string }

/** `platforms`: the registered platform ids (stored ideas name only these). */
export type NewsDeps = { db: Db; feeds: FeedReader | null; writer: NewsWriter; logger: Logger; clock: Clock; platforms: ReadonlyArray<Platform> }

/** How one source fared in a run (shown on /news after a refresh). */
export type SourceReport = { url: string; name: string; ok: boolean; items: number; error: string | null }

export type NewsRunResult =
	| { status: 'ok'; news: number; ideas: number; sources: Array<SourceReport> }
	/** Every feed failed: nothing stored. */
	| { status: 'unreachable'; sources: Array<SourceReport> }
	/** The feeds were read, but nothing mentions the user's keywords. */
	| { status: 'no_matches'; sources: Array<SourceReport> }
	| { status: 'no_keywords' }
	/** The user removed every source. */
	| { status: 'no_sources' }
	/** The daily run: today's news exist already (the generation log has today's row). */
	| { status: 'already_done' }
	| { status: 'rate_limited'; retryAfterSeconds: number }

export const FEED_TIMEOUT_MS = 8_000
export const NEWS_PER_RUN = 10
export const IDEAS_PER_RUN = 4
export const REFRESH_LIMIT = { hits: 3, windowSeconds: 600 }
export const IDEAS_LIMIT = { hits: 10, windowSeconds: 600 }

/** The words an item must mention: the news keywords, then the content keywords. */
export function matchTerms(settings: Pick<ContentSettings, 'keywords' | 'newsKeywords'>) {
	return [...new Set([...settings.newsKeywords, ...settings.keywords])]
}

type Collected = { ranked: Array<RankedEntry>; sources: Array<SourceReport> }

/** Reads every feed at once; each has FEED_TIMEOUT_MS (and the caller's signal). */
async function collect(deps: NewsDeps, settings: ContentSettings, signal?: AbortSignal, cache?: FeedCache): Promise<Collected> {
	const reader = deps.feeds
	const results = await Promise.all(
		settings.feeds.map(async (url): Promise<{ report: SourceReport; entries: Array<SourcedEntry> }> => {
			const name = feedLabel(url)
			if (!reader) return { report: { url, name, ok: false, items: 0, error: 'Das Lesen von Feeds ist nicht eingerichtet.' }, entries: [] }
			try {
				const timeout = AbortSignal.timeout(FEED_TIMEOUT_MS)
				const feed = await (cache ? cache.read(reader, url, signal ? AbortSignal.any([signal, timeout]) : timeout) : reader.read(url, signal ? AbortSignal.any([signal, timeout]) : timeout))
				const source = feed.title.trim() || name
				return { report: { url, name: source, ok: true, items: feed.items.length, error: null }, entries: feed.items.map((item) => ({ ...item, source })) }
			} catch (error) {
				if (signal?.aborted) throw error
				const message = error instanceof FeedError ? error.message : 'Der Feed konnte nicht gelesen werden.'
				if (!(error instanceof FeedError)) deps.logger.warn('news_feed_failed', { url, ...errorFields(error) })
				return { report: { url, name, ok: false, items: 0, error: message }, entries: [] }
			}
		}),
	)
	const entries = results.flatMap((r) => r.entries)
	return { ranked: rankEntries(entries, matchTerms(settings), { now: deps.clock.now(), limit: NEWS_PER_RUN }), sources: results.map((r) => r.report) }
}

const isoDate = (iso: string | null) => (iso ? iso.slice(0, 10) : null)

/** Summaries (in parallel), the rows upserted by (brand, url), the ideas; all on `trx`. */
async function store(deps: NewsDeps, trx: DbOrTrx, owner: Owner, settings: ContentSettings, ranked: Array<RankedEntry>, signal?: AbortSignal) {
	const { userId, brandId } = owner
	const summaries = await Promise.all(ranked.map((entry) => deps.writer.summarise(entry, signal)))
	const rows = ranked.map((entry, i) => ({
		user_id: userId,
		brand_id: brandId,
		title: entry.title.slice(0, 500),
		content: (summaries[i] ?? '').slice(0, 20_000),
		source: entry.source.slice(0, 500),
		url: entry.link && entry.link.length <= 2048 ? entry.link : null,
		published_date: isoDate(entry.published),
		keywords: entry.matched,
		trending: entry.trending,
	}))
	if (rows.length) {
		await trx
			.insertInto('news_items')
			.values(rows)
			.onConflict((oc) =>
				oc.columns(['brand_id', 'url']).doUpdateSet((eb) => ({
					title: eb.ref('excluded.title'),
					content: eb.ref('excluded.content'),
					source: eb.ref('excluded.source'),
					published_date: eb.ref('excluded.published_date'),
					keywords: eb.ref('excluded.keywords'),
					trending: eb.ref('excluded.trending'),
					created_at: sql<Date>`now()`,
				})).where('news_items.user_id', '=', userId),
			)
			.execute()
	}
	const news: Array<IdeaNews> = ranked.map((entry) => ({ title: entry.title, source: entry.source, publishedDate: isoDate(entry.published), trending: entry.trending, keywords: entry.matched }))
	const ideas = await newIdeas(deps, trx, owner, news, { niche: settings.niche, targetAudience: settings.targetAudience, keywords: matchTerms(settings) }, 0, signal)
	const stored = await addContentIdeas(trx, userId, ideas, deps.platforms, brandId)
	await notifyChange(trx, { userId, topic: 'news' })
	return { news: rows.length, ideas: stored.length }
}

/** How often the writer is asked again (the next variant) while its ideas are stored already; fewer for a remote writer. */
const IDEA_ATTEMPTS = { local: 12, remote: 3 }

/**
 * Up to IDEAS_PER_RUN ideas the brand does not have yet (by ideaKey): variant `first` of the writer,
 * then the next ones (the news rotated, other templates) while its answer repeats stored ideas.
 */
async function newIdeas(deps: NewsDeps, db: DbOrTrx, owner: Owner, news: ReadonlyArray<IdeaNews>, context: IdeaContext, first: number, signal?: AbortSignal) {
	const seen = await storedIdeaKeys(db, owner.userId, owner.brandId)
	const fresh: Array<NewIdea> = []
	const attempts = deps.writer.testMode ? IDEA_ATTEMPTS.local : IDEA_ATTEMPTS.remote
	for (let attempt = 0; attempt < attempts && fresh.length < IDEAS_PER_RUN; attempt++) {
		const variant = first + attempt
		const shift = news.length ? (variant * IDEAS_PER_RUN) % news.length : 0
		const rotated = [...news.slice(shift), ...news.slice(0, shift)]
		fresh.push(...freshIdeas(await deps.writer.ideas(rotated, context, IDEAS_PER_RUN, variant, signal), seen))
	}
	return fresh.slice(0, IDEAS_PER_RUN)
}

/** The user's calendar day in their time zone (yyyy-MM-dd). */
export async function userToday(db: DbOrTrx, userId: string): Promise<string | null> {
	const row = await sql<{ today: string }>`select (now() at time zone time_zone)::date::text as today from users where id = ${userId}`.execute(db)
	return row.rows[0]?.today ?? null
}

class Unreachable extends Error {
	readonly result: NewsRunResult
	constructor(result: NewsRunResult) {
		super('all feeds failed')
		this.result = result
	}
}

/**
 * The daily run (job): once per brand and day. The generation log row for `date` is claimed first
 * (insert ... on conflict do nothing) in the transaction that stores the news, so a second run,
 * also a concurrent one, finds the day taken and does nothing. When every feed fails the claim is
 * rolled back, so a later run of the same day tries again.
 */
export async function runDailyNews(
	deps: NewsDeps,
	userId: string,
	date?: string,
	options: { signal?: AbortSignal; cache?: FeedCache; brandId?: string | null } = {},
): Promise<NewsRunResult> {
	const settings = await getContentSettings(deps.db, userId, options.brandId ?? null)
	if (matchTerms(settings).length === 0) return { status: 'no_keywords' }
	if (settings.feeds.length === 0) return { status: 'no_sources' }
	const day = date ?? (await userToday(deps.db, userId))
	if (!day) return { status: 'already_done' }
	const owner = { userId, brandId: await newsBrandId(deps.db, userId, options.brandId) }
	try {
		return await deps.db.transaction().execute(async (trx) => {
			const claimed = await trx
				.insertInto('user_news_generation_log')
				.values({ user_id: userId, brand_id: owner.brandId, last_generated_date: day })
				.onConflict((oc) => oc.columns(['brand_id', 'last_generated_date']).doNothing())
				.returning('id')
				.executeTakeFirst()
			if (!claimed) return { status: 'already_done' as const }
			const { ranked, sources } = await collect(deps, settings, options.signal, options.cache)
			if (sources.length > 0 && sources.every((s) => !s.ok)) throw new Unreachable({ status: 'unreachable', sources })
			if (ranked.length === 0) {
				await notifyChange(trx, { userId, topic: 'news' })
				return { status: 'no_matches' as const, sources }
			}
			const counts = await store(deps, trx, owner, settings, ranked, options.signal)
			return { status: 'ok' as const, ...counts, sources }
		})
	} catch (error) {
		await markRefreshFailed(deps.db, userId, owner.brandId).catch(() => {})
		if (error instanceof Unreachable) return error.result
		throw error
	}
}

/**
 * 'Aktualisieren' on /news: a real new run of the brand's news now (not bound by the daily guard, but
 * by a rate limit of REFRESH_LIMIT per user). It also counts as the brand's run of today for the daily job.
 */
export async function refreshNews(deps: NewsDeps, userId: string, signal?: AbortSignal, brandId: string | null = null): Promise<NewsRunResult> {
	const settings = await getContentSettings(deps.db, userId, brandId)
	if (matchTerms(settings).length === 0) return { status: 'no_keywords' }
	if (settings.feeds.length === 0) return { status: 'no_sources' }
	const limit = await hitRateLimit(deps.db, `news_refresh:${userId}`, REFRESH_LIMIT.hits, REFRESH_LIMIT.windowSeconds)
	if (!limit.allowed) return { status: 'rate_limited', retryAfterSeconds: limit.retryAfterSeconds }
	const owner = { userId, brandId: await newsBrandId(deps.db, userId, brandId) }
	try {
		const { ranked, sources } = await collect(deps, settings, signal)
		if (sources.length > 0 && sources.every((s) => !s.ok)) {
			await markRefreshFailed(deps.db, userId, owner.brandId)
			return { status: 'unreachable', sources }
		}
		return await storeRefresh(deps, owner, settings, ranked, sources, signal)
	} catch (error) {
		await markRefreshFailed(deps.db, userId, owner.brandId).catch(() => {})
		throw error
	}
}

async function storeRefresh(deps: NewsDeps, owner: Owner, settings: ContentSettings, ranked: Array<RankedEntry>, sources: Array<SourceReport>, signal?: AbortSignal): Promise<NewsRunResult> {
	const { userId, brandId } = owner
	return deps.db.transaction().execute(async (trx) => {
		const day = await userToday(trx, userId)
		if (day) {
			await trx
				.insertInto('user_news_generation_log')
				.values({ user_id: userId, brand_id: brandId, last_generated_date: day })
				.onConflict((oc) => oc.columns(['brand_id', 'last_generated_date']).doUpdateSet({ created_at: sql<Date>`now()` }).where('user_news_generation_log.user_id', '=', userId))
				.execute()
		}
		if (ranked.length === 0) {
			await notifyChange(trx, { userId, topic: 'news' })
			return { status: 'no_matches' as const, sources }
		}
		const counts = await store(deps, trx, owner, settings, ranked, signal)
		return { status: 'ok' as const, ...counts, sources }
	})
}

export type IdeasRunResult =
	| { status: 'ok'; ideas: number }
	/** Every idea the settings and news allow is stored already. */
	| { status: 'no_new_ideas' }
	| { status: 'missing_settings' }
	| { status: 'rate_limited'; retryAfterSeconds: number }


/** Whether ideas can be generated: a niche or at least one keyword. */
export function hasIdeaSettings(settings: Pick<ContentSettings, 'niche' | 'keywords' | 'newsKeywords'>) {
	return Boolean(settings.niche.trim()) || settings.keywords.length > 0 || settings.newsKeywords.length > 0
}

/** 'Mehr generieren': four new ideas from the brand's current news and settings. */
export async function generateMoreIdeas(deps: NewsDeps, userId: string, signal?: AbortSignal, brandId: string | null = null): Promise<IdeasRunResult> {
	const settings = await getContentSettings(deps.db, userId, brandId)
	if (!hasIdeaSettings(settings)) return { status: 'missing_settings' }
	const limit = await hitRateLimit(deps.db, `news_ideas:${userId}`, IDEAS_LIMIT.hits, IDEAS_LIMIT.windowSeconds)
	if (!limit.allowed) return { status: 'rate_limited', retryAfterSeconds: limit.retryAfterSeconds }
	const owner = { userId, brandId: await newsBrandId(deps.db, userId, brandId) }
	const [news, count] = await Promise.all([
		deps.db
			.selectFrom('news_items')
			.select(['title', 'source', 'published_date', 'trending', 'keywords'])
			.where('user_id', '=', userId)
			.where('brand_id', '=', owner.brandId)
			.orderBy('created_at', 'desc')
			.orderBy('trending', 'desc')
			.limit(12)
			.execute(),
		deps.db
			.selectFrom('content_ideas')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.where('user_id', '=', userId)
			.where('brand_id', '=', owner.brandId)
			.executeTakeFirstOrThrow(),
	])
	// A different selection of news and templates each time: start at a variant by how many ideas exist.
	const ideas = await newIdeas(
		deps,
		deps.db,
		owner,
		news.map((n) => ({ title: n.title, source: n.source, publishedDate: n.published_date, trending: n.trending, keywords: n.keywords })),
		{ niche: settings.niche, targetAudience: settings.targetAudience, keywords: [...settings.keywords, ...settings.newsKeywords.filter((k) => !settings.keywords.includes(k))] },
		Math.floor(Number(count.n) / IDEAS_PER_RUN),
		signal,
	)
	const stored = await addContentIdeas(deps.db, userId, ideas, deps.platforms, owner.brandId)
	if (stored.length === 0) return { status: 'no_new_ideas' }
	return { status: 'ok', ideas: stored.length }
}

/** Feed reads shared by the users of one cron run (the default feeds are the same for many). */
export type FeedCache = { read: (reader: FeedReader, url: string, signal: AbortSignal) => Promise<FeedContent> }

export function createFeedCache(ttlMs: number, now: () => number = Date.now): FeedCache {
	const entries = new Map<string, { at: number; content: Promise<FeedContent> }>()
	return {
		read(reader, url, signal) {
			const hit = entries.get(url)
			if (hit && now() - hit.at < ttlMs) return hit.content
			const content = reader.read(url, signal)
			entries.set(url, { at: now(), content })
			content.catch(() => entries.delete(url))
			return content
		},
	}
}
