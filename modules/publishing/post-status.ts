import { POST_STATUSES, type PostStatus } from '#modules/content/platforms.ts'

// A post's status as programs read it (REST API, MCP): the stored status, except while its networks
// are being sent now. 'Jetzt posten' keeps the stored post a draft until a network confirms it (so a
// failed attempt stays with the drafts), which an API client would read as "nothing happened".

export const LIVE_POST_STATUSES = [...POST_STATUSES, 'publishing'] as const
export type LivePostStatus = (typeof LIVE_POST_STATUSES)[number]

/**
 * 'publishing' while a network is being sent, or while a draft post's deliveries are due (a draft
 * post's delivery is only 'scheduled' when it was published now); else the stored status.
 */
export function livePostStatus(stored: PostStatus, deliveries: ReadonlyArray<{ status: string }>): LivePostStatus {
	if (stored === 'published') return stored
	if (deliveries.some((d) => d.status === 'publishing')) return 'publishing'
	if (stored === 'draft' && deliveries.some((d) => d.status === 'scheduled')) return 'publishing'
	return stored
}
