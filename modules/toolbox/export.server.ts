import type { Db } from '#modules/core/db.server.ts'
import { rowsWithoutUserId } from '#modules/core/export.server.ts'

/** The toolbox's part of the user's data export: tool switches and settings, tool runs, birthday contacts. */
export async function exportToolboxData(db: Db, userId: string) {
	const [settings, runs, birthdayContacts] = await Promise.all([
		db.selectFrom('toolbox_settings').selectAll().where('user_id', '=', userId).orderBy('tool_name').execute(),
		db.selectFrom('tool_runs').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
		db.selectFrom('birthday_contacts').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
	])
	return { toolSettings: rowsWithoutUserId(settings), toolRuns: rowsWithoutUserId(runs), birthdayContacts: rowsWithoutUserId(birthdayContacts) }
}
