import type { Db } from '#modules/core/db.server.ts'
import { rowsWithoutUserId } from '#modules/core/export.server.ts'

/** The content module's part of the user's data export: posts (with their AI label), their media (post_media, in order) and drafts. */
export async function exportContentData(db: Db, userId: string) {
	const [posts, postMedia, drafts] = await Promise.all([
		db.selectFrom('posts').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
		db.selectFrom('post_media').selectAll().where('user_id', '=', userId).orderBy('post_id').orderBy('position').execute(),
		db.selectFrom('drafts').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
	])
	return { posts: rowsWithoutUserId(posts), postMedia: rowsWithoutUserId(postMedia), drafts: rowsWithoutUserId(drafts) }
}
