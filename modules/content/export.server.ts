import type { Db } from '#modules/core/db.server.ts'
import { rowsWithoutUserId } from '#modules/core/export.server.ts'

/** The content module's part of the user's data export: posts (with platform_images) and drafts. */
export async function exportContentData(db: Db, userId: string) {
	const [posts, drafts] = await Promise.all([
		db.selectFrom('posts').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
		db.selectFrom('drafts').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
	])
	return { posts: rowsWithoutUserId(posts), drafts: rowsWithoutUserId(drafts) }
}
