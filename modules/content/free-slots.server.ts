import type { DbOrTrx } from '#modules/core/db.server.ts'
import { addDays, suggestedTimesFor, todayIn, toInstant, type ClockTime, type IsoDate } from '#modules/scheduling/index.ts'

export type FreeSlot = { date: IsoDate; time: ClockTime; at: string }

/** How far ahead free slots are looked for (a CSV of 1 000 rows needs about 250 days of slots). */
const HORIZON_DAYS = 400
/** A slot must lie at least this far ahead, so planning it is not refused as past a moment later. */
const LEAD_MS = 5 * 60 * 1000

/**
 * The next `count` suggested posting times (the calendar's per-weekday suggestions, in the user's
 * time zone) after `now` at which the user has no planned post; `taken` instants (e.g. rows of the
 * same import) count as planned too. One query.
 */
export async function freeSlots(db: DbOrTrx, userId: string, options: { timeZone: string; now: Date; count: number; taken?: ReadonlyArray<Date> }): Promise<Array<FreeSlot>> {
	const { timeZone, now, count } = options
	const first = todayIn(timeZone, now)
	const until = new Date(now.getTime() + (HORIZON_DAYS + 1) * 86_400_000)
	const rows = await db
		.selectFrom('posts')
		.select('scheduled_at')
		.where('user_id', '=', userId)
		.where('status', '=', 'scheduled')
		.where('scheduled_at', '>', now)
		.where('scheduled_at', '<', until)
		.execute()
	const busy = new Set([...rows.flatMap((r) => (r.scheduled_at ? [r.scheduled_at.getTime()] : [])), ...(options.taken ?? []).map((d) => d.getTime())])
	const slots: Array<FreeSlot> = []
	for (let day = 0; day <= HORIZON_DAYS && slots.length < count; day++) {
		const date = addDays(first, day)
		for (const time of suggestedTimesFor(date)) {
			const at = toInstant(date, time, timeZone)
			if (at.getTime() < now.getTime() + LEAD_MS || busy.has(at.getTime())) continue
			slots.push({ date, time, at: at.toISOString() })
			if (slots.length === count) break
		}
	}
	return slots
}
