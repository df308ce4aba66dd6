import { userCounts } from '#modules/accounts/index.ts'
import { listErrorReports, type ErrorReportSummary } from '#modules/activity/index.ts'
import { salesTotals } from '#modules/billing/index.ts'
import { postTotals, publishedPerDay, type DashboardDay } from '#modules/content/index.ts'
import type { Db } from '#modules/core/db.server.ts'
import { deliveryProblems, health, type Health } from '#modules/publishing/index.ts'

const RECENT_REPORTS = 5

export type SystemStatus = {
	health: Health
	deliveries: { failed: number; unconfirmed: number }
	users: { users: number; newUsers: number; admins: number }
	posts: { posts: number; published: number; scheduled: number }
	sales: { creditsSold: number; revenueChf: number; creditsSoldLast30Days: number; revenueChfLast30Days: number }
	/** Error reports waiting for an admin (new), newest first, and the counters by status. */
	errors: { open: number; investigating: number; recent: Array<ErrorReportSummary> }
	/** Posts published per day over the last 30 days, all users, in the admin's time zone. */
	days: Array<DashboardDay>
}

/**
 * The admin index: worker, queue, overdue and failed deliveries, recent error reports, users, posts,
 * credits sold and a 30-day chart. Each owning module answers for its part; a fixed number of
 * queries (run side by side) whatever the data size.
 */
export async function systemStatus(db: Db, options: { now: Date; timeZone: string }): Promise<SystemStatus> {
	const [healthNow, deliveries, users, posts, sales, reports, days] = await Promise.all([
		health(db),
		deliveryProblems(db),
		userCounts(db, options.now),
		postTotals(db),
		salesTotals(db, options.now),
		listErrorReports(db, { status: 'new', perPage: RECENT_REPORTS }),
		publishedPerDay(db, { userId: null, now: options.now, timeZone: options.timeZone }),
	])
	return {
		health: healthNow,
		deliveries,
		users,
		posts,
		sales,
		errors: { open: reports.counts.new, investigating: reports.counts.investigating, recent: reports.reports },
		days,
	}
}
