import { commentReason } from './first-comment.server.ts'

// A delivery's first comment as the card, the API and the publish-now toast show it (ADR 0053, 0062).

export type CommentState = { status: 'pending' | 'sent' | 'published' | 'failed' | 'unconfirmed'; url: string | null; reason: string | null }

/** The comment's state from the delivery's columns: its link once published, its German reason once failed or unconfirmed; null for a delivery without one. */
export function commentStateOf(row: { comment_status: string | null; comment_url: string | null; comment_error_code: string | null }): CommentState | null {
	if (!row.comment_status) return null
	const status = row.comment_status as CommentState['status']
	const settledBadly = status === 'failed' || status === 'unconfirmed'
	return { status, url: status === 'published' ? row.comment_url : null, reason: settledBadly ? commentReason(row.comment_error_code) : null }
}
