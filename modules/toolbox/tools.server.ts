import { sql } from 'kysely'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import type { Platform } from '#modules/core/platform-id.ts'
import { defaultTools, TOOL_NAMES, type ToolCategory, type ToolName } from './default-tools.ts'
import { effectiveSettings, toolSettingsSchemas, type ToolSettings } from './settings-schemas.ts'

export type ToolState = {
	toolName: ToolName
	displayName: string
	description: string
	icon: string
	category: ToolCategory | string
	isPro: boolean
	features: Array<string>
	/** False when an admin switched the tool off for everyone: users cannot enable it. */
	isAvailable: boolean
	isEnabled: boolean
	isFavorite: boolean
	/** The settings the automation runs with (defaults overlaid with the user's own). */
	settings: ToolSettings[ToolName]
}

/** The fixed defaults of default-tools.ts for the registered platforms, by tool name. */
const fixedDefaults = (registered: ReadonlyArray<Platform>) => new Map(defaultTools(registered).map((t) => [t.tool_name, t]))

export function isToolName(value: string): value is ToolName {
	return (TOOL_NAMES as ReadonlyArray<string>).includes(value)
}

/**
 * All five tools with the admin's texts and availability and the user's switches and settings (one
 * query). `registered`: the registered platform ids (the fixed defaults name the first).
 */
export async function listTools(db: DbOrTrx, userId: string, registered: ReadonlyArray<Platform>): Promise<Array<ToolState>> {
	const rows = await db
		.selectFrom('admin_toolbox_configs as c')
		.leftJoin('toolbox_settings as s', (join) => join.onRef('s.tool_name', '=', 'c.tool_name').on('s.user_id', '=', userId))
		.select(['c.tool_name', 'c.display_name', 'c.description', 'c.icon', 'c.category', 'c.is_pro', 'c.features', 'c.is_available', 'c.default_settings', 's.is_enabled', 's.is_favorite', 's.settings'])
		.where('c.tool_name', 'in', [...TOOL_NAMES])
		.execute()
	const byName = new Map(rows.map((r) => [r.tool_name, r]))
	const fixedByName = fixedDefaults(registered)
	// Tools whose config row is missing (not seeded yet) still show with their fixed defaults.
	return TOOL_NAMES.map((name) => {
		const fixed = fixedByName.get(name)!
		const row = byName.get(name)
		return {
			toolName: name,
			displayName: row?.display_name ?? fixed.display_name,
			description: row?.description ?? fixed.description,
			icon: row?.icon ?? fixed.icon,
			category: row?.category ?? fixed.category,
			isPro: row?.is_pro ?? fixed.is_pro,
			features: row?.features ?? fixed.features,
			isAvailable: row?.is_available ?? true,
			isEnabled: Boolean(row?.is_enabled) && (row?.is_available ?? true),
			isFavorite: Boolean(row?.is_favorite),
			settings: effectiveSettings(name, fixed.default_settings, row?.default_settings, row?.settings),
		}
	})
}

/** One tool's effective settings for a user (what a job runs with); `registered`: the registered platform ids. */
export async function toolSettings<K extends ToolName>(db: DbOrTrx, userId: string, tool: K, registered: ReadonlyArray<Platform>): Promise<ToolSettings[K]> {
	const row = await db
		.selectFrom('admin_toolbox_configs as c')
		.leftJoin('toolbox_settings as s', (join) => join.onRef('s.tool_name', '=', 'c.tool_name').on('s.user_id', '=', userId))
		.select(['c.default_settings', 's.settings'])
		.where('c.tool_name', '=', tool)
		.executeTakeFirst()
	return effectiveSettings(tool, fixedDefaults(registered).get(tool)!.default_settings, row?.default_settings, row?.settings)
}

export type ToggleResult = { ok: true } | { ok: false; reason: 'unavailable' }

/** Switches a tool on or off for the user; an unavailable tool cannot be switched on. */
export async function setToolEnabled(db: DbOrTrx, userId: string, tool: ToolName, enabled: boolean): Promise<ToggleResult> {
	if (enabled) {
		const config = await db.selectFrom('admin_toolbox_configs').select('is_available').where('tool_name', '=', tool).executeTakeFirst()
		if (config && !config.is_available) return { ok: false, reason: 'unavailable' }
	}
	await db
		.insertInto('toolbox_settings')
		.values({ user_id: userId, tool_name: tool, is_enabled: enabled })
		.onConflict((oc) => oc.columns(['user_id', 'tool_name']).doUpdateSet({ is_enabled: enabled }))
		.execute()
	await notifyChange(db, { userId, topic: 'toolbox' })
	return { ok: true }
}

export async function setToolFavorite(db: DbOrTrx, userId: string, tool: ToolName, favorite: boolean) {
	await db
		.insertInto('toolbox_settings')
		.values({ user_id: userId, tool_name: tool, is_favorite: favorite })
		.onConflict((oc) => oc.columns(['user_id', 'tool_name']).doUpdateSet({ is_favorite: favorite }))
		.execute()
	await notifyChange(db, { userId, topic: 'toolbox' })
}

export type SaveSettingsResult<K extends ToolName> =
	| { ok: true; settings: ToolSettings[K] }
	| { ok: false; errors: Record<string, Array<string>> }

/** Validates and stores a tool's settings for the user (the whole object; unknown fields dropped). */
export async function saveToolSettings<K extends ToolName>(db: DbOrTrx, userId: string, tool: K, input: unknown, isPlatform: (id: string) => boolean): Promise<SaveSettingsResult<K>> {
	const parsed = toolSettingsSchemas[tool].safeParse(input)
	if (!parsed.success) {
		const errors: Record<string, Array<string>> = {}
		for (const issue of parsed.error.issues) {
			const key = String(issue.path[0] ?? '')
			// Type errors carry zod's English text: a field that wants a number says so, anything else is 'invalid'.
			const message = issue.message.startsWith('errors.') ? issue.message : issue.code === 'invalid_type' && issue.expected === 'number' ? 'errors.number' : 'errors.invalid'
			;(errors[key] ??= []).push(message)
		}
		return { ok: false, errors }
	}
	// Only registered platforms (the schema checks the id's pattern).
	const chosen = (parsed.data as { platforms?: Array<string> }).platforms
	if (chosen && !chosen.every(isPlatform)) return { ok: false, errors: { platforms: ['errors.platformsRequired'] } }
	const settings = JSON.stringify(parsed.data)
	await db
		.insertInto('toolbox_settings')
		.values({ user_id: userId, tool_name: tool, settings })
		.onConflict((oc) => oc.columns(['user_id', 'tool_name']).doUpdateSet({ settings }))
		.execute()
	await notifyChange(db, { userId, topic: 'toolbox' })
	return { ok: true, settings: parsed.data as ToolSettings[K] }
}

/**
 * Users who have the tool switched on while it is available, in batches (keyset on user id) —
 * what an automation's cron fan-out walks.
 */
export async function usersWithToolEnabled(db: DbOrTrx, tool: ToolName, afterUserId: string | null, limit = 500): Promise<Array<string>> {
	const rows = await db
		.selectFrom('toolbox_settings as s')
		.innerJoin('admin_toolbox_configs as c', 'c.tool_name', 's.tool_name')
		.select('s.user_id')
		.where('s.tool_name', '=', tool)
		.where('s.is_enabled', '=', true)
		.where('c.is_available', '=', true)
		.$if(afterUserId !== null, (q) => q.where('s.user_id', '>', afterUserId!))
		.orderBy('s.user_id')
		.limit(limit)
		.execute()
	return rows.map((r) => r.user_id)
}

/** Whether the tool is on (and available) for this user right now — a job re-checks before acting. */
export async function isToolEnabled(db: DbOrTrx, userId: string, tool: ToolName): Promise<boolean> {
	const row = await db
		.selectFrom('toolbox_settings as s')
		.innerJoin('admin_toolbox_configs as c', 'c.tool_name', 's.tool_name')
		.select(sql<boolean>`s.is_enabled and c.is_available`.as('on'))
		.where('s.user_id', '=', userId)
		.where('s.tool_name', '=', tool)
		.executeTakeFirst()
	return Boolean(row?.on)
}
