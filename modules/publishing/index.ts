import type { Db } from '#modules/core/db.server.ts'
import { listConnectedPages } from './pages.server.ts'

export type { ConnectedPageView } from './pages.server.ts'

export function createPublishingService({ db }: { db: Db }) {
	return {
		listConnectedPages: (userId: string) => listConnectedPages(db, userId),
	}
}

export type PublishingService = ReturnType<typeof createPublishingService>
