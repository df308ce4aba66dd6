import type { Db } from '#modules/core/db.server.ts'
import { rowsWithoutUserId, withoutUserId } from '#modules/core/export.server.ts'

/**
 * The news module's part of the user's data export: content settings (niche, audience, keywords,
 * news sources), news items, content ideas and the days of the daily news run.
 */
export async function exportNewsData(db: Db, userId: string) {
	const [settings, newsItems, contentIdeas, generationLog] = await Promise.all([
		db.selectFrom('content_settings').selectAll().where('user_id', '=', userId).executeTakeFirst(),
		db.selectFrom('news_items').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
		db.selectFrom('content_ideas').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
		db.selectFrom('user_news_generation_log').selectAll().where('user_id', '=', userId).orderBy('last_generated_date').execute(),
	])
	return {
		contentSettings: settings ? withoutUserId(settings) : null,
		newsItems: rowsWithoutUserId(newsItems),
		contentIdeas: rowsWithoutUserId(contentIdeas),
		newsGenerationLog: rowsWithoutUserId(generationLog),
	}
}
