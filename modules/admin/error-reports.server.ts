import { getErrorReport, listErrorReports, recordAdminAction, updateErrorReport, type AdminActor, type ErrorReportQuery, type ErrorReportUpdate } from '#modules/activity/index.ts'
import type { Db } from '#modules/core/db.server.ts'

export type ErrorReportUpdateResult = { ok: true } | { ok: false; error: 'not_found' }

/**
 * 'Fehlerberichte': the admin's view of all users' error reports (the table belongs to modules/activity).
 * A status change saves the notes with it and is recorded in the audit log in the same transaction.
 */
export function errorReportsAdmin(db: Db) {
	return {
		list: (query: ErrorReportQuery) => listErrorReports(db, query),
		get: (id: string) => getErrorReport(db, id),
		update: (actor: AdminActor, input: Omit<ErrorReportUpdate, 'intent'>): Promise<ErrorReportUpdateResult> =>
			db.transaction().execute(async (trx) => {
				const changed = await updateErrorReport(trx, { id: input.id, status: input.status, adminNotes: input.adminNotes, adminId: actor.id })
				if (!changed) return { ok: false, error: 'not_found' } as const
				await recordAdminAction(trx, actor, {
					action: 'error_report.updated',
					targetType: 'error_report',
					targetId: input.id,
					details: { from: changed.previousStatus, to: input.status, notesChanged: changed.notesChanged, adminNotes: input.adminNotes },
				})
				return { ok: true } as const
			}),
	}
}
