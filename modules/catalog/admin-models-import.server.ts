import { sql } from 'kysely'
import { recordAdminAction } from '#modules/activity/index.ts'
import type { Db } from '#modules/core/db.server.ts'
import { AiModelFileEntrySchema, type AiModelFileEntry } from './admin-models-schema.ts'
import { MODEL_COLUMNS, modelRow, type CatalogueActor } from './admin-models.server.ts'

// `npm run seed:models -- <file>`: an admin's JSON file of models (the catalogue's shape) upserted by
// model_id. Unlike the deploy seed (seed.server.ts, which only adds what is missing), an explicit
// file updates existing models. like_count is never touched; a preview_image_url the entry leaves
// out keeps the stored one.

/** One problem of an entry: its position (1-based), its model_id if readable, the field and a message key of `adminModels`. */
export type ImportProblem = { entry: number; modelId: string | null; field: string; message: string }

export type ImportResult = { ok: true; added: number; updated: number; unchanged: number } | { ok: false; problems: Array<ImportProblem> }

/** Every entry checked with the form's rules; nothing is returned valid unless all are. */
export function validateModelEntries(entries: unknown): { ok: true; models: Array<AiModelFileEntry> } | { ok: false; problems: Array<ImportProblem> } {
	if (!Array.isArray(entries)) return { ok: false, problems: [{ entry: 0, modelId: null, field: '', message: 'import.notAnArray' }] }
	const problems: Array<ImportProblem> = []
	const models: Array<AiModelFileEntry> = []
	const seen = new Map<string, number>()
	entries.forEach((entry, index) => {
		const modelId = entry && typeof entry === 'object' && typeof (entry as { model_id?: unknown }).model_id === 'string' ? (entry as { model_id: string }).model_id : null
		const parsed = AiModelFileEntrySchema.safeParse(entry)
		if (!parsed.success) {
			for (const issue of parsed.error.issues) problems.push({ entry: index + 1, modelId, field: issue.path.join('.'), message: issue.message })
			return
		}
		const first = seen.get(parsed.data.model_id)
		if (first !== undefined) problems.push({ entry: index + 1, modelId, field: 'model_id', message: 'import.duplicate' })
		seen.set(parsed.data.model_id, index + 1)
		models.push(parsed.data)
	})
	return problems.length ? { ok: false, problems } : { ok: true, models }
}

/**
 * Validates every entry, then upserts them by model_id in one transaction with an audit row per
 * added or changed model. Running the same file twice changes nothing the second time.
 */
export async function importModels(db: Db, actor: CatalogueActor, entries: unknown): Promise<ImportResult> {
	const checked = validateModelEntries(entries)
	if (!checked.ok) return checked
	let added = 0
	let updated = 0
	await db.transaction().execute(async (trx) => {
		for (const { preview_image_url, ...model } of checked.models) {
			const keepPreview = preview_image_url === undefined
			const columns = keepPreview ? [...MODEL_COLUMNS] : [...MODEL_COLUMNS, 'preview_image_url' as const]
			const row = await trx
				.insertInto('ai_models')
				.values({ ...modelRow(model), preview_image_url: preview_image_url ?? null })
				.onConflict((oc) =>
					oc
						.column('model_id')
						.doUpdateSet(Object.fromEntries(columns.map((column) => [column, sql.ref(`excluded.${column}`)])))
						.where(
							sql<boolean>`(${sql.join(columns.map((column) => sql.ref(`ai_models.${column}`)))}) is distinct from (${sql.join(columns.map((column) => sql.ref(`excluded.${column}`)))})`,
						),
				)
				.returning(['id', sql<boolean>`xmax = 0`.as('inserted')])
				.executeTakeFirst()
			// No row: the model exists with exactly these values.
			if (!row) continue
			if (row.inserted) added++
			else updated++
			await recordAdminAction(trx, actor, {
				action: row.inserted ? 'ai_model.created' : 'ai_model.updated',
				targetType: 'ai_model',
				targetId: row.id,
				details: { ...model, ...(keepPreview ? {} : { preview_image_url }), source: 'seed:models' },
			})
		}
	})
	return { ok: true, added, updated, unchanged: checked.models.length - added - updated }
}
