import { createHash } from 'node:crypto'
import type { Db } from '#modules/core/db.server.ts'
import type { Platform } from '#modules/core/platform-id.ts'
import { getContentSettings, trendingTerms } from '#modules/news/index.ts'
import { suggestHashtags } from './hashtags.ts'
import { fillCounted, messages } from './messages.ts'
import { claimToolRun } from './runs.server.ts'
import { isToolEnabled, toolSettings } from './tools.server.ts'

export const MAX_HASHTAG_TEXT = 10_000

export type HashtagResult = { ok: true; hashtags: Array<string> } | { ok: false; reason: 'disabled' }

/**
 * The hashtagOptimizer for a text: suggestions with the user's settings, niche, keywords and
 * trending news terms. A run is recorded once per text and day (run key hashtags:<day>:<hash>),
 * so asking twice for the same text counts once.
 */
export async function suggestHashtagsForUser(db: Db, userId: string, text: string, now: Date, registered: ReadonlyArray<Platform>): Promise<HashtagResult> {
	if (!(await isToolEnabled(db, userId, 'hashtagOptimizer'))) return { ok: false, reason: 'disabled' }
	const clean = text.slice(0, MAX_HASHTAG_TEXT)
	const [settings, content, trending] = await Promise.all([toolSettings(db, userId, 'hashtagOptimizer', registered), getContentSettings(db, userId), trendingTerms(db, userId)])
	const hashtags = suggestHashtags({
		text: clean,
		maxHashtags: settings.maxHashtags,
		trendingWeight: settings.trendingWeight,
		nicheSpecific: settings.nicheSpecific,
		niche: content.niche,
		keywords: content.saved ? content.keywords : [],
		trending,
	})
	if (hashtags.length > 0) {
		const hash = createHash('sha256').update(clean.trim().replace(/\s+/g, ' ')).digest('hex').slice(0, 24)
		await claimToolRun(db, {
			userId,
			tool: 'hashtagOptimizer',
			runKey: `hashtags:${now.toISOString().slice(0, 10)}:${hash}`,
			items: 1,
			title: fillCounted(messages.runs, 'hashtags', hashtags.length),
			metadata: { hashtags },
		})
	}
	return { ok: true, hashtags }
}
