import type { Db } from '#modules/core/db.server.ts'

/** The catalog's part of the user's data export: liked and favourite models (with the model's id and name). */
export async function exportCatalogData(db: Db, userId: string) {
	const [likes, favorites] = await Promise.all([
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
	return { modelLikes: likes, modelFavorites: favorites }
}
