import type { AuditActor } from '#modules/activity/index.ts'
import { deleteToolConfig, saveToolConfig, setToolAvailability, toolConfigsPage, upsertToolConfigs } from './admin-configs.server.ts'
import type { ToolConfigInput } from './admin-configs-schema.ts'
import { createToolboxAutomations } from './automations/index.ts'
import type { ToolName } from './default-tools.ts'
import type { ToolboxDeps } from './deps.ts'
import { favoriteTools } from './favorites.server.ts'
import { toolStats } from './runs.server.ts'
import { isToolEnabled, listTools, saveToolSettings, setToolEnabled, setToolFavorite, toolSettings } from './tools.server.ts'
import { addBirthdayContact, listBirthdayContacts, removeBirthdayContact } from './birthday-contacts.server.ts'
import { suggestHashtagsForUser } from './hashtags.server.ts'
import { toolboxPage } from './page.server.ts'
import { exportToolboxData } from './export.server.ts'
import { seedToolboxConfigs } from './seed.server.ts'

/** The toolbox: the user's tools, their switches and settings, run statistics, and the automations as jobs. */
export function createToolboxService(deps: ToolboxDeps) {
	const { db } = deps
	const automations = createToolboxAutomations(deps)
	return {
		/** The dashboard's favourite tools. */
		favorites: (userId: string, limit?: number) => favoriteTools(db, userId, limit),
		list: (userId: string) => listTools(db, userId, deps.platforms.ids),
		settings: <K extends ToolName>(userId: string, tool: K) => toolSettings(db, userId, tool, deps.platforms.ids),
		setEnabled: (userId: string, tool: ToolName, enabled: boolean) => setToolEnabled(db, userId, tool, enabled),
		setFavorite: (userId: string, tool: ToolName, favorite: boolean) => setToolFavorite(db, userId, tool, favorite),
		saveSettings: <K extends ToolName>(userId: string, tool: K, input: unknown) => saveToolSettings(db, userId, tool, input, deps.platforms.has),
		stats: (userId: string) => toolStats(db, userId),
		/** The /toolbox page: tools, stats, birthday contacts, last runs. */
		page: (userId: string) => toolboxPage(db, userId, deps.platforms.ids),
		/** Whether a tool is on for the user (e.g. the hashtag button in the editors). */
		isEnabled: (userId: string, tool: ToolName) => isToolEnabled(db, userId, tool),
		/** The hashtagOptimizer for a text; records a run once per text and day. */
		suggestHashtags: (userId: string, text: string) => suggestHashtagsForUser(db, userId, text, deps.now?.() ?? new Date(), deps.platforms.ids),
		birthdayContacts: (userId: string) => listBirthdayContacts(db, userId),
		/** Once per request id: a retry gets the contact the first request added. */
		addBirthdayContact: (userId: string, input: unknown, requestId: string) => addBirthdayContact(db, userId, input, requestId, deps.platforms.has),
		removeBirthdayContact: (userId: string, id: string) => removeBirthdayContact(db, userId, id),
		/** The toolbox part of 'Daten exportieren': tool settings, tool runs, birthday contacts. */
		exportData: (userId: string) => exportToolboxData(db, userId),
		/** 'Toolboxen verwalten' (/admin/toolbox) and `npm run seed:tools`: callers must have passed requireAdmin. */
		configs: {
			/** The screen: the five defaults ensured, all configs newest first, counters, the search's matches. */
			page: (search: string) => toolConfigsPage(db, deps.logger, search, deps.platforms.ids),
			/** A new configuration (no id) once per request id. */
			save: (actor: AuditActor, input: ToolConfigInput, requestId?: string) => saveToolConfig(db, actor, input, requestId),
			setAvailable: (actor: AuditActor, id: string, available: boolean) => setToolAvailability(db, actor, id, available),
			/** Only a configuration the product does not run; the five implemented tools are switched off instead. */
			remove: (actor: AuditActor, id: string) => deleteToolConfig(db, actor, id),
			/** Inserts the five default tools that are missing (an admin's edits are kept). */
			ensureDefaults: () => seedToolboxConfigs(db, deps.platforms.ids),
			upsert: (actor: AuditActor, entries: Array<ToolConfigInput>) => upsertToolConfigs(db, actor, entries),
		},
		tasks: automations.tasks,
		crontab: automations.crontab.join('\n'),
	}
}

export type ToolboxService = ReturnType<typeof createToolboxService>
