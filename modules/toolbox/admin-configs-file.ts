import { ToolConfigSchema, type ToolConfigInput } from './admin-configs-schema.ts'

// The JSON file of `npm run seed:tools -- <file>`: an array of tool configurations with the
// spec's field names, each checked by the dialog's schema. Messages are keys of `adminToolbox`.

const FILE_FIELDS = ['tool_name', 'display_name', 'description', 'icon', 'category', 'config_schema', 'default_settings', 'is_available'] as const

export type ToolConfigFileIssue = { field: string; message: string }
/** An entry that does not validate: its position (from 1), its tool_name if it has one, and why. */
export type ToolConfigFileError = { entry: number; toolName: string | null; issues: Array<ToolConfigFileIssue> }

export type ToolConfigFileResult = { ok: true; entries: Array<ToolConfigInput> } | { ok: false; errors: Array<ToolConfigFileError> }

/** Validates every entry (all errors at once); nothing is valid unless all are. */
export function parseToolConfigFile(json: unknown): ToolConfigFileResult {
	if (!Array.isArray(json)) return { ok: false, errors: [{ entry: 0, toolName: null, issues: [{ field: '', message: 'cli.notArray' }] }] }
	const errors: Array<ToolConfigFileError> = []
	const entries: Array<ToolConfigInput> = []
	const seen = new Set<string>()
	json.forEach((raw: unknown, index) => {
		const entry = index + 1
		if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
			errors.push({ entry, toolName: null, issues: [{ field: '', message: 'cli.notObject' }] })
			return
		}
		const record = raw as Record<string, unknown>
		const toolName = typeof record.tool_name === 'string' ? record.tool_name : null
		const issues: Array<ToolConfigFileIssue> = Object.keys(record)
			.filter((key) => !(FILE_FIELDS as ReadonlyArray<string>).includes(key))
			.map((key) => ({ field: key, message: 'cli.unknownField' }))
		const parsed = ToolConfigSchema.safeParse(Object.fromEntries(FILE_FIELDS.map((key) => [key, record[key]])))
		if (!parsed.success) issues.push(...parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })))
		else if (seen.has(parsed.data.tool_name.toLowerCase())) issues.push({ field: 'tool_name', message: 'cli.duplicate' })
		else {
			seen.add(parsed.data.tool_name.toLowerCase())
			entries.push(parsed.data)
		}
		if (issues.length) errors.push({ entry, toolName, issues })
	})
	return errors.length ? { ok: false, errors } : { ok: true, entries }
}
