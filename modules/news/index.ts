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

/** News and content ideas, the daily news job, and the user's content settings (niche, audience, keywords, sources). */
export function createNewsService({ db, feeds = null, ai = null, logger, clock = systemClock, platforms }: NewsServiceDeps) {
	const writer = createNewsWriter(ai, platforms)
	const deps: NewsDeps = { db, feeds, writer, logger, clock, platforms: platformIdsOf(platforms) }
	// The daily jobs of one hour share their feed reads (the default feeds are the same for many users).
	const cache = createFeedCache(FEED_CACHE_MS)

	return {
		getContentSettings: (userId: string) => getContentSettings(db, userId),
		/** The news part of 'Daten exportieren': content settings, news items, content ideas, run log. */
		exportData: (userId: string) => exportNewsData(db, userId),
		saveContentSettings: (userId: string, input: Parameters<typeof saveContentSettings>[2]) => saveContentSettings(db, userId, input),
		/** null: back to the default sources. */
		saveNewsFeeds: (userId: string, urls: ReadonlyArray<string> | null) => saveNewsFeeds(db, userId, urls),
		/** 'Quelle hinzufügen' (a checked address), once per request id. */
		addNewsFeed: (userId: string, url: string, requestId: string) => addNewsFeed(db, userId, url, requestId),
		/** Summaries are extracts of the feeds and ideas come from templates (no AI provider configured). */
		testMode: writer.testMode,

		/** /news: settings, news, ideas, the last successful run and the last failed one (five queries). */
		async page(userId: string, limits: { news: number; ideas: number } = { news: 30, ideas: 8 }) {
			const [settings, news, ideas, refreshedAt, refreshFailedAt] = await Promise.all([
				getContentSettings(db, userId),
				listNews(db, userId, limits.news),
				listIdeas(db, userId, limits.ideas),
				lastGeneratedAt(db, userId),
				lastRefreshFailedAt(db, userId),
			])
			return { settings, news, ideas, refreshedAt, refreshFailedAt, testMode: writer.testMode }
		},

		/** The dashboard card 'KI Content-Ideen': the newest ideas and whether more can be generated (one query). */
		dashboardIdeas: (userId: string, limit = 4) => dashboardIdeas(db, userId, limit),

		refresh: (userId: string, signal?: AbortSignal) => refreshNews(deps, userId, signal),
		generateIdeas: (userId: string, signal?: AbortSignal) => generateMoreIdeas(deps, userId, signal),
		/** The daily run for one user (what the job does): once per day, guarded by the generation log. */
		runDaily: (userId: string, date?: string, signal?: AbortSignal) => runDailyNews(deps, userId, date, { signal, cache }),
		enqueueDaily: () => enqueueDailyNews(db),

		tasks: [
			handleJob(newsDailyFanoutJob, async () => {
				const count = await enqueueDailyNews(db)
				if (count) logger.info('news_daily_enqueued', { count })
			}),
			handleJob(newsDailyUserJob, async ({ userId, date }, helpers) => {
				const result = await runDailyNews(deps, userId, date, { signal: helpers.signal, cache })
				if (result.status === 'unreachable') logger.warn('news_daily_unreachable', { userId, sources: result.sources.length })
			}),
		],
		crontab: newsCrontab,
	}
}

export type NewsService = ReturnType<typeof createNewsService>
