import { sql } from 'kysely'
import { recordAdminAction, type AuditActor } from '#modules/activity/index.ts'
import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import type { Platform } from '#modules/core/platform-id.ts'
import { isImplementedTool, type ToolConfigInput } from './admin-configs-schema.ts'
import { TOOL_NAMES, type ToolCategory } from './default-tools.ts'
import { messages } from './messages.ts'
import { seedToolboxConfigs } from './seed.server.ts'
import { onceWhenKeyed } from '#modules/core/request-keys.server.ts'

// The admin's side of admin_toolbox_configs ('Toolboxen verwalten'). Callers must have passed
// requireAdmin; every change is recorded in the admin audit log in its own transaction.

/** One tool configuration as the admin screen shows and edits it. */
export type AdminToolConfig = {
	id: string
	toolName: string
	displayName: string
	description: string
	icon: string
	category: ToolCategory
	configSchema: Record<string, unknown>
	defaultSettings: Record<string, unknown>
	isAvailable: boolean
	isPro: boolean
	/** One of the five tools the product implements (only those are offered to users). */
	implemented: boolean
	createdAt: string
}

export type ToolConfigCounts = { total: number; available: number; categories: number; engagement: number }

export type SaveToolConfigResult =
	| { ok: true; id: string; toolName: string; created: boolean }
	| { ok: false; error: 'toolNameTaken' | 'toolNameLocked' | 'notFound' | 'requestConflict' }

const columns = ['id', 'tool_name', 'display_name', 'description', 'icon', 'category', 'config_schema', 'default_settings', 'is_available', 'is_pro', 'created_at'] as const

async function selectConfigs(db: DbOrTrx): Promise<Array<AdminToolConfig>> {
	const rows = await db.selectFrom('admin_toolbox_configs').select(columns).orderBy('created_at', 'desc').orderBy('display_name').execute()
	return rows.map((r) => ({
		id: r.id,
		toolName: r.tool_name,
		displayName: r.display_name,
		description: r.description,
		icon: r.icon,
		category: r.category as ToolCategory,
		configSchema: r.config_schema as Record<string, unknown>,
		defaultSettings: r.default_settings as Record<string, unknown>,
		isAvailable: r.is_available,
		isPro: r.is_pro,
		implemented: isImplementedTool(r.tool_name),
		createdAt: r.created_at.toISOString(),
	}))
}

const categoryLabels: Record<string, string> = messages.categories

/** Matches the display name, the category or its German label, case-insensitive. */
function matches(config: AdminToolConfig, search: string) {
	const needle = search.toLocaleLowerCase('de')
	return [config.displayName, config.category, categoryLabels[config.category] ?? ''].some((value) => value.toLocaleLowerCase('de').includes(needle))
}

/**
 * The screen: makes sure the five default tools exist (a missing one is inserted, as the spec's
 * screen does on load; a failure there is logged and the list still shows), then all configs newest
 * first (the table), the ids matching the search (the cards) and the counters over all of them.
 */
export async function toolConfigsPage(db: Db, logger: Logger, search: string, registered: ReadonlyArray<Platform>) {
	let all = await selectConfigs(db)
	const present = new Set(all.map((c) => c.toolName))
	if (TOOL_NAMES.some((name) => !present.has(name))) {
		try {
			await seedToolboxConfigs(db, registered)
			all = await selectConfigs(db)
		} catch (error) {
			logger.warn('toolbox: could not insert the default tools', { error: String(error) })
		}
	}
	const counts: ToolConfigCounts = {
		total: all.length,
		available: all.filter((c) => c.isAvailable).length,
		categories: new Set(all.map((c) => c.category)).size,
		engagement: all.filter((c) => c.category === 'engagement').length,
	}
	const matchingIds = (search ? all.filter((c) => matches(c, search)) : all).map((c) => c.id)
	return { configs: all, matchingIds, counts, search }
}

const values = (input: ToolConfigInput) => ({
	display_name: input.display_name,
	description: input.description,
	icon: input.icon,
	category: input.category,
	config_schema: JSON.stringify(input.config_schema),
	default_settings: JSON.stringify(input.default_settings),
	is_available: input.is_available,
})

/** A tool name already used, compared case-insensitively (autoRepost and autorepost would confuse everyone). */
async function nameTaken(db: DbOrTrx, toolName: string) {
	const row = await db
		.selectFrom('admin_toolbox_configs')
		.select('id')
		.where(sql<string>`lower(tool_name)`, '=', toolName.toLowerCase())
		.executeTakeFirst()
	return Boolean(row)
}

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'

/**
 * Creates (no id) or updates a configuration. The tool name is fixed once created: an update that
 * names another one is refused ('toolNameLocked'), so the default_settings were checked for the
 * stored tool. is_pro and features are not part of the dialog and stay as they are.
 */
export async function saveToolConfig(db: Db, actor: AuditActor, input: ToolConfigInput, requestId?: string): Promise<SaveToolConfigResult> {
	// A new tool once per request id (a retry gets the first one's answer, not 'toolNameTaken').
	const key = !input.id && requestId && actor.id ? { userId: actor.id, requestId, action: 'toolbox.create-config', input } : null
	try {
		const outcome = await onceWhenKeyed(db, key, async (trx): Promise<SaveToolConfigResult> => {
			if (input.id) {
				const current = await trx.selectFrom('admin_toolbox_configs').select('tool_name').where('id', '=', input.id).forUpdate().executeTakeFirst()
				if (!current) return { ok: false, error: 'notFound' }
				if (current.tool_name !== input.tool_name) return { ok: false, error: 'toolNameLocked' }
				await trx.updateTable('admin_toolbox_configs').set(values(input)).where('id', '=', input.id).execute()
				await recordAdminAction(trx, actor, { action: 'toolbox_config.updated', targetType: 'toolbox_config', targetId: input.id, details: { tool_name: current.tool_name, ...values(input) } })
				return { ok: true, id: input.id, toolName: current.tool_name, created: false }
			}
			if (await nameTaken(trx, input.tool_name)) return { ok: false, error: 'toolNameTaken' }
			const row = await trx
				.insertInto('admin_toolbox_configs')
				.values({ tool_name: input.tool_name, ...values(input) })
				.returning('id')
				.executeTakeFirstOrThrow()
			await recordAdminAction(trx, actor, { action: 'toolbox_config.created', targetType: 'toolbox_config', targetId: row.id, details: { tool_name: input.tool_name, ...values(input) } })
			return { ok: true, id: row.id, toolName: input.tool_name, created: true }
		}, (result) => result.ok)
		return outcome.kind === 'conflict' ? { ok: false, error: 'requestConflict' } : outcome.result
	} catch (error) {
		// Two admins creating the same tool at once: the unique index decides.
		if (isUniqueViolation(error)) return { ok: false, error: 'toolNameTaken' }
		throw error
	}
}

/** The availability switch; null when the configuration does not exist. An unavailable tool cannot be switched on by users. */
export type DeleteToolConfigResult = { ok: true; toolName: string; displayName: string } | { ok: false; error: 'notFound' | 'implemented' }

/**
 * Deletes a configuration the product does not run. The five implemented tools cannot be deleted
 * (the screen would insert them again, and users' settings and runs belong to them): they are switched
 * off instead. A custom configuration has no user settings (toolbox_settings only names the five).
 */
export async function deleteToolConfig(db: Db, actor: AuditActor, id: string): Promise<DeleteToolConfigResult> {
	return db.transaction().execute(async (trx): Promise<DeleteToolConfigResult> => {
		const row = await trx.selectFrom('admin_toolbox_configs').select(['id', 'tool_name', 'display_name']).where('id', '=', id).forUpdate().executeTakeFirst()
		if (!row) return { ok: false, error: 'notFound' }
		if (isImplementedTool(row.tool_name)) return { ok: false, error: 'implemented' }
		await trx.deleteFrom('admin_toolbox_configs').where('id', '=', id).execute()
		await recordAdminAction(trx, actor, { action: 'toolbox_config.deleted', targetType: 'toolbox_config', targetId: row.id, details: { tool_name: row.tool_name, display_name: row.display_name } })
		return { ok: true, toolName: row.tool_name, displayName: row.display_name }
	})
}

export async function setToolAvailability(db: Db, actor: AuditActor, id: string, available: boolean) {
	return db.transaction().execute(async (trx) => {
		const row = await trx.updateTable('admin_toolbox_configs').set({ is_available: available }).where('id', '=', id).returning(['id', 'tool_name', 'display_name']).executeTakeFirst()
		if (!row) return null
		await recordAdminAction(trx, actor, { action: 'toolbox_config.availability_changed', targetType: 'toolbox_config', targetId: row.id, details: { tool_name: row.tool_name, is_available: available } })
		return { toolName: row.tool_name, displayName: row.display_name }
	})
}

export type UpsertResult = { ok: true; inserted: number; updated: number; unchanged: number } | { ok: false; error: 'toolNameTaken'; toolName: string }

const sameJson = (a: unknown, b: unknown) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b))
function sortKeys(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(sortKeys)
	if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, sortKeys(v)]))
	return value
}

/**
 * `npm run seed:tools -- <file>`: inserts or updates the validated entries by tool_name in one
 * transaction (all or nothing). Entries equal to what is stored are left alone, so a second run
 * changes nothing and records nothing. A new name that differs from a stored one only in case is
 * refused before anything is written.
 */
export async function upsertToolConfigs(db: Db, actor: AuditActor, entries: Array<ToolConfigInput>): Promise<UpsertResult> {
	return db.transaction().execute(async (trx): Promise<UpsertResult> => {
		// The table holds a handful of tools: lock them all, so the comparison stays true until commit.
		const existing = await trx.selectFrom('admin_toolbox_configs').select(columns).forUpdate().execute()
		const byName = new Map(existing.map((r) => [r.tool_name, r]))
		const lowerNames = new Set(existing.map((r) => r.tool_name.toLowerCase()))
		const clash = entries.find((e) => !byName.has(e.tool_name) && lowerNames.has(e.tool_name.toLowerCase()))
		if (clash) return { ok: false, error: 'toolNameTaken', toolName: clash.tool_name }

		const result = { ok: true as const, inserted: 0, updated: 0, unchanged: 0 }
		for (const entry of entries) {
			const row = byName.get(entry.tool_name)
			const details = { tool_name: entry.tool_name, ...values(entry) }
			if (!row) {
				const created = await trx.insertInto('admin_toolbox_configs').values({ tool_name: entry.tool_name, ...values(entry) }).returning('id').executeTakeFirstOrThrow()
				await recordAdminAction(trx, actor, { action: 'toolbox_config.created', targetType: 'toolbox_config', targetId: created.id, details })
				result.inserted++
				continue
			}
			const same =
				row.display_name === entry.display_name &&
				row.description === entry.description &&
				row.icon === entry.icon &&
				row.category === entry.category &&
				row.is_available === entry.is_available &&
				sameJson(row.config_schema, entry.config_schema) &&
				sameJson(row.default_settings, entry.default_settings)
			if (same) {
				result.unchanged++
				continue
			}
			await trx.updateTable('admin_toolbox_configs').set(values(entry)).where('id', '=', row.id).execute()
			await recordAdminAction(trx, actor, { action: 'toolbox_config.updated', targetType: 'toolbox_config', targetId: row.id, details })
			result.updated++
		}
		return result
	})
}
