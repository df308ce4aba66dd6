import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { likePattern } from '#modules/core/text-search.server.ts'
import { recordAdminAction, type AdminActor } from '#modules/activity/index.ts'
import { detectVariables, isPromptCategory, isUsedByGeneration, unknownVariables, type PromptCategory } from './prompt-variables.ts'
import type { PromptInput } from './prompt-templates-schema.ts'
import { onceWhenKeyed } from '#modules/core/request-keys.server.ts'

/** One row of 'Prompts verwalten'. */
export type AdminPrompt = {
	id: string
	name: string
	category: PromptCategory
	promptText: string
	variables: Array<string>
	isActive: boolean
	/** The prompt the generation uses for its category right now (see promptsInUse); never for the categories it does not read. */
	inUse: boolean
	createdAt: string
}

export type PromptCounts = { total: number; active: number; categories: number }

export type SavePromptResult =
	| { ok: true; id: string; created: boolean; variables: Array<string>; unknown: Array<string> }
	| { ok: false; error: 'not_found' | 'request_conflict' }

/**
 * The prompt of each category the generation uses: the active one with a text that was changed
 * last (created, edited or switched on). One query; categories without one are absent.
 */
function promptsInUse(db: DbOrTrx) {
	return db
		.selectFrom('admin_prompts')
		.select(['id', 'category', 'prompt_text'])
		.distinctOn('category')
		.where('is_active', '=', true)
		.where('prompt_text', '<>', '')
		.orderBy('category')
		.orderBy('updated_at', 'desc')
		.orderBy('id', 'desc')
		.execute()
}

/** The templates that replace the built-in ones in the generation, by category. */
export async function activePromptTemplates(db: Db): Promise<Partial<Record<PromptCategory, string>>> {
	const rows = await promptsInUse(db)
	return Object.fromEntries(rows.map((r) => [r.category, r.prompt_text]))
}

/**
 * All prompts matching the search (name or category, case-insensitive), newest first, and the
 * counters over all prompts. Three queries, whatever the number of prompts.
 */
export async function listPrompts(db: Db, search = ''): Promise<{ prompts: Array<AdminPrompt>; counts: PromptCounts }> {
	const query = search.trim().slice(0, 200)
	const [rows, inUse, counts] = await Promise.all([
		db
			.selectFrom('admin_prompts')
			.select(['id', 'name', 'category', 'prompt_text', 'variables', 'is_active', 'created_at'])
			.$if(query !== '', (q) => q.where((eb) => eb.or([eb('name', 'ilike', likePattern(query)), eb('category', 'ilike', likePattern(query))])))
			.orderBy('created_at', 'desc')
			.orderBy('id', 'desc')
			.execute(),
		promptsInUse(db),
		db
			.selectFrom('admin_prompts')
			.select((eb) => [
				eb.fn.countAll<string>().as('total'),
				eb.fn.countAll<string>().filterWhere('is_active', '=', true).as('active'),
				eb.fn.count<string>('category').distinct().as('categories'),
			])
			.executeTakeFirstOrThrow(),
	])
	const used = new Set(inUse.filter((r) => isPromptCategory(r.category) && isUsedByGeneration(r.category)).map((r) => r.id))
	return {
		prompts: rows.map((r) => ({
			id: r.id,
			name: r.name,
			// The table's check constraint allows only the five categories.
			category: isPromptCategory(r.category) ? r.category : 'workflow',
			promptText: r.prompt_text,
			variables: r.variables,
			isActive: r.is_active,
			inUse: used.has(r.id),
			createdAt: r.created_at.toISOString(),
		})),
		counts: { total: Number(counts.total), active: Number(counts.active), categories: Number(counts.categories) },
	}
}

/**
 * Creates (no id) or updates a prompt, with its audit row in the same transaction. The variables
 * are derived here from the text, never taken from the form. Variables the category's reader does
 * not fill do not stop the save (the spec has no required checks, and an admin may prepare a
 * prompt before the generation knows a value): they are answered as `unknown`, so the dialog and
 * the toast can say that they will stay in the text as written.
 */
export async function savePrompt(db: Db, actor: AdminActor, input: PromptInput, requestId?: string): Promise<SavePromptResult> {
	const variables = detectVariables(input.promptText)
	const values = { name: input.name, category: input.category, prompt_text: input.promptText, variables, is_active: input.isActive }
	const unknown = unknownVariables(input.category, variables)
	// A new prompt once per request id (a retry gets the first one's answer); an update is idempotent by itself.
	const key = !input.id && requestId ? { userId: actor.id, requestId, action: 'admin.create-prompt', input } : null
	const outcome = await onceWhenKeyed(db, key, async (trx): Promise<SavePromptResult> => {
		if (input.id) {
			const row = await trx.updateTable('admin_prompts').set(values).where('id', '=', input.id).returning('id').executeTakeFirst()
			if (!row) return { ok: false, error: 'not_found' }
			await recordAdminAction(trx, actor, { action: 'prompt.updated', targetType: 'admin_prompt', targetId: row.id, details: { ...values, unknown } })
			return { ok: true, id: row.id, created: false, variables, unknown }
		}
		const row = await trx.insertInto('admin_prompts').values(values).returning('id').executeTakeFirstOrThrow()
		await recordAdminAction(trx, actor, { action: 'prompt.created', targetType: 'admin_prompt', targetId: row.id, details: { ...values, unknown } })
		return { ok: true, id: row.id, created: true, variables, unknown }
	}, (result) => result.ok)
	return outcome.kind === 'conflict' ? { ok: false, error: 'request_conflict' } : outcome.result
}

/** The status switch; false when the prompt does not exist. */
export async function setPromptActive(db: Db, actor: AdminActor, id: string, active: boolean) {
	return db.transaction().execute(async (trx) => {
		const row = await trx.updateTable('admin_prompts').set({ is_active: active }).where('id', '=', id).returning(['id', 'name', 'category']).executeTakeFirst()
		if (!row) return false
		await recordAdminAction(trx, actor, { action: 'prompt.toggled', targetType: 'admin_prompt', targetId: row.id, details: { name: row.name, category: row.category, is_active: active } })
		return true
	})
}

/** 'Prompts verwalten' (/admin/prompts); callers must have passed requireAdmin. */
export function promptsAdmin(db: Db) {
	return {
		list: (search?: string) => listPrompts(db, search),
		save: (actor: AdminActor, input: PromptInput, requestId?: string) => savePrompt(db, actor, input, requestId),
		setActive: (actor: AdminActor, id: string, active: boolean) => setPromptActive(db, actor, id, active),
	}
}
