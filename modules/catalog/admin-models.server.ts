import { randomUUID } from 'node:crypto'
import { recordAdminAction } from '#modules/activity/index.ts'
import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { keyOfMediaUrl, mediaPath, type FileStore } from '#modules/core/files.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { InputError, readImage } from '#modules/media/index.ts'
import type { AiModelValues } from './admin-models-schema.ts'
import type { ModelCategory } from './costs.ts'
import { onceWhenKeyed } from '#modules/core/request-keys.server.ts'

// 'KI-Modelle' (/admin/models): the admin owns the catalogue after the first seed. The gallery and
// the model test read ai_models on every request (no cache), so a change shows there at once.

/** Who changed the catalogue: a signed-in admin, or a command line tool (no user id). */
export type CatalogueActor = Parameters<typeof recordAdminAction>[1]

/** A model as the admin list and the edit dialog show it (the columns' names, like the form and seed files). */
export type AdminModel = AiModelValues & { id: string; preview_image_url: string | null; like_count: number }

export type SaveModelInput = {
	id?: string
	model: AiModelValues
	/** A new preview image, judged by its content. */
	preview?: { name: string; bytes: Uint8Array }
	removePreview?: boolean
}

export type SaveModelResult =
	| { ok: true; id: string; name: string; created: boolean; previewImageUrl: string | null }
	| { ok: false; error: 'modelIdTaken' | 'notFound' | 'previewType' | 'previewTooLarge' | 'requestConflict' }

type Deps = { db: Db; files: FileStore; logger: Logger }

const PREVIEW_PREFIX = 'previews/'

/** The columns a model's values fill: all but id, preview, likes and timestamps. */
export const MODEL_COLUMNS = [
	'name',
	'model_id',
	'category',
	'description',
	'provider',
	'credits_cost',
	'recommendation_level',
	'features',
	'api_endpoint',
	'api_parameters',
	'is_active',
	'supported_formats',
	'aspect_ratios',
	'supported_resolutions',
	'fixed_durations',
	'video_duration_min',
	'video_duration_max',
	'resolution_credits',
	'supports_audio',
	'reference_image_required',
	'sort_order',
] as const satisfies ReadonlyArray<keyof AiModelValues>

type MissingColumn = Exclude<keyof AiModelValues, (typeof MODEL_COLUMNS)[number]>
// A field of the form without its column here does not compile (the error names it).
const _complete: [MissingColumn] extends [never] ? true : MissingColumn = true

export function modelRow(model: AiModelValues) {
	return { ...model, api_parameters: JSON.stringify(model.api_parameters), resolution_credits: JSON.stringify(model.resolution_credits) }
}

function selectAdminModels(db: DbOrTrx) {
	return db.selectFrom('ai_models').select(['id', 'preview_image_url', 'like_count', ...MODEL_COLUMNS])
}

type Row = Awaited<ReturnType<ReturnType<typeof selectAdminModels>['execute']>>[number]

const toAdminModel = (row: Row): AdminModel => ({
	...row,
	category: row.category as ModelCategory,
	api_parameters: (row.api_parameters ?? {}) as Record<string, unknown>,
	supported_formats: row.supported_formats as AdminModel['supported_formats'],
	aspect_ratios: row.aspect_ratios as AdminModel['aspect_ratios'],
	supported_resolutions: row.supported_resolutions as AdminModel['supported_resolutions'],
	resolution_credits: (row.resolution_credits ?? {}) as AdminModel['resolution_credits'],
})

/** Every model (active or not) ordered by name, optionally of one category (one query). */
export async function listAdminModels(db: Db, category: ModelCategory | null): Promise<Array<AdminModel>> {
	const rows = await selectAdminModels(db)
		.$if(category !== null, (q) => q.where('category', '=', category!))
		.orderBy('name')
		.orderBy('id')
		.execute()
	return rows.map(toAdminModel)
}

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'

/** The key of a preview this screen stored (an https URL or another file stays where it is). */
function previewKey(url: string | null) {
	const key = url ? keyOfMediaUrl(url, '') : null
	return key?.startsWith(PREVIEW_PREFIX) ? key : null
}

export function createAdminModels({ db, files, logger }: Deps) {
	async function storePreview(file: { name: string; bytes: Uint8Array }) {
		try {
			const image = await readImage(file)
			const key = `${PREVIEW_PREFIX}${randomUUID()}.jpg`
			await files.put(key, image.jpeg, image.contentType)
			return { key, url: mediaPath(key), byteSize: image.jpeg.byteLength }
		} catch (error) {
			if (error instanceof InputError) return error.code === 'image_too_large' ? ('previewTooLarge' as const) : ('previewType' as const)
			throw error
		}
	}

	/** Deletes a replaced or removed preview's file (its uploads row went in the transaction). */
	async function deleteFile(key: string | null) {
		if (!key) return
		await files.delete(key).catch((error: unknown) => logger.warn('model_preview_delete_failed', { key, error: String(error) }))
	}

	/**
	 * Creates (no id) or updates a model with its audit row in one transaction. A new preview is
	 * re-encoded and stored first; it replaces the old one, whose file is deleted afterwards.
	 */
	async function save(actor: CatalogueActor, input: SaveModelInput, requestId?: string): Promise<SaveModelResult> {
		const stored = input.preview ? await storePreview(input.preview) : null
		if (typeof stored === 'string') return { ok: false, error: stored }
		// A new model once per request id (a retry gets the first one's answer, not 'modelIdTaken').
		const fingerprint = { model: input.model, preview: input.preview ? [input.preview.name, input.preview.bytes.byteLength] : null }
		const key = !input.id && requestId && actor.id ? { userId: actor.id, requestId, action: 'catalog.create-model', input: fingerprint } : null
		let result: SaveModelResult & { replaced?: string | null }
		try {
			const outcome = await onceWhenKeyed(db, key, async (trx): Promise<SaveModelResult & { replaced?: string | null }> => {
				const taken = await trx
					.selectFrom('ai_models')
					.select('id')
					.where('model_id', '=', input.model.model_id)
					.$if(Boolean(input.id), (q) => q.where('id', '<>', input.id!))
					.executeTakeFirst()
				if (taken) return { ok: false as const, error: 'modelIdTaken' as const }
				const before = input.id ? await trx.selectFrom('ai_models').select('preview_image_url').where('id', '=', input.id).forUpdate().executeTakeFirst() : null
				if (input.id && !before) return { ok: false as const, error: 'notFound' as const }
				const previous = before?.preview_image_url ?? null
				const preview_image_url = stored ? stored.url : input.removePreview ? null : previous
				const values = { ...modelRow(input.model), preview_image_url }
				const row = input.id
					? await trx.updateTable('ai_models').set(values).where('id', '=', input.id).returning(['id', 'name']).executeTakeFirstOrThrow()
					: await trx.insertInto('ai_models').values(values).returning(['id', 'name']).executeTakeFirstOrThrow()
				if (stored && actor.id) {
					await trx
						.insertInto('uploads')
						.values({ user_id: actor.id, kind: 'model_preview', storage_key: stored.key, content_type: 'image/jpeg', byte_size: stored.byteSize, original_name: input.preview!.name.slice(0, 255) || null })
						.execute()
				}
				const replaced = previous !== preview_image_url ? previewKey(previous) : null
				if (replaced) await trx.deleteFrom('uploads').where('storage_key', '=', replaced).execute()
				await recordAdminAction(trx, actor, {
					action: input.id ? 'ai_model.updated' : 'ai_model.created',
					targetType: 'ai_model',
					targetId: row.id,
					details: { ...input.model, preview_image_url },
				})
				return { ok: true as const, id: row.id, name: row.name, created: !input.id, previewImageUrl: preview_image_url, replaced }
			}, (saved) => saved.ok)
			// A replay answers with the first request's model: this request's preview file is not used.
			if (outcome.kind === 'conflict' || outcome.replayed) await deleteFile(stored?.key ?? null)
			if (outcome.kind === 'conflict') return { ok: false, error: 'requestConflict' }
			if (outcome.replayed) {
				const { replaced: _first, ...first } = outcome.result
				return first
			}
			result = outcome.result
		} catch (error) {
			await deleteFile(stored?.key ?? null)
			// Two admins saving the same model id at once: the unique index decides.
			if (isUniqueViolation(error)) return { ok: false, error: 'modelIdTaken' }
			throw error
		}
		if (!result.ok) {
			await deleteFile(stored?.key ?? null)
			return result
		}
		const { replaced, ...saved } = result
		await deleteFile(replaced ?? null)
		return saved
	}

	/**
	 * Deletes a model: likes and favourites go with it, model tests keep the model id's text, and
	 * agents that name it fall back in the creator (the cost of an unknown model). False when missing.
	 */
	async function remove(actor: CatalogueActor, id: string) {
		const deleted = await db.transaction().execute(async (trx) => {
			const row = await trx.deleteFrom('ai_models').where('id', '=', id).returning(['id', 'model_id', 'name', 'preview_image_url']).executeTakeFirst()
			if (!row) return null
			const key = previewKey(row.preview_image_url)
			if (key) await trx.deleteFrom('uploads').where('storage_key', '=', key).execute()
			await recordAdminAction(trx, actor, { action: 'ai_model.deleted', targetType: 'ai_model', targetId: row.id, details: { model_id: row.model_id, name: row.name } })
			return { key }
		})
		if (!deleted) return false
		await deleteFile(deleted.key)
		return true
	}

	return {
		list: (category: ModelCategory | null) => listAdminModels(db, category),
		save,
		remove,
	}
}
