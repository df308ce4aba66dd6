import { sql } from 'kysely'
import type { Db } from '#modules/core/db.server.ts'
import type { GallerySort, ModelCategory, PricedModel } from './costs.ts'
import { isUuid } from '#modules/core/uuid.ts'

/** A catalogue model as the gallery and the model test show it, with the user's like and favourite. */
export type GalleryModel = PricedModel & {
	id: string
	modelId: string
	name: string
	category: ModelCategory
	provider: string
	description: string
	/** 0 Standard, 1 Gut, 2 Empfohlen, 3 Featured */
	recommendationLevel: number
	features: Array<string>
	previewImageUrl: string | null
	supportsAudio: boolean
	referenceImageRequired: boolean
	likeCount: number
	liked: boolean
	favorite: boolean
	/** Runs on the offline provider ('Testmodus'): no key configured for its provider. */
	testMode: boolean
}

export { isUuid }

function selectModels(db: Db, userId: string) {
	return db
		.selectFrom('ai_models as m')
		.leftJoin('user_model_likes as l', (join) => join.onRef('l.model_id', '=', 'm.id').on('l.user_id', '=', userId))
		.leftJoin('user_model_favorites as f', (join) => join.onRef('f.model_id', '=', 'm.id').on('f.user_id', '=', userId))
		.select([
			'm.id',
			'm.model_id',
			'm.name',
			'm.category',
			'm.provider',
			'm.description',
			'm.credits_cost',
			'm.recommendation_level',
			'm.features',
			'm.preview_image_url',
			'm.supported_formats',
			'm.supported_resolutions',
			'm.fixed_durations',
			'm.video_duration_min',
			'm.video_duration_max',
			'm.resolution_credits',
			'm.supports_audio',
			'm.reference_image_required',
			'm.like_count',
			sql<boolean>`l.id is not null`.as('liked'),
			sql<boolean>`f.id is not null`.as('favorite'),
		])
		.where('m.is_active', '=', true)
}

type Row = Awaited<ReturnType<ReturnType<typeof selectModels>['execute']>>[number]

function toModel(row: Row, testMode: (provider: string) => boolean): GalleryModel {
	const credits = (row.resolution_credits ?? {}) as Record<string, unknown>
	return {
		id: row.id,
		modelId: row.model_id,
		name: row.name,
		category: row.category as ModelCategory,
		provider: row.provider,
		description: row.description,
		creditsCost: row.credits_cost,
		recommendationLevel: row.recommendation_level,
		features: row.features,
		previewImageUrl: row.preview_image_url,
		supportedFormats: row.supported_formats,
		supportedResolutions: row.supported_resolutions,
		fixedDurations: row.fixed_durations,
		durationMin: row.video_duration_min,
		durationMax: row.video_duration_max,
		resolutionCredits: Object.fromEntries(Object.entries(credits).filter((e): e is [string, number] => typeof e[1] === 'number')),
		supportsAudio: row.supports_audio,
		referenceImageRequired: row.reference_image_required,
		likeCount: row.like_count,
		liked: row.liked,
		favorite: row.favorite,
		testMode: testMode(row.provider),
	}
}

// A video model's price is per second (resolution_credits); its cheapest one is what the card shows.
const price = sql<number>`coalesce((select min(value::numeric) from jsonb_each_text(m.resolution_credits) where value ~ '^[0-9.]+$'), m.credits_cost)`

/** The active models of a category with the user's likes and favourites, sorted (one query). */
export async function listGallery(db: Db, userId: string, input: { category: ModelCategory; sort: GallerySort }, testMode: (provider: string) => boolean) {
	let query = selectModels(db, userId).where('m.category', '=', input.category).orderBy(sql`f.id is not null`, 'desc')
	switch (input.sort) {
		case 'favorites':
			query = query.orderBy('f.created_at', 'desc').orderBy('m.name')
			break
		case 'recommendation':
			query = query.orderBy('m.recommendation_level', 'desc').orderBy('m.sort_order').orderBy('m.name')
			break
		case 'likes_desc':
			query = query.orderBy('m.like_count', 'desc').orderBy('m.name')
			break
		case 'credits_asc':
			query = query.orderBy(price, 'asc').orderBy('m.name')
			break
		case 'credits_desc':
			query = query.orderBy(price, 'desc').orderBy('m.name')
			break
		default:
			query = query.orderBy('m.recommendation_level', 'desc').orderBy('m.sort_order').orderBy('m.like_count', 'desc').orderBy('m.name')
	}
	const rows = await query.orderBy('m.id').execute()
	return rows.map((row) => toModel(row, testMode))
}

/** Active models by model_id in the order asked for; unknown and inactive ids are left out. */
export async function modelsForTest(db: Db, userId: string, modelIds: ReadonlyArray<string>, testMode: (provider: string) => boolean) {
	const ids = [...new Set(modelIds)].filter((id) => id.length > 0 && id.length <= 200)
	if (ids.length === 0) return []
	const rows = await selectModels(db, userId).where('m.model_id', 'in', ids).execute()
	const byId = new Map(rows.map((row) => [row.model_id, toModel(row, testMode)]))
	return ids.flatMap((id) => byId.get(id) ?? [])
}

export type ToggleResult = { ok: true; active: boolean; likeCount: number } | { ok: false; error: 'not_found' }

/** Likes or unlikes a model (idempotent); like_count is kept by the table's trigger. */
export async function setLike(db: Db, userId: string, modelId: string, liked: boolean): Promise<ToggleResult> {
	return setMark(db, 'user_model_likes', userId, modelId, liked)
}

/** Marks or unmarks a favourite (idempotent). */
export async function setFavorite(db: Db, userId: string, modelId: string, favorite: boolean): Promise<ToggleResult> {
	return setMark(db, 'user_model_favorites', userId, modelId, favorite)
}

async function setMark(db: Db, table: 'user_model_likes' | 'user_model_favorites', userId: string, modelId: string, on: boolean): Promise<ToggleResult> {
	if (!isUuid(modelId)) return { ok: false, error: 'not_found' }
	return db.transaction().execute(async (trx) => {
		const model = await trx.selectFrom('ai_models').select('id').where('id', '=', modelId).where('is_active', '=', true).executeTakeFirst()
		if (!model) return { ok: false as const, error: 'not_found' as const }
		if (on) {
			await trx
				.insertInto(table)
				.values({ user_id: userId, model_id: modelId })
				.onConflict((oc) => oc.columns(['user_id', 'model_id']).doNothing())
				.execute()
		} else {
			await trx.deleteFrom(table).where('user_id', '=', userId).where('model_id', '=', modelId).execute()
		}
		const { like_count } = await trx.selectFrom('ai_models').select('like_count').where('id', '=', modelId).executeTakeFirstOrThrow()
		return { ok: true as const, active: on, likeCount: like_count }
	})
}
