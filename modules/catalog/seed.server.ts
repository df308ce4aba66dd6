import type { Insertable, Kysely } from 'kysely'
import type { AiModels, DB } from '#modules/core/db-types.ts'
import { modelCatalogue, type CatalogueModel } from './model-catalogue.ts'

export type SeedResult = { inserted: number; total: number }

/**
 * Adds the catalogue models that are missing, matched by model_id.
 *
 * ON CONFLICT DO NOTHING rather than DO UPDATE: once a model exists, the admin area owns it
 * (name, description, credits_cost, is_active, sort order, preview image); a deploy re-running
 * the seed must not undo an admin's edit. like_count belongs to the users' likes. A change to an
 * existing model therefore goes through the admin area or a migration, not this file.
 */
export async function seedModelCatalogue(db: Kysely<DB>): Promise<SeedResult> {
	const inserted = await db
		.insertInto('ai_models')
		.values(modelCatalogue.map(toRow))
		.onConflict((oc) => oc.column('model_id').doNothing())
		.returning('model_id')
		.execute()
	const { total } = await db
		.selectFrom('ai_models')
		.select((eb) => eb.fn.countAll<number>().as('total'))
		.executeTakeFirstOrThrow()
	return { inserted: inserted.length, total }
}

function toRow(model: CatalogueModel): Insertable<AiModels> {
	const base = {
		model_id: model.model_id,
		name: model.name,
		category: model.category,
		provider: model.provider,
		description: model.description,
		credits_cost: model.credits_cost,
		recommendation_level: model.recommendation_level,
		features: model.features,
		sort_order: model.sort_order,
		api_parameters: model.api_parameters,
	}
	switch (model.category) {
		case 'language':
			return base
		case 'image':
			return { ...base, aspect_ratios: model.aspect_ratios }
		case 'video':
			return {
				...base,
				supported_formats: model.supported_formats,
				supported_resolutions: model.supported_resolutions,
				fixed_durations: model.fixed_durations,
				video_duration_min: model.video_duration_min,
				video_duration_max: model.video_duration_max,
				resolution_credits: model.resolution_credits,
				supports_audio: model.supports_audio,
				reference_image_required: model.reference_image_required,
			}
	}
}
