import type { BirthdayContact, RecentRun, ToolboxTool, ToolStats } from '#modules/toolbox/index.ts'

export type ToolboxPageData = {
	tools: Array<ToolboxTool>
	stats: ToolStats
	contacts: Array<BirthdayContact>
	recentRuns: Array<RecentRun>
	isPro: boolean
	timeZone: string
}

/** What the toolbox action answers (fetchers read it; `notice` becomes a toast). */
export type ToolboxActionData = {
	ok: boolean
	intent?: string
	tool?: string
	errors?: Record<string, Array<string>>
	notice?: { type: 'success' | 'error' | 'info'; title: string; description?: string }
}
