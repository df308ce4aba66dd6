import {
	DEFAULT_SCHEDULE_TIME,
	fromInstant,
	isScheduleSlot,
	minutesOfDay,
	SCHEDULE_TIME_SLOTS,
	todayIn,
	validateSchedule,
	type ClockTime,
	type IsoDate,
} from '#modules/scheduling/index.ts'

/**
 * Where the schedule dialog opens: a planned post at its own slot (date and time in the user's
 * time zone; a time off the dialog's half-hour grid, e.g. from a calendar drop at 03:00, at the
 * nearest slot of that day), otherwise today at 17:00, or tomorrow once 17:00 has passed.
 */
export function initialSlot(scheduledAt: string | null | undefined, timeZone: string, now: Date): { date: IsoDate; time: ClockTime } {
	const instant = scheduledAt ? new Date(scheduledAt) : null
	if (instant && !Number.isNaN(instant.getTime())) {
		const wall = fromInstant(instant, timeZone)
		const time = isScheduleSlot(wall.time) ? wall.time : nearestSlot(wall.time)
		if (validateSchedule({ date: wall.date, time, timeZone }, now).ok) return { date: wall.date, time }
	}
	const today = todayIn(timeZone, now)
	const date = validateSchedule({ date: today, time: DEFAULT_SCHEDULE_TIME, timeZone }, now).ok ? today : todayIn(timeZone, new Date(now.getTime() + 864e5))
	return { date, time: DEFAULT_SCHEDULE_TIME }
}

function nearestSlot(time: ClockTime): ClockTime {
	const minutes = minutesOfDay(time)
	let best = SCHEDULE_TIME_SLOTS[0]!
	for (const slot of SCHEDULE_TIME_SLOTS) {
		if (Math.abs(minutesOfDay(slot) - minutes) < Math.abs(minutesOfDay(best) - minutes)) best = slot
	}
	return best
}
