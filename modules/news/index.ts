import { systemClock, type Clock } from '#modules/core/clock.server.ts'
import type { Db } from '#modules/core/db.server.ts'
import { handleJob } from '#modules/core/jobs.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import type { AiProviders } from '#modules/ai/index.ts'
import { enqueueDailyNews } from './daily.server.ts'
import { createFeedCache, generateMoreIdeas, refreshNews, runDailyNews, type NewsDeps } from './generate.server.ts'
import { newsCrontab, newsDailyFanoutJob, newsDailyUserJob } from './jobs.ts'
import type { FeedReader } from './ports.ts'
import { lastGeneratedAt, lastRefreshFailedAt, listIdeas, listNews } from './read.server.ts'
import { addNewsFeed, getContentSettings, saveContentSettings, saveNewsFeeds } from './settings.server.ts'
import { createNewsWriter } from './writer.server.ts'
import { platformIdsOf, type NewsPlatforms } from './platforms.ts'
import { exportNewsData } from './export.server.ts'
import { dashboardIdeas } from './dashboard-ideas.server.ts'

export { ContentSettingsSchema, DEFAULT_KEYWORDS, MAX_KEYWORD_LENGTH, MAX_KEYWORDS, normaliseKeyword, normaliseKeywords, type ContentSettingsInput } from './schema.ts'
export { getContentSettings, saveContentSettings, saveNewsFeeds, type AddFeedResult, type ContentSettings } from './settings.server.ts'
export { searchNews, type NewsSearchHit } from './search.server.ts'
export { addContentIdeas, type NewIdea } from './ideas.server.ts'
export type { NewsPlatforms } from './platforms.ts'
export { trendingTerms, type TrendingTerm } from './trends.server.ts'
export { DEFAULT_FEEDS, DEFAULT_FEED_URLS, FeedListSchema, FeedUrlSchema, MAX_FEEDS, effectiveFeeds, feedLabel, normaliseFeedUrl } from './feeds.ts'
export { FeedError, type FeedContent, type FeedEntry, type FeedErrorCode, type FeedReader } from './ports.ts'
export { newsCrontab, newsDailyFanoutJob, newsDailyUserJob } from './jobs.ts'
export { IDEAS_LIMIT, REFRESH_LIMIT, type IdeasRunResult, type NewsRunResult, type SourceReport } from './generate.server.ts'
export type { IdeaView, NewsItemView } from './read.server.ts'
export { dashboardIdeasPart, type DashboardIdeas } from './dashboard-ideas.server.ts'
export { moveIdeasOfBrand } from './brand.server.ts'

export type NewsServiceDeps = {
	db: Db
	/** Reads RSS/Atom feeds (adapters/web/feed.ts); null: no feed can be read (reported per source). */
	feeds?: FeedReader | null
	/** The AI providers: the provider of the news text model writes summaries and ideas when configured, else the local default. */
	ai?: AiProviders | null
	logger: Logger
	clock?: Clock
	/** The registered platforms (publishing.platforms.descriptors): the ideas name only these. */
	platforms: NewsPlatforms
}

const FEED_CACHE_MS = 10 * 60_000

/**
 * News and content ideas, the daily news job, and the content settings (niche, audience, keywords,
 * sources): all of one brand of the user (ADR 0047). `brandId` null or left out: the user's first brand.
 */
export function createNewsService({ db, feeds = null, ai = null, logger, clock = systemClock, platforms }: NewsServiceDeps) {
	const writer = createNewsWriter(ai, platforms)
	const deps: NewsDeps = { db, feeds, writer, logger, clock, platforms: platformIdsOf(platforms) }
	// The daily jobs of one hour share their feed reads (the default feeds are the same for many users).
	const cache = createFeedCache(FEED_CACHE_MS)

	return {
		getContentSettings: (userId: string, brandId?: string | null) => getContentSettings(db, userId, brandId),
		/** The news part of 'Daten exportieren': content settings, news items, content ideas, run log. */
		exportData: (userId: string) => exportNewsData(db, userId),
		saveContentSettings: (userId: string, input: Parameters<typeof saveContentSettings>[2], brandId?: string | null) => saveContentSettings(db, userId, input, brandId),
		/** null: back to the default sources. */
		saveNewsFeeds: (userId: string, urls: ReadonlyArray<string> | null, brandId?: string | null) => saveNewsFeeds(db, userId, urls, brandId),
		/** 'Quelle hinzufügen' (a checked address), once per request id. */
		addNewsFeed: (userId: string, url: string, requestId: string, brandId?: string | null) => addNewsFeed(db, userId, url, requestId, brandId),
		/** Summaries are extracts of the feeds and ideas come from templates (no AI provider configured). */
		testMode: writer.testMode,

		/** /news of a brand: settings, news, ideas, the last successful run and the last failed one (five queries). */
		async page(userId: string, limits: { news: number; ideas: number } = { news: 30, ideas: 8 }, brandId: string | null = null) {
			const [settings, news, ideas, refreshedAt, refreshFailedAt] = await Promise.all([
				getContentSettings(db, userId, brandId),
				listNews(db, userId, limits.news, brandId),
				listIdeas(db, userId, limits.ideas, brandId),
				lastGeneratedAt(db, userId, brandId),
				lastRefreshFailedAt(db, userId, brandId),
			])
			return { settings, news, ideas, refreshedAt, refreshFailedAt, testMode: writer.testMode }
		},

		/** The dashboard card 'KI Content-Ideen': the newest ideas (of a brand; null: all) and whether more can be generated (one query). */
		dashboardIdeas: (userId: string, limit = 4, brandId: string | null = null) => dashboardIdeas(db, userId, limit, brandId),

		refresh: (userId: string, signal?: AbortSignal, brandId?: string | null) => refreshNews(deps, userId, signal, brandId),
		generateIdeas: (userId: string, signal?: AbortSignal, brandId?: string | null) => generateMoreIdeas(deps, userId, signal, brandId),
		/** The daily run for one brand (what the job does): once per day, guarded by the generation log. */
		runDaily: (userId: string, date?: string, signal?: AbortSignal, brandId?: string | null) => runDailyNews(deps, userId, date, { signal, cache, brandId }),
		enqueueDaily: () => enqueueDailyNews(db),

		tasks: [
			handleJob(newsDailyFanoutJob, async () => {
				const count = await enqueueDailyNews(db)
				if (count) logger.info('news_daily_enqueued', { count })
			}),
			handleJob(newsDailyUserJob, async ({ userId, brandId, date }, helpers) => {
				const result = await runDailyNews(deps, userId, date, { signal: helpers.signal, cache, brandId })
				if (result.status === 'unreachable') logger.warn('news_daily_unreachable', { userId, brandId, sources: result.sources.length })
			}),
		],
		crontab: newsCrontab,
	}
}

export type NewsService = ReturnType<typeof createNewsService>
