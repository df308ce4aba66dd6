import { createToolboxAutomations } from './automations/index.ts'
import type { ToolName } from './default-tools.ts'
import type { ToolboxDeps } from './deps.ts'
import { favoriteTools } from './favorites.server.ts'
import { toolStats } from './runs.server.ts'
import { listTools, saveToolSettings, setToolEnabled, setToolFavorite, toolSettings } from './tools.server.ts'

/** The toolbox: the user's tools, their switches and settings, run statistics, and the automations as jobs. */
export function createToolboxService(deps: ToolboxDeps) {
	const { db } = deps
	const automations = createToolboxAutomations(deps)
	return {
		/** The dashboard's favourite tools. */
		favorites: (userId: string, limit?: number) => favoriteTools(db, userId, limit),
		list: (userId: string) => listTools(db, userId),
		settings: <K extends ToolName>(userId: string, tool: K) => toolSettings(db, userId, tool),
		setEnabled: (userId: string, tool: ToolName, enabled: boolean) => setToolEnabled(db, userId, tool, enabled),
		setFavorite: (userId: string, tool: ToolName, favorite: boolean) => setToolFavorite(db, userId, tool, favorite),
		saveSettings: <K extends ToolName>(userId: string, tool: K, input: unknown) => saveToolSettings(db, userId, tool, input),
		stats: (userId: string) => toolStats(db, userId),
		tasks: automations.tasks,
		crontab: automations.crontab.join('\n'),
	}
}

export type ToolboxService = ReturnType<typeof createToolboxService>
