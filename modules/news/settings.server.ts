import type { DbOrTrx } from '#modules/core/db.server.ts'
import { DEFAULT_KEYWORDS, normaliseKeywords } from './schema.ts'

export type ContentSettings = {
	niche: string
	targetAudience: string
	keywords: Array<string>
	newsKeywords: Array<string>
	/** False while the user has never saved settings (the defaults are shown). */
	saved: boolean
}

/** The user's content settings; the default keywords 'ki' and 'automation' when none are saved. */
export async function getContentSettings(db: DbOrTrx, userId: string): Promise<ContentSettings> {
	const row = await db
		.selectFrom('content_settings')
		.select(['niche', 'target_audience', 'keywords', 'news_keywords'])
		.where('user_id', '=', userId)
		.executeTakeFirst()
	return {
		niche: row?.niche ?? '',
		targetAudience: row?.target_audience ?? '',
		keywords: row?.keywords.length ? row.keywords : [...DEFAULT_KEYWORDS],
		newsKeywords: row?.news_keywords.length ? row.news_keywords : [...DEFAULT_KEYWORDS],
		saved: Boolean(row),
	}
}

/** Stores the user's settings (one row per user); keywords are normalised here whatever the caller sent. */
export async function saveContentSettings(
	db: DbOrTrx,
	userId: string,
	input: { niche: string; targetAudience: string; keywords: ReadonlyArray<string>; newsKeywords: ReadonlyArray<string> },
): Promise<ContentSettings> {
	const values = {
		niche: input.niche.trim().slice(0, 500),
		target_audience: input.targetAudience.trim().slice(0, 1000),
		keywords: normaliseKeywords(input.keywords),
		news_keywords: normaliseKeywords(input.newsKeywords),
	}
	await db
		.insertInto('content_settings')
		.values({ user_id: userId, ...values })
		.onConflict((oc) => oc.column('user_id').doUpdateSet(values))
		.execute()
	return getContentSettings(db, userId)
}
