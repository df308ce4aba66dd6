import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { once } from '#modules/core/request-keys.server.ts'
import { DEFAULT_KEYWORDS, normaliseKeywords } from './schema.ts'
import { effectiveFeeds, FeedListSchema } from './feeds.ts'
import { newsBrand } from './brand.server.ts'

export type ContentSettings = {
	niche: string
	targetAudience: string
	keywords: Array<string>
	newsKeywords: Array<string>
	/** The news feed's sources (the default list while the user has not changed it). */
	feeds: Array<string>
	/** False while the user keeps the default sources. */
	customFeeds: boolean
	/** False while the user has never saved settings (the defaults are shown). */
	saved: boolean
}

/**
 * The content settings of one of the user's brands (null: the first); the default keywords 'ki' and
 * 'automation' while the brand has never saved settings (a saved empty list stays empty: then ideas need
 * settings, 'Einstellungen fehlen').
 */
export async function getContentSettings(db: DbOrTrx, userId: string, brandId: string | null = null): Promise<ContentSettings> {
	const row = await db
		.selectFrom('content_settings')
		.select(['niche', 'target_audience', 'keywords', 'news_keywords', 'news_feeds'])
		.where('user_id', '=', userId)
		.where('brand_id', '=', newsBrand(userId, brandId))
		.executeTakeFirst()
	return toContentSettings(row)
}

export function toContentSettings(row: { niche: string; target_audience: string; keywords: Array<string>; news_keywords: Array<string>; news_feeds: Array<string> | null } | undefined): ContentSettings {
	return {
		niche: row?.niche ?? '',
		targetAudience: row?.target_audience ?? '',
		keywords: row ? row.keywords : [...DEFAULT_KEYWORDS],
		newsKeywords: row ? row.news_keywords : [...DEFAULT_KEYWORDS],
		feeds: effectiveFeeds(row?.news_feeds),
		customFeeds: Boolean(row?.news_feeds),
		saved: Boolean(row),
	}
}

/**
 * Stores the user's news sources (null: back to the defaults). A user without saved settings keeps
 * the default keywords: choosing sources is not choosing keywords.
 */
export async function saveNewsFeeds(db: DbOrTrx, userId: string, feeds: ReadonlyArray<string> | null, brandId: string | null = null): Promise<ContentSettings> {
	const value = feeds ? [...feeds] : null
	// Left out, brand_id is the user's first brand (fill_brand, before the conflict check).
	await db
		.insertInto('content_settings')
		.values({ user_id: userId, brand_id: brandId ?? undefined, news_feeds: value, keywords: [...DEFAULT_KEYWORDS], news_keywords: [...DEFAULT_KEYWORDS] })
		// Never another user's row, whatever brand id a caller passes.
		.onConflict((oc) => oc.column('brand_id').doUpdateSet({ news_feeds: value }).where('content_settings.user_id', '=', userId))
		.execute()
	return getContentSettings(db, userId, brandId)
}

export type AddFeedResult = { ok: true; feeds: Array<string> } | { ok: false; error: 'duplicate' | 'too_many' | 'request_conflict' }

/**
 * 'Quelle hinzufügen': one more source (a checked address) at the end of the user's list, once per
 * request id (a retry gets the list of the first request, not 'already there'). The settings row is
 * locked, so two adds at once both land.
 */
export async function addNewsFeed(db: Db, userId: string, url: string, requestId: string, brandId: string | null = null): Promise<AddFeedResult> {
	const outcome = await once(
		db,
		{ userId, requestId, action: 'news.add-feed', input: url },
		async (trx): Promise<AddFeedResult> => {
			await trx
				.insertInto('content_settings')
				.values({ user_id: userId, brand_id: brandId ?? undefined, keywords: [...DEFAULT_KEYWORDS], news_keywords: [...DEFAULT_KEYWORDS] })
				.onConflict((oc) => oc.column('brand_id').doNothing())
				.execute()
			const row = await trx
				.selectFrom('content_settings')
				.select(['brand_id', 'news_feeds'])
				.where('user_id', '=', userId)
				.where('brand_id', '=', newsBrand(userId, brandId))
				.forUpdate()
				.executeTakeFirstOrThrow()
			const feeds = effectiveFeeds(row.news_feeds)
			if (feeds.includes(url)) return { ok: false, error: 'duplicate' }
			const list = FeedListSchema.safeParse([...feeds, url])
			if (!list.success) return { ok: false, error: 'too_many' }
			await trx.updateTable('content_settings').set({ news_feeds: list.data }).where('brand_id', '=', row.brand_id).execute()
			return { ok: true, feeds: list.data }
		},
		(result) => result.ok,
	)
	return outcome.kind === 'conflict' ? { ok: false, error: 'request_conflict' } : outcome.result
}

/** Stores a brand's settings (one row per brand; null: the first); keywords are normalised here whatever the caller sent. */
export async function saveContentSettings(
	db: DbOrTrx,
	userId: string,
	input: { niche: string; targetAudience: string; keywords: ReadonlyArray<string>; newsKeywords: ReadonlyArray<string> },
	brandId: string | null = null,
): Promise<ContentSettings> {
	const values = {
		niche: input.niche.trim().slice(0, 500),
		target_audience: input.targetAudience.trim().slice(0, 1000),
		keywords: normaliseKeywords(input.keywords),
		news_keywords: normaliseKeywords(input.newsKeywords),
	}
	await db
		.insertInto('content_settings')
		.values({ user_id: userId, brand_id: brandId ?? undefined, ...values })
		.onConflict((oc) => oc.column('brand_id').doUpdateSet(values).where('content_settings.user_id', '=', userId))
		.execute()
	return getContentSettings(db, userId, brandId)
}
