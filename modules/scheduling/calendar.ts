import {
	addDays,
	addMonths,
	firstOfMonth,
	isValidDate,
	lastOfMonth,
	weekdayOf,
	type IsoDate,
} from './civil.ts'
import { WEEK_STARTS_ON } from './rules.ts'
import { fromInstant, toInstant } from './time-zone.ts'

/** `start` is Monday 00:00 and `end` the next Monday 00:00 in the zone (exclusive). */
export type WeekRange = { start: Date; end: Date; days: Array<IsoDate> }
export type MonthDay = { date: IsoDate; inMonth: boolean }
/** `start` and `end` (exclusive) cover the whole grid, leading and trailing days included. */
export type MonthGrid = { month: string; start: Date; end: Date; weeks: Array<Array<MonthDay>> }

/** The first day of the week (Monday) that contains `date`. */
export function startOfWeek(date: IsoDate): IsoDate {
	const offset = (weekdayOf(date) - WEEK_STARTS_ON + 7) % 7
	return addDays(date, -offset)
}

export function weekRange(anchorDate: IsoDate, timeZone: string): WeekRange {
	const monday = startOfWeek(anchorDate)
	const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index))
	return { start: midnight(monday, timeZone), end: midnight(addDays(monday, 7), timeZone), days }
}

/** Monday-to-Sunday rows from the week of the 1st to the week of the last day of the month. */
export function monthGrid(anchorDate: IsoDate, timeZone: string): MonthGrid {
	const month = anchorDate.slice(0, 7)
	const first = startOfWeek(firstOfMonth(anchorDate))
	const last = addDays(startOfWeek(lastOfMonth(anchorDate)), 6)
	const weeks: Array<Array<MonthDay>> = []
	for (let monday = first; monday <= last; monday = addDays(monday, 7)) {
		weeks.push(
			Array.from({ length: 7 }, (_, index) => {
				const date = addDays(monday, index)
				return { date, inMonth: date.startsWith(month) }
			}),
		)
	}
	return { month, start: midnight(first, timeZone), end: midnight(addDays(last, 1), timeZone), weeks }
}

/** The anchor of the previous (-1) or next (+1) week. */
export function shiftWeek(anchorDate: IsoDate, weeks: number): IsoDate {
	return addDays(anchorDate, weeks * 7)
}

/** The anchor of the previous (-1) or next (+1) month; the 31st becomes the month's last day. */
export function shiftMonth(anchorDate: IsoDate, months: number): IsoDate {
	return addMonths(anchorDate, months)
}

export function todayIn(timeZone: string, now: Date): IsoDate {
	return fromInstant(now, timeZone).date
}

/** Days before today in the zone; the schedule dialog disables them. */
export function isPastDate(date: IsoDate, timeZone: string, now: Date) {
	return date < todayIn(timeZone, now)
}

/** A calendar anchor from a query parameter: the date when it is one, otherwise today. */
export function anchorOrToday(value: unknown, timeZone: string, now: Date): IsoDate {
	return isValidDate(value) ? value : todayIn(timeZone, now)
}

function midnight(date: IsoDate, timeZone: string) {
	return toInstant(date, '00:00', timeZone)
}
