import { z } from 'zod'
import { PLATFORM_ID_PATTERN } from '#modules/publishing/descriptor.ts'
import type { ToolName } from './default-tools.ts'

// The shape of each tool's user settings as the automations read them. The admin's config_schema
// (JSON Schema, shown on the card) describes the same fields; these zod schemas are what the server
// enforces when a user saves settings and what a job gets after merging with the defaults.
// Messages are i18n keys of the `toolbox` namespace.

// A platform id by its pattern; saveToolSettings checks it against the registry.
const platform = z.string().regex(PLATFORM_ID_PATTERN, { error: 'errors.platformsRequired' })
const platforms = z.array(platform).min(1, { error: 'errors.platformsRequired' }).max(20).transform((list) => [...new Set(list)])
const textList = (max: number) =>
	z
		.array(z.string().trim().max(500, { error: 'errors.tooLong' }))
		.max(max, { error: 'errors.tooMany' })
		.transform((list) => [...new Set(list.filter(Boolean))])

export const toolSettingsSchemas = {
	birthdayWishes: z.object({
		scheduleTime: z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: 'errors.time' }),
		personalMessage: z.boolean(),
		platforms,
		/** 'draft' prepares a draft; 'schedule' plans the greeting at scheduleTime. */
		mode: z.enum(['draft', 'schedule']).default('draft'),
	}),
	autoRepost: z.object({
		minEngagement: z.number().int({ error: 'errors.integer' }).min(0, { error: 'errors.min' }).max(10_000_000),
		repostAfterDays: z.number().int({ error: 'errors.integer' }).min(1, { error: 'errors.min' }).max(365, { error: 'errors.max' }),
		platforms,
	}),
	autoReply: z.object({
		keywords: textList(50).transform((list) => list.map((k) => k.toLowerCase())),
		responseTemplates: textList(20),
		platforms,
	}),
	eventPlanning: z.object({
		eventTypes: z.array(z.enum(['holidays', 'industry', 'company', 'awareness_days'])).max(4).transform((list) => [...new Set(list)]),
		advanceDays: z.number().int({ error: 'errors.integer' }).min(1, { error: 'errors.min' }).max(90, { error: 'errors.max' }),
		contentTypes: z.array(z.enum(['posts', 'stories', 'videos'])).max(3).transform((list) => [...new Set(list)]),
		/** Which countries' public holidays count (Switzerland, Germany, Austria). */
		countries: z.array(z.enum(['CH', 'DE', 'AT'])).min(1, { error: 'errors.countriesRequired' }).max(3).default(['CH']).transform((list) => [...new Set(list)]),
	}),
	hashtagOptimizer: z.object({
		maxHashtags: z.number().int({ error: 'errors.integer' }).min(1, { error: 'errors.min' }).max(30, { error: 'errors.max' }),
		trendingWeight: z.number().min(0, { error: 'errors.min' }).max(1, { error: 'errors.max' }),
		nicheSpecific: z.boolean(),
	}),
} satisfies Record<ToolName, z.ZodType>

export type ToolSettings = { [K in ToolName]: z.output<(typeof toolSettingsSchemas)[K]> }

/**
 * A tool's effective settings: the admin's defaults overlaid with what the user saved, validated.
 * Fields that do not validate (an admin changed a default to something odd, an old saved value)
 * fall back field by field to the fixed defaults of default-tools.ts, so a job always gets a usable shape.
 */
export function effectiveSettings<K extends ToolName>(
	tool: K,
	fixedDefaults: Record<string, unknown>,
	adminDefaults: unknown,
	saved: unknown,
): ToolSettings[K] {
	const schema = toolSettingsSchemas[tool] as unknown as z.ZodObject
	const merged: Record<string, unknown> = { ...fixedDefaults }
	for (const layer of [adminDefaults, saved]) {
		if (!layer || typeof layer !== 'object' || Array.isArray(layer)) continue
		for (const [key, value] of Object.entries(layer)) {
			if (!(key in schema.shape)) continue
			const field = schema.shape[key] as z.ZodType
			if (field.safeParse(value).success) merged[key] = value
		}
	}
	const parsed = schema.safeParse(merged)
	return (parsed.success ? parsed.data : schema.parse(fixedDefaults)) as ToolSettings[K]
}
