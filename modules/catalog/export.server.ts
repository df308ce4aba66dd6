import type { Db } from '#modules/core/db.server.ts'
import { rowsWithoutUserId } from '#modules/core/export.server.ts'

/** The catalog's part of the user's data export: model tests, liked and favourite models (with the model's id and name). */
export async function exportCatalogData(db: Db, userId: string) {
	const [modelTests, likes, favorites] = await Promise.all([
		db.selectFrom('model_tests').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
		db
			.selectFrom('user_model_likes as mark')
			.innerJoin('ai_models as m', 'm.id', 'mark.model_id')
			.select(['m.model_id as modelId', 'm.name as modelName', 'mark.created_at'])
			.where('mark.user_id', '=', userId)
			.orderBy('mark.created_at')
			.execute(),
		db
			.selectFrom('user_model_favorites as mark')
			.innerJoin('ai_models as m', 'm.id', 'mark.model_id')
			.select(['m.model_id as modelId', 'm.name as modelName', 'mark.created_at'])
			.where('mark.user_id', '=', userId)
			.orderBy('mark.created_at')
			.execute(),
	])
	return { modelTests: rowsWithoutUserId(modelTests), modelLikes: likes, modelFavorites: favorites }
}
