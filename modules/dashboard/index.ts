import { sql } from 'kysely'
import { dashboardAgentPart } from '#modules/agents/index.ts'
import { recentActivityPart } from '#modules/activity/index.ts'
import { contentDashboardPart } from '#modules/content/index.ts'
import type { Clock } from '#modules/core/clock.server.ts'
import { executePrepared, type Db } from '#modules/core/db.server.ts'
import { dashboardIdeasPart } from '#modules/news/index.ts'
import { publishingDashboardPart } from '#modules/publishing/index.ts'
import { favoriteToolsPart } from '#modules/toolbox/index.ts'

export type DashboardLimits = { favorites: number; activity: number; ideas: number }

/**
 * The dashboard's reads, composed: each owning module hands out its part (a JSON expression on its own
 * tables and how to read it back), and this module, which depends on them and nothing depends on,
 * runs them as one statement (ADR 0033), prepared: every value of it is a parameter, so its text is one
 * for 'Alle Marken' and one for a chosen brand, each parsed once per connection (and then planned
 * generically by Postgres when that plan is as good) instead of on every request.
 */
export function createDashboardService({ db, clock }: { db: Db; clock: Clock }) {
	return {
		/**
		 * Everything the dashboard shows of the user's data, in one statement whatever the number of rows;
		 * with `brandId` the posts, drafts, channels and ideas of that brand only, and its activity with the
		 * account-wide entries (the brand switcher).
		 */
		async read(userId: string, timeZone: string, limits: DashboardLimits, brandId: string | null = null) {
			const agent = dashboardAgentPart(db, userId)
			const content = contentDashboardPart(db, userId, { now: clock.now(), timeZone, brandId })
			const publishing = publishingDashboardPart(db, userId, brandId)
			const favorites = favoriteToolsPart(db, userId, limits.favorites)
			const activity = recentActivityPart(db, userId, limits.activity, brandId)
			const ideas = dashboardIdeasPart(db, userId, limits.ideas, brandId)
			const query = db.selectNoFrom([agent.json.as('agent'), content.json.as('content'), publishing.json.as('publishing'), favorites.json.as('favorites'), activity.json.as('activity'), ideas.json.as('ideas')])
			const name = brandId === null ? 'dashboard' : 'dashboard_brand'
			const { rows } = await executePrepared(db, name, sql<Awaited<ReturnType<typeof query.executeTakeFirstOrThrow>>>`${query}`)
			// No FROM: always one row.
			const row = rows[0]!
			return {
				agent: agent.read(row.agent),
				content: content.read(row.content),
				publishing: publishing.read(row.publishing),
				favorites: favorites.read(row.favorites),
				activity: activity.read(row.activity),
				ideas: ideas.read(row.ideas),
			}
		},
	}
}

export type DashboardService = ReturnType<typeof createDashboardService>
