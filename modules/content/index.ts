import type { Db } from '#modules/core/db.server.ts'
import { countDrafts } from './drafts.server.ts'

export function createContentService({ db }: { db: Db }) {
	return {
		countDrafts: (userId: string) => countDrafts(db, userId),
	}
}

export type ContentService = ReturnType<typeof createContentService>
