import { sql } from 'kysely'
import type { Db } from '#modules/core/db.server.ts'
import { aiLabelled } from './ai-label.ts'
import { anyFirstComment } from './first-comment.ts'
import { aiLabelOf } from './platforms.ts'
import { parseContent, truncate } from './post-content.ts'
import { textsGeneratedSql } from './text-origin.server.ts'
import type { CalendarPreview } from './views.ts'

const EXCERPT = 120

/**
 * What a calendar chip's hover card adds to the chip: the start of the text, the image, the start of
 * the first comment and whether the post is labelled as made with AI; null when the post is not the user's.
 */
export async function calendarPreview(db: Db, userId: string, postId: string): Promise<CalendarPreview | null> {
	const row = await db
		.selectFrom('posts')
		.select([
			'content',
			'ai_label',
			sql<string | null>`(select m.url from post_media m where m.post_id = posts.id and m.kind = 'image' order by m.networks is not null, m.position limit 1)`.as('image_url'),
			sql<boolean>`exists (select 1 from post_media m where m.post_id = posts.id and m.ai_generated)`.as('generated'),
			textsGeneratedSql.as('texts_generated'),
		])
		.where('id', '=', postId)
		.where('user_id', '=', userId)
		.executeTakeFirst()
	if (!row) return null
	const content = parseContent(row.content)
	const comment = anyFirstComment(content.firstComment)
	return {
		excerpt: truncate(content.base, EXCERPT),
		imageUrl: row.image_url,
		firstComment: comment === null ? null : truncate(comment, EXCERPT),
		aiLabelled: aiLabelled({ aiLabel: aiLabelOf(row.ai_label), textsGenerated: row.texts_generated, media: [{ aiGenerated: row.generated }] }),
	}
}
