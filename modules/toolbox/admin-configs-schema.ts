import { z } from 'zod'
import { TOOL_CATEGORIES, TOOL_NAMES, type ToolName } from './default-tools.ts'
import { toolSettingsSchemas } from './settings-schemas.ts'

// 'Toolboxen verwalten' (/admin/toolbox) and `npm run seed:tools`: one schema for the dialog's form
// (posted as text, parsed without conform's coercion) and the entries of a JSON file (real JSON
// values). Messages are keys of the `adminToolbox` namespace; "key|field|reason" carries the
// settings field and the reason for the known tools' default_settings (see configErrorText).

/** The lucide icons (kebab-case names, as on lucide.dev) a tool can have; the UI maps each to its component. */
export const TOOL_ICON_NAMES = [
	'wrench',
	'cake',
	'repeat-2',
	'message-circle-reply',
	'calendar-days',
	'hash',
	'bot',
	'sparkles',
	'zap',
	'bell',
	'mail',
	'send',
	'share-2',
	'image',
	'file-text',
	'pen-line',
	'trending-up',
	'chart-column',
	'target',
	'users',
	'heart',
	'star',
	'clock',
	'globe',
	'lightbulb',
	'megaphone',
	'rocket',
	'search',
	'shield',
	'tag',
	'thumbs-up',
	'workflow',
	'gift',
	'newspaper',
] as const
export type ToolIconName = (typeof TOOL_ICON_NAMES)[number]

/** The five tools the product implements; any other tool_name is stored but not offered to users. */
export function isImplementedTool(toolName: string): toolName is ToolName {
	return (TOOL_NAMES as ReadonlyArray<string>).includes(toolName)
}

export const TOOL_JSON_MAX_CHARS = 20_000

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** JSON object: as text from the form (empty means {}), or already a value from a JSON file. */
const jsonObject = z.unknown().transform((value, ctx): Record<string, unknown> => {
	const fail = (message: string) => {
		ctx.issues.push({ code: 'custom', message, input: value })
		return z.NEVER
	}
	let parsed = value
	if (value === undefined) return {}
	if (typeof value === 'string') {
		if (value.length > TOOL_JSON_MAX_CHARS) return fail('form.errors.jsonTooLong')
		if (!value.trim()) return {}
		try {
			parsed = JSON.parse(value)
		} catch {
			return fail('form.errors.jsonInvalid')
		}
	}
	if (!isPlainObject(parsed)) return fail('form.errors.jsonObject')
	if (JSON.stringify(parsed).length > TOOL_JSON_MAX_CHARS) return fail('form.errors.jsonTooLong')
	return parsed
})

/** A switch posted as 'true'/'false' by the form, or a boolean in a file; missing means available. */
const flag = z
	.union([z.boolean(), z.enum(['true', 'false', 'on']).transform((v) => v !== 'false')], { error: 'form.errors.flagInvalid' })
	.optional()
	.default(true)

/** An empty choice (a form posts '') takes the default. */
const choice = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema)

const text = (max: number, tooLong: string) => z.string({ error: 'form.errors.textInvalid' }).trim().max(max, tooLong)

/**
 * Why a known tool's default_settings would break the users' tools: each entry a message
 * 'form.errors.settings*|field|reason', checked against the settings the automation reads.
 */
export function knownToolSettingsIssues(toolName: ToolName, settings: Record<string, unknown>): Array<string> {
	const schema = toolSettingsSchemas[toolName] as unknown as z.ZodObject
	const issues = Object.keys(settings)
		.filter((key) => !(key in schema.shape))
		.map((key) => `form.errors.settingsUnknown|${key}`)
	const parsed = schema.safeParse(settings)
	if (parsed.success) return issues
	for (const issue of parsed.error.issues) {
		const field = String(issue.path[0] ?? '')
		if (issue.code === 'invalid_type' && settings[field] === undefined) issues.push(`form.errors.settingsMissing|${field}`)
		else {
			const reason = issue.message.startsWith('errors.') ? issue.message.slice('errors.'.length) : issue.code === 'invalid_type' ? `type_${issue.expected}` : 'invalid'
			issues.push(`form.errors.settingsField|${field}|${reason}`)
		}
	}
	return [...new Set(issues)]
}

export const ToolConfigSchema = z
	.object({
		id: z.uuid({ error: 'form.errors.notFound' }).optional(),
		tool_name: z
			.string({ error: 'form.errors.toolNameRequired' })
			.trim()
			.min(1, { error: 'form.errors.toolNameRequired', abort: true })
			.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'form.errors.toolNameFormat'),
		display_name: z.string({ error: 'form.errors.displayNameRequired' }).trim().min(1, 'form.errors.displayNameRequired').max(200, 'form.errors.displayNameTooLong'),
		description: text(2000, 'form.errors.descriptionTooLong').optional().default(''),
		icon: choice(z.enum(TOOL_ICON_NAMES, { error: 'form.errors.iconInvalid' }).optional().default('wrench')),
		category: choice(z.enum(TOOL_CATEGORIES, { error: 'form.errors.categoryInvalid' }).optional().default('general')),
		config_schema: jsonObject,
		default_settings: jsonObject,
		is_available: flag,
	})
	.superRefine((value, ctx) => {
		if (!isImplementedTool(value.tool_name) || !isPlainObject(value.default_settings)) return
		for (const message of knownToolSettingsIssues(value.tool_name, value.default_settings)) ctx.addIssue({ code: 'custom', path: ['default_settings'], message })
	})

export type ToolConfigInput = z.output<typeof ToolConfigSchema>

/** The availability switch on a card. */
export const ToolAvailabilitySchema = z.object({
	id: z.uuid(),
	available: z.enum(['true', 'false']).transform((v) => v === 'true'),
})

export const ToolConfigDeleteSchema = z.object({ id: z.uuid() })

/** The search of the screen (?q=): display name or category, case-insensitive. */
export const ToolConfigSearchSchema = z.object({ q: z.string().trim().max(200).catch('') })

type Translate = (key: string, values?: Record<string, string>) => string

/** A schema message ('key' or 'key|field|reason') as German text, for the dialog and the CLI. */
export function configErrorText(message: string, t: Translate): string {
	const [key = '', field = '', reason] = message.split('|')
	return t(key, { field, reason: reason ? t(`form.settingsReasons.${reason}`, { defaultValue: t('form.settingsReasons.invalid') }) : '' })
}
