import type { DbOrTrx } from '#modules/core/db.server.ts'
import type { PostPlatform } from './platforms.ts'
import { serializeContent, type PostContent } from './post-content.ts'

/** A post that is about to be made (a row of a CSV import). */
export type PostCandidate = { platform: PostPlatform; content: PostContent; scheduledAt: Date | null }

const keyOf = (platform: string, content: string, at: Date | null) => `${platform}\u0000${at ? at.getTime() : ''}\u0000${content}`

/**
 * For each candidate, whether the user already has a post with the same text, networks and time (a
 * post without a time matches one without): the same file uploaded twice. One query.
 */
export async function findMatchingPosts(db: DbOrTrx, userId: string, candidates: ReadonlyArray<PostCandidate>): Promise<Array<boolean>> {
	if (candidates.length === 0) return []
	const instants = [...new Set(candidates.flatMap((c) => (c.scheduledAt ? [c.scheduledAt.getTime()] : [])))].map((ms) => new Date(ms))
	const withoutTime = candidates.some((c) => !c.scheduledAt)
	const rows = await db
		.selectFrom('posts')
		.select(['platform', 'content', 'scheduled_at'])
		.where('user_id', '=', userId)
		.where((eb) => eb.or([...(instants.length ? [eb('scheduled_at', 'in', instants)] : []), ...(withoutTime ? [eb('scheduled_at', 'is', null)] : [])]))
		.execute()
	const existing = new Set(rows.map((row) => keyOf(row.platform, row.content, row.scheduled_at)))
	return candidates.map((c) => existing.has(keyOf(c.platform, serializeContent(c.content), c.scheduledAt)))
}
