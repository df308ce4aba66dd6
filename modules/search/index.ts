import type { Db } from '#modules/core/db.server.ts'
import { search } from './search.server.ts'

export { MAX_QUERY_LENGTH, normaliseQuery, type SearchKind, type SearchResult } from './search.server.ts'

/**
 * The header's search box and /suche: full-text search (German stemming) over the user's posts and
 * drafts (content module) and content ideas and news items (news module), run in parallel and
 * merged by rank. Only the user's own rows, whatever the input.
 */
export function createSearchService({ db }: { db: Db }) {
	return {
		search: (userId: string, query: string, limit: number) => search(db, userId, query, limit),
	}
}

export type SearchService = ReturnType<typeof createSearchService>
