import type { Db } from '#modules/core/db.server.ts'
import { rowsWithoutUserId } from '#modules/core/export.server.ts'
import { aiLabelled } from './ai-label.ts'
import { aiLabelOf } from './platforms.ts'
import { textsGeneratedOf } from './text-origin.server.ts'

/**
 * The content module's part of the user's data export: posts (with their AI label as chosen, `ai_label`,
 * and resolved, `aiLabelled`), their media and the drafts' (post_media in order, by `post_id` or `draft_id`, ADR 0069) and drafts.
 */
export async function exportContentData(db: Db, userId: string) {
	const [posts, postMedia, drafts] = await Promise.all([
		db.selectFrom('posts').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
		db.selectFrom('post_media').selectAll().where('user_id', '=', userId).orderBy('post_id').orderBy('draft_id').orderBy('position').execute(),
		db.selectFrom('drafts').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
	])
	const generatedItems = new Map<string, Array<{ aiGenerated: boolean }>>()
	for (const item of postMedia) if (item.post_id) generatedItems.set(item.post_id, [...(generatedItems.get(item.post_id) ?? []), { aiGenerated: item.ai_generated }])
	const labelled = posts.map((post) => ({
		...post,
		aiLabelled: aiLabelled({ aiLabel: aiLabelOf(post.ai_label), textsGenerated: textsGeneratedOf(post), media: generatedItems.get(post.id) ?? [] }),
	}))
	return { posts: rowsWithoutUserId(labelled), postMedia: rowsWithoutUserId(postMedia), drafts: rowsWithoutUserId(drafts) }
}
