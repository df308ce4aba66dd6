import type { Db } from '#modules/core/db.server.ts'
import type { Platform } from '#modules/core/platform-id.ts'
import { listBirthdayContacts } from './birthday-contacts.server.ts'
import type { ToolName } from './default-tools.ts'
import { toolStats } from './runs.server.ts'
import { AUTO_REPLY_SETUP_HINT, autoReplyConfigured } from './automations/auto-reply.ts'
import type { ToolSettings } from './settings-schemas.ts'
import { listTools, type ToolState } from './tools.server.ts'

export type RecentRun = { id: string; toolName: ToolName; status: string; summary: string; createdAt: Date }

/** The user's last runs for the toolbox's 'Logbuch' card. */
export async function recentRuns(db: Db, userId: string, limit = 5): Promise<Array<RecentRun>> {
	const rows = await db
		.selectFrom('tool_runs')
		.select(['id', 'tool_name', 'status', 'summary', 'created_at'])
		.where('user_id', '=', userId)
		.orderBy('created_at', 'desc')
		.limit(limit)
		.execute()
	return rows.map((r) => ({ id: r.id, toolName: r.tool_name as ToolName, status: r.status, summary: r.summary, createdAt: r.created_at }))
}

/** A tool as the page shows it: with an i18n key (toolbox namespace) when its settings leave it nothing to do. */
export type ToolboxTool = ToolState & { setupHint: string | null }

function setupHint(tool: ToolState): string | null {
	if (tool.toolName === 'autoReply' && tool.isEnabled && !autoReplyConfigured(tool.settings as ToolSettings['autoReply'])) return AUTO_REPLY_SETUP_HINT
	return null
}

/** Everything the /toolbox page shows, in four queries. */
export async function toolboxPage(db: Db, userId: string, registered: ReadonlyArray<Platform>) {
	const [tools, stats, contacts, runs] = await Promise.all([listTools(db, userId, registered), toolStats(db, userId), listBirthdayContacts(db, userId), recentRuns(db, userId)])
	return { tools: tools.map((tool): ToolboxTool => ({ ...tool, setupHint: setupHint(tool) })), stats, contacts, recentRuns: runs }
}
