import type { SubmissionResult } from '@conform-to/react'
import type { Notice } from '#app/components/use-fetcher-notice.ts'

/** What the /admin/users action answers (fetcher forms). */
export type AdminUsersReply = { ok: boolean; notice?: Notice; grant?: SubmissionResult<Array<string>>; granted?: boolean; revoked?: string }

/** One user of the admin list, as the loader sends it. */
export type AdminUserRow = {
	id: string
	email: string
	fullName: string
	subscriptionType: 'free' | 'basic' | 'pro'
	creditsRemaining: number
	creditsTotal: number
	isAdmin: boolean
	apiTokens: number
	createdAt: Date | string
}

/** The dialogs a row opens (one of each for the whole list). */
export type RowDialogKind = 'grant' | 'history' | 'tokens'
