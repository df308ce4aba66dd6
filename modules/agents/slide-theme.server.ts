import type { DbOrTrx } from '#modules/core/db.server.ts'
import { keyOfMediaUrl, type FileStore } from '#modules/core/files.server.ts'
import { slideThemeOf, type SlideTheme } from '#modules/media/index.ts'

/**
 * The look of a brand's slides (ADR 0055): the branding of the brand's default agent preset (the one
 * marked default, else the first in order: the rule brands.default_agent_id was filled by), with its
 * logo's bytes from the file store. Postwerk's own look when the brand has no preset or it does not
 * use its branding.
 */
export async function brandSlideTheme(db: DbOrTrx, files: FileStore, userId: string, brandId: string): Promise<SlideTheme> {
	const preset = await db
		.selectFrom('agent_configurations')
		.select(['brand_name', 'brand_colors', 'accent_color', 'use_branding', 'logo_url'])
		.where('user_id', '=', userId)
		.where('brand_id', '=', brandId)
		.orderBy('is_default', 'desc')
		.orderBy('agent_order')
		.limit(1)
		.executeTakeFirst()
	if (!preset) return slideThemeOf(null)
	const colors = Array.isArray(preset.brand_colors) ? preset.brand_colors.filter((c): c is string => typeof c === 'string') : []
	const look = { name: preset.brand_name, colors, accentColor: preset.accent_color, useBranding: preset.use_branding }
	const key = preset.use_branding && preset.logo_url ? keyOfMediaUrl(preset.logo_url, '') : null
	const logo = key ? ((await files.get(key).catch(() => null))?.bytes ?? null) : null
	return slideThemeOf(look, logo)
}
