import type { SubmissionResult } from '@conform-to/react'
import type { Notice } from '#app/components/use-fetcher-notice.ts'
import type { AdminToolConfig, ToolConfigCounts } from '#modules/toolbox/index.ts'

/** What the /admin/toolbox action answers (fetchers read it; `notice` becomes a toast). */
export type ToolConfigsReply = { ok: boolean; notice?: Notice; form?: SubmissionResult<Array<string>>; saved?: string }

export type ToolConfigsPageData = {
	/** All configurations, newest first (the table). */
	configs: Array<AdminToolConfig>
	/** The ones the search matches (the cards). */
	matchingIds: Array<string>
	counts: ToolConfigCounts
	search: string
	timeZone: string
	loadFailed: boolean
}
