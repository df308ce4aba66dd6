import type { Db } from '#modules/core/db.server.ts'
import { getContentSettings, saveContentSettings } from './settings.server.ts'

export { ContentSettingsSchema, DEFAULT_KEYWORDS, MAX_KEYWORD_LENGTH, MAX_KEYWORDS, normaliseKeyword, normaliseKeywords, type ContentSettingsInput } from './schema.ts'
export { getContentSettings, saveContentSettings, type ContentSettings } from './settings.server.ts'
export { searchNews, type NewsSearchHit } from './search.server.ts'
export { addContentIdeas, type NewIdea } from './ideas.server.ts'
export { trendingTerms, type TrendingTerm } from './trends.server.ts'

/** News and content ideas (later) and the user's content settings (niche, audience, keywords). */
export function createNewsService({ db }: { db: Db }) {
	return {
		getContentSettings: (userId: string) => getContentSettings(db, userId),
		saveContentSettings: (userId: string, input: Parameters<typeof saveContentSettings>[2]) => saveContentSettings(db, userId, input),
	}
}

export type NewsService = ReturnType<typeof createNewsService>
