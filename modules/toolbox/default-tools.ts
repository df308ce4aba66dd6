import type { Platform } from '#modules/core/platform-id.ts'

// The five tools every installation starts with (admin_toolbox_configs). config_schema is a
// JSON Schema of a user's settings for the tool; default_settings are the spec's defaults. The
// platforms in both are the registered ones (the registry's order), read when seeding and when a
// tool's fixed defaults are read, so a newly registered platform needs no change here.

export const TOOL_NAMES = ['birthdayWishes', 'autoRepost', 'autoReply', 'eventPlanning', 'hashtagOptimizer'] as const
export type ToolName = (typeof TOOL_NAMES)[number]

export const TOOL_CATEGORIES = ['engagement', 'content', 'planung', 'optimierung', 'general'] as const
export type ToolCategory = (typeof TOOL_CATEGORIES)[number]

type JsonSchema = { [key: string]: JsonSchema | JsonSchema[] | string | number | boolean | string[] | null }
type Settings = { [key: string]: string | number | boolean | string[] }

export type DefaultTool = {
	tool_name: ToolName
	display_name: string
	description: string
	/** A lucide icon name (kebab-case, as on lucide.dev). */
	icon: string
	category: ToolCategory
	is_pro: boolean
	features: string[]
	config_schema: JsonSchema
	default_settings: Settings
}

const platformsSchema = (registered: ReadonlyArray<Platform>): JsonSchema => ({
	type: 'array',
	title: 'Plattformen',
	items: { type: 'string', enum: [...registered] },
	minItems: 1,
	uniqueItems: true,
})

const textList = (title: string, maxItems: number): JsonSchema => ({
	type: 'array',
	title,
	items: { type: 'string', minLength: 1, maxLength: 500 },
	maxItems,
})

/** The default tools for the `registered` platform ids: the schemas list them all, the defaults name the first. */
export function defaultTools(registered: ReadonlyArray<Platform>): DefaultTool[] {
	const platforms = platformsSchema(registered)
	const first = registered.slice(0, 1)
	return [
		{
			tool_name: 'birthdayWishes',
			display_name: 'Geburtstagswünsche',
			description: 'Gratuliert Ihren Kontakten automatisch zum Geburtstag, persönlich und pünktlich.',
			icon: 'cake',
			category: 'engagement',
			is_pro: false,
			features: ['Automatische Glückwünsche', 'Persönliche Nachrichten', 'Frei wählbare Uhrzeit'],
			config_schema: {
				type: 'object',
				properties: {
					scheduleTime: { type: 'string', title: 'Uhrzeit', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
					personalMessage: { type: 'boolean', title: 'Persönliche Nachricht' },
					platforms,
				},
				required: ['scheduleTime', 'personalMessage', 'platforms'],
				additionalProperties: false,
			},
			default_settings: { scheduleTime: '09:00', personalMessage: true, platforms: first },
		},
		{
			tool_name: 'autoRepost',
			display_name: 'Auto-Repost',
			description: 'Teilt Ihre erfolgreichsten Beiträge nach einiger Zeit erneut und verlängert ihre Reichweite.',
			icon: 'repeat-2',
			category: 'content',
			is_pro: true,
			features: ['Erkennt Top-Beiträge', 'Mindest-Engagement einstellbar', 'Wartezeit in Tagen'],
			config_schema: {
				type: 'object',
				properties: {
					minEngagement: { type: 'integer', title: 'Mindest-Engagement', minimum: 0 },
					repostAfterDays: { type: 'integer', title: 'Repost nach (Tagen)', minimum: 1, maximum: 365 },
					platforms,
				},
				required: ['minEngagement', 'repostAfterDays', 'platforms'],
				additionalProperties: false,
			},
			default_settings: { minEngagement: 100, repostAfterDays: 30, platforms: first },
		},
		{
			tool_name: 'autoReply',
			display_name: 'Auto-Antwort',
			description: 'Beantwortet Kommentare und Nachrichten automatisch anhand Ihrer Stichwörter und Vorlagen.',
			icon: 'message-circle-reply',
			category: 'engagement',
			is_pro: false,
			features: ['Stichwort-Erkennung', 'Eigene Antwortvorlagen', 'Mehrere Plattformen'],
			config_schema: {
				type: 'object',
				properties: {
					keywords: textList('Stichwörter', 50),
					responseTemplates: textList('Antwortvorlagen', 20),
					platforms,
				},
				required: ['keywords', 'responseTemplates', 'platforms'],
				additionalProperties: false,
			},
			default_settings: { keywords: [], responseTemplates: [], platforms: first },
		},
		{
			tool_name: 'eventPlanning',
			display_name: 'Event-Planung',
			description: 'Schlägt rechtzeitig Content-Ideen zu Feiertagen und Anlässen vor.',
			icon: 'calendar-days',
			category: 'planung',
			is_pro: true,
			features: ['Feiertage und Anlässe', 'Vorlaufzeit einstellbar', 'Fertige Post-Ideen'],
			config_schema: {
				type: 'object',
				properties: {
					eventTypes: {
						type: 'array',
						title: 'Anlässe',
						items: { type: 'string', enum: ['holidays', 'industry', 'company', 'awareness_days'] },
						uniqueItems: true,
					},
					advanceDays: { type: 'integer', title: 'Vorlauf (Tage)', minimum: 1, maximum: 90 },
					contentTypes: {
						type: 'array',
						title: 'Content-Arten',
						items: { type: 'string', enum: ['posts', 'stories', 'videos'] },
						uniqueItems: true,
					},
				},
				required: ['eventTypes', 'advanceDays', 'contentTypes'],
				additionalProperties: false,
			},
			default_settings: { eventTypes: ['holidays'], advanceDays: 7, contentTypes: ['posts'] },
		},
		{
			tool_name: 'hashtagOptimizer',
			display_name: 'Hashtag-Optimierer',
			description: 'Schlägt passende Hashtags vor, abgestimmt auf Trends und Ihre Nische.',
			icon: 'hash',
			category: 'optimierung',
			is_pro: false,
			features: ['Trend-Hashtags', 'Nischen-Hashtags', 'Maximale Anzahl einstellbar'],
			config_schema: {
				type: 'object',
				properties: {
					maxHashtags: { type: 'integer', title: 'Maximale Hashtags', minimum: 1, maximum: 30 },
					trendingWeight: { type: 'number', title: 'Gewichtung Trends', minimum: 0, maximum: 1 },
					nicheSpecific: { type: 'boolean', title: 'Nischenspezifisch' },
				},
				required: ['maxHashtags', 'trendingWeight', 'nicheSpecific'],
				additionalProperties: false,
			},
			default_settings: { maxHashtags: 30, trendingWeight: 0.7, nicheSpecific: true },
		},
	]
}
