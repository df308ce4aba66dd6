import type { Db } from '#modules/core/db.server.ts'
import { rowsWithoutUserId } from '#modules/core/export.server.ts'

/**
 * The generation module's part of the user's data export: the generations (inputs, results,
 * costs), the model tests, and the metadata of the user's files (uploads, generated images and
 * videos, logos, model test media; the files themselves are served at /media/<storage_key>, not
 * copied into the JSON).
 */
export async function exportGenerationData(db: Db, userId: string) {
	const [generations, uploads, modelTests] = await Promise.all([
		db.selectFrom('generations').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
		db.selectFrom('uploads').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
		db.selectFrom('model_tests').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
	])
	return { generations: rowsWithoutUserId(generations), uploads: rowsWithoutUserId(uploads), modelTests: rowsWithoutUserId(modelTests) }
}
