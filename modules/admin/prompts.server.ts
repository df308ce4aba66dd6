import type { Db } from '#modules/core/db.server.ts'

export const PROMPT_CATEGORIES = ['content_generation', 'platform_generation', 'enhanced_generation', 'image_generation', 'workflow'] as const
export type PromptCategory = (typeof PROMPT_CATEGORIES)[number]

/** The newest active admin prompt of each category (one query); categories without one are absent. */
export async function activePromptTemplates(db: Db): Promise<Partial<Record<PromptCategory, string>>> {
	const rows = await db
		.selectFrom('admin_prompts')
		.select(['category', 'prompt_text'])
		.distinctOn('category')
		.where('is_active', '=', true)
		.where('prompt_text', '<>', '')
		.orderBy('category')
		.orderBy('updated_at', 'desc')
		.execute()
	return Object.fromEntries(rows.map((r) => [r.category, r.prompt_text]))
}
