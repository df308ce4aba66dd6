import type { Db } from '#modules/core/db.server.ts'

export type ModelInfo = { modelId: string; name: string; category: 'language' | 'image' | 'video'; provider: string; creditsCost: number; parameters: Record<string, unknown>; isActive: boolean }

/** Catalogue rows by model_id (one query); missing ids are simply absent from the map. */
export async function modelsById(db: Db, modelIds: ReadonlyArray<string>): Promise<Map<string, ModelInfo>> {
	const ids = [...new Set(modelIds)].filter((id) => id.length > 0 && id.length <= 200)
	if (ids.length === 0) return new Map()
	const rows = await db
		.selectFrom('ai_models')
		.select(['model_id', 'name', 'category', 'provider', 'credits_cost', 'api_parameters', 'is_active'])
		.where('model_id', 'in', ids)
		.execute()
	return new Map(
		rows.map((r) => [
			r.model_id,
			{
				modelId: r.model_id,
				name: r.name,
				category: r.category as ModelInfo['category'],
				provider: r.provider,
				creditsCost: r.credits_cost,
				parameters: (r.api_parameters ?? {}) as Record<string, unknown>,
				isActive: r.is_active,
			},
		]),
	)
}
