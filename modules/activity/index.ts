import type { Db } from '#modules/core/db.server.ts'
import { listActivity, reportError, type ReportMeta } from './logs.server.ts'
import type { ActivityQuery } from './types.ts'
import { recentActivity } from './recent.server.ts'
import { exportActivityData } from './export.server.ts'

export { logActivities, logActivity, type ActivityEntry, type LogType } from './log.server.ts'
export { listAdminActions, recordAdminAction, type AdminAction, type AdminActor, type AuditActor, type AuditEntry } from './admin-audit.server.ts'
export { listActivity, reportError, type ReportMeta, type ReportResult } from './logs.server.ts'
export * from './types.ts'
export * from './error-reports.ts'
export { getErrorReport, listErrorReports, updateErrorReport, type ErrorReportChange } from './error-reports.server.ts'
export { recentActivityPart, type RecentActivity } from './recent.server.ts'
export { moveActivityOfBrand } from './brand.server.ts'
export { activityPublications } from './publications.server.ts'
export { boundedEntry } from './clip.ts'
export { countApiCall, type ApiCallEntry } from './api-calls.server.ts'

/** The user's activity log ('Aktivitäts-Logbuch') and error reports filed from its entries. */
export function createActivityService({ db }: { db: Db }) {
	return {
		list: (userId: string, query: ActivityQuery) => listActivity(db, userId, query),
		reportError: (userId: string, logId: string, meta: ReportMeta) => reportError(db, userId, logId, meta),
		/** The dashboard's 'Neueste Aktivitäten'. */
		recent: (userId: string, limit?: number, brandId?: string | null) => recentActivity(db, userId, limit, brandId),
		/** The activity part of 'Daten exportieren': activity log and the user's error reports. */
		exportData: (userId: string) => exportActivityData(db, userId),
	}
}

export type ActivityService = ReturnType<typeof createActivityService>
