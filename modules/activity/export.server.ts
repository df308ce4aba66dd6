import type { Db } from '#modules/core/db.server.ts'
import { rowsWithoutUserId } from '#modules/core/export.server.ts'

/**
 * The activity module's part of the user's data export: the activity log and the error reports the
 * user filed. Of a report, the administrators' internal notes and the id of the administrator who
 * resolved it are left out (another person's data); its status and resolution time are in.
 */
export async function exportActivityData(db: Db, userId: string) {
	const [activity, errorReports] = await Promise.all([
		db.selectFrom('activity_logs').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
		db
			.selectFrom('error_reports')
			.select(['id', 'activity_log_id', 'error_message', 'error_stack', 'url', 'user_agent', 'user_email', 'additional_info', 'status', 'resolved_at', 'created_at', 'updated_at'])
			.where('user_id', '=', userId)
			.orderBy('created_at')
			.execute(),
	])
	return { activity: rowsWithoutUserId(activity), errorReports }
}
