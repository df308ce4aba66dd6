import type { Notice } from '#app/components/use-fetcher-notice.ts'
import type { SourceReport } from '#modules/news/index.ts'

/** What the /news action answers (fetchers show the notice as a toast). */
export type NewsReply = { ok: boolean; notice?: Notice; sources?: Array<SourceReport>; errors?: { url?: string } }
