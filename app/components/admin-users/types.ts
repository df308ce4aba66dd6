import type { SubmissionResult } from '@conform-to/react'
import type { Notice } from '#app/components/use-fetcher-notice.ts'

/** What the /admin/users action answers (fetcher forms). */
export type AdminUsersReply = { ok: boolean; notice?: Notice; grant?: SubmissionResult<Array<string>>; granted?: boolean }
