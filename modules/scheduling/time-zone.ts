import { TZDate, tzOffset } from '@date-fns/tz'
import { offsetOfUtcDay } from '#modules/core/utc-day-offset.ts'
import { requireDate, requireTime, type ClockTime, type IsoDate, type Weekday } from './civil.ts'

export type WallClock = { date: IsoDate; time: ClockTime; weekday: Weekday }

const knownZones = new Set<string>()

/** IANA names (any case) and the UTC offsets that Intl and TZDate understand. */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
	if (typeof timeZone !== 'string' || timeZone === '') return false
	if (knownZones.has(timeZone)) return true
	try {
		new Intl.DateTimeFormat('en-US', { timeZone })
	} catch {
		return false
	}
	// Building a DateTimeFormat costs far more than the conversions it guards (the calendar converts
	// hundreds of instants per page): valid names are remembered, a bounded set (IANA has ~600).
	if (knownZones.size < 2000) knownZones.add(timeZone)
	return true
}

/**
 * The instant at which the clocks in `timeZone` show `date` `time`.
 * Around daylight-saving changes this is Temporal's "compatible" choice (also that of Date): a time
 * that does not exist (02:30 on the spring-forward day in Zurich) moves forward by the gap, to
 * 03:30 summer time; a time that exists twice (02:30 on the autumn day) is the earlier one, in
 * summer time. TZDate's constructor picks the doubled time by the server's own time zone, so the
 * offsets are resolved here. No schedule slot falls into either hour.
 */
export function toInstant(date: IsoDate, time: ClockTime, timeZone: string): Date {
	const { year, month, day } = requireDate(date)
	const { hours, minutes } = requireTime(time)
	requireTimeZone(timeZone)
	return wallClockToInstant(Date.UTC(year, month - 1, day, hours, minutes), timeZone)
}

/** What the clocks in `timeZone` show at `instant`. */
export function fromInstant(instant: Date, timeZone: string): WallClock {
	const ms = instant.getTime()
	if (Number.isNaN(ms)) throw new RangeError('Invalid instant')
	requireTimeZone(timeZone)
	// The calendar reads hundreds of instants per page: on a day without an offset change that is
	// arithmetic on the day's offset; on the two days a year with one, one formatToParts.
	const offset = offsetOfUtcDay(timeZone, ms)
	if (offset !== null) {
		const local = new Date(ms + offset * 60_000)
		return {
			date: `${String(local.getUTCFullYear()).padStart(4, '0')}-${pad2(local.getUTCMonth() + 1)}-${pad2(local.getUTCDate())}`,
			time: `${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}`,
			weekday: (local.getUTCDay() || 7) as Weekday,
		}
	}
	const parts: Record<string, string> = {}
	for (const part of wallClockFormat(timeZone).formatToParts(instant)) parts[part.type] = part.value
	return {
		date: `${parts.year!.padStart(4, '0')}-${parts.month}-${parts.day}`,
		time: `${parts.hour}:${parts.minute}`,
		weekday: weekdays[parts.weekday!]!,
	}
}

const pad2 = (n: number) => String(n).padStart(2, '0')
const weekdays: Record<string, Weekday> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 }
const wallClockFormats = new Map<string, Intl.DateTimeFormat>()

function wallClockFormat(timeZone: string) {
	let format = wallClockFormats.get(timeZone)
	if (!format) {
		format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short' })
		if (wallClockFormats.size < 2000) wallClockFormats.set(timeZone, format)
	}
	return format
}

/** The instant on `date` at the same wall-clock time (to the millisecond) as `instant`, both in `timeZone`. */
export function withDate(instant: Date, date: IsoDate, timeZone: string): Date {
	const { year, month, day } = requireDate(date)
	const local = inZone(instant, timeZone)
	const wall = Date.UTC(
		year,
		month - 1,
		day,
		local.getHours(),
		local.getMinutes(),
		local.getSeconds(),
		local.getMilliseconds(),
	)
	return wallClockToInstant(wall, timeZone)
}

/** `instant` as a TZDate, for date-fns formatting and calculations in `timeZone`. */
export function inZone(instant: Date, timeZone: string) {
	if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid instant')
	requireTimeZone(timeZone)
	return new TZDate(instant.getTime(), timeZone)
}

function requireTimeZone(timeZone: string) {
	if (!isValidTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${String(timeZone)}`)
}

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

// `wall` is the wall-clock time written as if it were UTC. The offsets a day before and after
// cover any single change: one that fits is the answer (the earlier when both fit), none means
// the time falls into a gap and the offset from before the change carries it forward.
function wallClockToInstant(wall: number, timeZone: string) {
	const before = tzOffset(timeZone, new Date(wall - DAY))
	const after = tzOffset(timeZone, new Date(wall + DAY))
	const fitting = [before, after]
		.map((offset) => wall - offset * MINUTE)
		.filter((candidate) => wall - tzOffset(timeZone, new Date(candidate)) * MINUTE === candidate)
	return new Date(fitting.length > 0 ? Math.min(...fitting) : wall - before * MINUTE)
}
