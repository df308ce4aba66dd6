import type { Db } from '#modules/core/db.server.ts'
import { hitRateLimit } from '#modules/core/rate-limit.server.ts'
import { search, type SearchResult } from './search.server.ts'

export { MAX_QUERY_LENGTH, normaliseQuery, type SearchKind, type SearchResult } from './search.server.ts'

/** Searches as you type: generous for a person typing, a wall for a script hammering full-text queries. */
export const LIVE_SEARCH_LIMIT = { hits: 120, windowSeconds: 60 }

export type LiveSearchResult = { ok: true; results: Array<SearchResult> } | { ok: false; retryAfterSeconds: number }

/**
 * The header's search box and /suche: full-text search (German stemming) over the user's posts and
 * drafts (content module) and content ideas and news items (news module), run in parallel and
 * merged by rank. Only the user's own rows, whatever the input.
 */
export function createSearchService({ db }: { db: Db }) {
	return {
		search: (userId: string, query: string, limit: number) => search(db, userId, query, limit),
		/** The search box as you type, rate-limited per user. */
		async live(userId: string, query: string, limit: number): Promise<LiveSearchResult> {
			const limitHit = await hitRateLimit(db, `search:${userId}`, LIVE_SEARCH_LIMIT.hits, LIVE_SEARCH_LIMIT.windowSeconds)
			if (!limitHit.allowed) return { ok: false, retryAfterSeconds: limitHit.retryAfterSeconds }
			return { ok: true, results: await search(db, userId, query, limit) }
		},
	}
}

export type SearchService = ReturnType<typeof createSearchService>
