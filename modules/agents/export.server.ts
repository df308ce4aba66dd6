import type { Db } from '#modules/core/db.server.ts'
import { rowsWithoutUserId } from '#modules/core/export.server.ts'

/**
 * The agents module's part of the user's data export: every agent preset with its persona, style
 * profile, training texts and logo URL (the logo file's metadata is in the uploads of generation).
 */
export async function exportAgentData(db: Db, userId: string) {
	const agents = await db.selectFrom('agent_configurations').selectAll().where('user_id', '=', userId).orderBy('agent_order').orderBy('created_at').execute()
	return { agents: rowsWithoutUserId(agents) }
}
