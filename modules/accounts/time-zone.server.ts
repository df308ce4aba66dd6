import type { DbOrTrx } from '#modules/core/db.server.ts'
import { DEFAULT_TIME_ZONE, isTimeZone } from './settings-schema.ts'

/** A user's time zone (users.time_zone), Europe/Zurich when unknown: for jobs that act at a local time. */
export async function userTimeZone(db: DbOrTrx, userId: string): Promise<string> {
	const row = await db.selectFrom('users').select('time_zone').where('id', '=', userId).executeTakeFirst()
	return row?.time_zone && isTimeZone(row.time_zone) ? row.time_zone : DEFAULT_TIME_ZONE
}
