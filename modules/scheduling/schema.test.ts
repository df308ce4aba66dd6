import { expect, test } from 'vitest'
import messages from '#locales/de/scheduling.json' with { type: 'json' }
import { ScheduleInputSchema, scheduleSchema, validateReschedule, validateSchedule, type ScheduleErrorKey } from './schema.ts'

const zurich = 'Europe/Zurich'
// Saturday 2026-03-28, 10:15 in Zurich (winter time).
const now = new Date('2026-03-28T09:15:00Z')

test('a future slot is accepted and becomes the UTC instant', () => {
	expect(validateSchedule({ date: '2026-03-30', time: '09:00', timeZone: zurich }, now)).toEqual({
		ok: true,
		instant: new Date('2026-03-30T07:00:00Z'),
		date: '2026-03-30',
		time: '09:00',
	})
	// Later the same day, and the time zone defaults to Zurich.
	const later = validateSchedule({ date: '2026-03-28', time: '10:30' }, now)
	expect(later.ok && later.instant.toISOString()).toBe('2026-03-28T09:30:00.000Z')
})

test('the day after the autumn change, 09:00 is 08:00Z', () => {
	const result = validateSchedule({ date: '2026-10-26', time: '09:00', timeZone: zurich }, now)
	expect(result.ok && result.instant.toISOString()).toBe('2026-10-26T08:00:00.000Z')
})

test('past instants are refused, including the current slot and earlier today', () => {
	const inPast = { ok: false, error: 'errors.inPast' }
	expect(validateSchedule({ date: '2026-03-27', time: '17:00', timeZone: zurich }, now)).toEqual(inPast)
	expect(validateSchedule({ date: '2026-03-28', time: '10:00', timeZone: zurich }, now)).toEqual(inPast)
	expect(validateSchedule({ date: '2026-03-28', time: '10:00' }, new Date('2026-03-28T09:00:00Z'))).toEqual(inPast)
	// The same wall-clock time is still ahead in a zone further west.
	expect(validateSchedule({ date: '2026-03-28', time: '10:00', timeZone: 'Europe/London' }, now).ok).toBe(true)
})

test('empty and missing input names the missing field, date first', () => {
	const error = (date: unknown, time: unknown) => validateSchedule({ date, time, timeZone: zurich }, now)
	expect(error(undefined, undefined)).toEqual({ ok: false, error: 'errors.dateRequired' })
	expect(error('', '17:00')).toEqual({ ok: false, error: 'errors.dateRequired' })
	expect(error('   ', '17:00')).toEqual({ ok: false, error: 'errors.dateRequired' })
	expect(error('2026-04-01', '')).toEqual({ ok: false, error: 'errors.timeRequired' })
	expect(error('2026-04-01', null)).toEqual({ ok: false, error: 'errors.timeRequired' })
})

test('malformed dates and off-slot times are refused with their keys', () => {
	const error = (date: unknown, time: unknown) => validateSchedule({ date, time, timeZone: zurich }, now)
	for (const date of ['2026-02-30', '2026-13-01', '01.04.2026', '2026-4-1', 20260401]) {
		expect(error(date, '17:00')).toEqual({ ok: false, error: 'errors.invalidDate' })
	}
	for (const time of ['23:30', '05:30', '00:00', '17:15', '17:00:00', '5 pm', '24:00', 1700]) {
		expect(error('2026-04-01', time)).toEqual({ ok: false, error: 'errors.invalidTime' })
	}
	expect(error('2026-04-01', '06:00').ok).toBe(true)
	expect(error('2026-04-01', '23:00').ok).toBe(true)
})

test('an unknown time zone is refused', () => {
	expect(validateSchedule({ date: '2026-04-01', time: '17:00', timeZone: 'Mars/Olympus' }, now)).toEqual({
		ok: false,
		error: 'errors.invalidTimeZone',
	})
})

test('the form schemas report the keys on their fields', () => {
	const shape = ScheduleInputSchema.safeParse({ date: '2026-02-30', time: '23:30' })
	expect(shape.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
		['date', 'errors.invalidDate'],
		['time', 'errors.invalidTime'],
	])
	const past = scheduleSchema({ timeZone: zurich, now }).safeParse({ date: '2026-03-28', time: '08:00' })
	expect(past.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['time', 'errors.inPast']])
	const future = scheduleSchema({ timeZone: zurich, now }).parse({ date: ' 2026-03-28 ', time: '17:00' })
	expect(future).toEqual({ date: '2026-03-28', time: '17:00', instant: new Date('2026-03-28T16:00:00Z') })
})

test('a week-view drop sets date and hour, any full or half hour of the day', () => {
	const current = new Date('2026-04-01T15:00:00Z')
	const drop = (time: unknown) => validateReschedule({ date: '2026-03-30', time, current, timeZone: zurich }, now)
	expect(drop('03:00')).toEqual({ ok: true, instant: new Date('2026-03-30T01:00:00Z'), date: '2026-03-30', time: '03:00' })
	expect(drop('23:30')).toMatchObject({ ok: true, time: '23:30' })
	expect(drop('00:00')).toMatchObject({ ok: true, instant: new Date('2026-03-29T22:00:00Z') })
	expect(drop('03:15')).toEqual({ ok: false, error: 'errors.invalidRescheduleTime' })
	expect(drop('24:00')).toEqual({ ok: false, error: 'errors.invalidRescheduleTime' })
})

test('a month-view drop keeps the time of day, across the DST change and off the slot grid', () => {
	// Friday 2026-04-03 18:45:30 summer time, moved to Monday 2026-03-30 (also summer time).
	const current = new Date('2026-04-03T16:45:30Z')
	expect(validateReschedule({ date: '2026-03-30', current, timeZone: zurich }, now)).toEqual({
		ok: true,
		instant: new Date('2026-03-30T16:45:30Z'),
		date: '2026-03-30',
		time: '18:45',
	})
	// Into winter time: the wall clock stays 18:45, the UTC hour changes.
	const winter = validateReschedule({ date: '2026-03-28', time: '', current, timeZone: zurich }, now)
	expect(winter.ok && winter.instant.toISOString()).toBe('2026-03-28T17:45:30.000Z')
})

test('reschedule refuses the past, bad dates and a missing time of day', () => {
	const current = new Date('2026-04-03T16:45:00Z')
	const error = (input: Parameters<typeof validateReschedule>[0]) => {
		const result = validateReschedule(input, now)
		return result.ok ? null : result.error
	}
	expect(error({ date: '2026-03-27', current, timeZone: zurich })).toBe('errors.inPast')
	expect(error({ date: '2026-03-28', time: '10:00', current, timeZone: zurich })).toBe('errors.inPast')
	expect(error({ date: '2026-02-30', current, timeZone: zurich })).toBe('errors.invalidDate')
	expect(error({ date: '', current, timeZone: zurich })).toBe('errors.dateRequired')
	expect(error({ date: '2026-04-10', timeZone: zurich })).toBe('errors.timeRequired')
	expect(error({ date: '2026-04-10', current: null })).toBe('errors.timeRequired')
	expect(error({ date: '2026-04-10', current, timeZone: 'Mars/Olympus' })).toBe('errors.invalidTimeZone')
})

test('every error key has a German message', () => {
	const keys: Array<ScheduleErrorKey> = [
		'errors.dateRequired',
		'errors.timeRequired',
		'errors.invalidDate',
		'errors.invalidTime',
		'errors.invalidRescheduleTime',
		'errors.inPast',
		'errors.invalidTimeZone',
		'errors.notReschedulable',
	]
	const errors: Record<string, string> = messages.errors
	for (const key of keys) expect(errors[key.replace('errors.', '')]).toBeTruthy()
	expect(messages.errors.inPast).toBe('Der Zeitpunkt liegt in der Vergangenheit. Bitte wählen Sie einen späteren Termin.')
	expect(messages.errors.invalidTime).toBe('Bitte wählen Sie eine Uhrzeit zwischen 06:00 und 23:00 im 30-Minuten-Takt.')
	expect(messages.dialog).toMatchObject({
		title: 'Post planen',
		date: 'Datum',
		time: 'Uhrzeit',
		scheduledFor: 'Geplant für',
		cancel: 'Abbrechen',
		submit: 'Planen',
		suggestedTimes: 'Empfohlene Zeiten',
	})
})
