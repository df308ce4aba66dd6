import { clockTime, requireTime, weekdayOf, type ClockTime, type IsoDate, type Weekday } from './civil.ts'

/** The schedule dialog offers every 30 minutes from 06:00 to 23:00; 23:30 is not offered. */
export const SCHEDULE_TIME_SLOTS: ReadonlyArray<ClockTime> = halfHours(6 * 60, 23 * 60)
/** Calendar drag and drop may target any full or half hour of the day (see validateReschedule). */
export const RESCHEDULE_TIMES: ReadonlyArray<ClockTime> = halfHours(0, 23 * 60 + 30)

export const DEFAULT_SCHEDULE_TIME: ClockTime = '17:00'
/** The time a stored post gets when it has a date but no time. */
export const DEFAULT_STORED_TIME: ClockTime = '09:00'
export const DEFAULT_TIME_ZONE = 'Europe/Zurich'
/** date-fns convention (0 = Sunday): weeks start on Monday. */
export const WEEK_STARTS_ON = 1

export const SUGGESTED_TIMES: Readonly<Record<Weekday, ReadonlyArray<ClockTime>>> = {
	1: ['09:00', '12:00', '17:00'],
	2: ['09:00', '12:00', '15:00', '18:00'],
	3: ['09:00', '11:00', '15:00', '17:00'],
	4: ['09:00', '12:00', '15:00', '17:00'],
	5: ['09:00', '12:00', '15:00'],
	6: ['10:00', '14:00', '16:00'],
	7: ['10:00', '14:00', '18:00'],
}

/** The suggested posting times of the date's weekday. */
export function suggestedTimesFor(date: IsoDate): ReadonlyArray<ClockTime> {
	return SUGGESTED_TIMES[weekdayOf(date)]
}

export function isSuggestedTime(date: IsoDate, time: ClockTime) {
	return suggestedTimesFor(date).includes(time)
}

export function isScheduleSlot(time: unknown): time is ClockTime {
	return typeof time === 'string' && SCHEDULE_TIME_SLOTS.includes(time)
}

export function isRescheduleTime(time: unknown): time is ClockTime {
	return typeof time === 'string' && RESCHEDULE_TIMES.includes(time)
}

/** Only scheduled posts move in the calendar; published posts stay where they are. */
export function canReschedule(status: string) {
	return status === 'scheduled'
}

/** Minutes since midnight, e.g. '15:30' is 930: the position of a post in the week view. */
export function minutesOfDay(time: ClockTime) {
	const { hours, minutes } = requireTime(time)
	return hours * 60 + minutes
}

function halfHours(fromMinutes: number, toMinutes: number) {
	const times: Array<ClockTime> = []
	for (let minutes = fromMinutes; minutes <= toMinutes; minutes += 30) {
		times.push(clockTime(Math.floor(minutes / 60), minutes % 60))
	}
	return Object.freeze(times)
}
