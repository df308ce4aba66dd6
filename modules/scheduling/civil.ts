// Calendar dates ('YYYY-MM-DD') and clock times ('HH:MM') carry no time zone. Their arithmetic
// runs on UTC dates so that the time zone of the machine never leaks in.

/** A calendar date, 'YYYY-MM-DD'. */
export type IsoDate = string
/** A wall-clock time, 'HH:MM' (24 hours). */
export type ClockTime = string
/** ISO weekday: Monday 1 … Sunday 7. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/

export function parseDate(value: unknown) {
	if (typeof value !== 'string') return null
	const match = DATE_PATTERN.exec(value)
	if (!match) return null
	const year = Number(match[1])
	const month = Number(match[2])
	const day = Number(match[3])
	// Date.UTC rolls 2026-02-30 over into March; only a real date survives the round trip.
	const utc = new Date(Date.UTC(year, month - 1, day))
	if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return null
	return { year, month, day }
}

export function parseTime(value: unknown) {
	if (typeof value !== 'string') return null
	const match = TIME_PATTERN.exec(value)
	if (!match) return null
	return { hours: Number(match[1]), minutes: Number(match[2]) }
}

export function isValidDate(value: unknown): value is IsoDate {
	return parseDate(value) !== null
}

export function isValidTime(value: unknown): value is ClockTime {
	return parseTime(value) !== null
}

export function clockTime(hours: number, minutes: number): ClockTime {
	return `${pad(hours)}:${pad(minutes)}`
}

export function addDays(date: IsoDate, days: number): IsoDate {
	const utc = utcDate(date)
	utc.setUTCDate(utc.getUTCDate() + days)
	return fromUtc(utc)
}

/** The same day of the month `months` away, clamped to that month's last day (Jan 31 + 1 = Feb 28). */
export function addMonths(date: IsoDate, months: number): IsoDate {
	const { year, month, day } = requireDate(date)
	const first = new Date(Date.UTC(year, month - 1 + months, 1))
	const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
	first.setUTCDate(Math.min(day, lastDay))
	return fromUtc(first)
}

export function weekdayOf(date: IsoDate): Weekday {
	return (utcDate(date).getUTCDay() || 7) as Weekday
}

export function firstOfMonth(date: IsoDate): IsoDate {
	return `${date.slice(0, 7)}-01`
}

export function lastOfMonth(date: IsoDate): IsoDate {
	return addDays(addMonths(firstOfMonth(date), 1), -1)
}

export function requireDate(date: IsoDate) {
	const parsed = parseDate(date)
	if (!parsed) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${String(date)}`)
	return parsed
}

export function requireTime(time: ClockTime) {
	const parsed = parseTime(time)
	if (!parsed) throw new RangeError(`Not a clock time (HH:MM): ${String(time)}`)
	return parsed
}

function utcDate(date: IsoDate) {
	const { year, month, day } = requireDate(date)
	return new Date(Date.UTC(year, month - 1, day))
}

function fromUtc(utc: Date): IsoDate {
	return `${String(utc.getUTCFullYear()).padStart(4, '0')}-${pad(utc.getUTCMonth() + 1)}-${pad(utc.getUTCDate())}`
}

function pad(value: number) {
	return String(value).padStart(2, '0')
}
