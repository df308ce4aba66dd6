import { expect, test } from 'vitest'
import {
	canReschedule,
	DEFAULT_SCHEDULE_TIME,
	DEFAULT_STORED_TIME,
	isRescheduleTime,
	isScheduleSlot,
	isSuggestedTime,
	minutesOfDay,
	RESCHEDULE_TIMES,
	SCHEDULE_TIME_SLOTS,
	suggestedTimesFor,
} from './rules.ts'

test('the dialog offers 35 half-hour slots from 06:00 to 23:00, without 23:30', () => {
	expect(SCHEDULE_TIME_SLOTS).toHaveLength(35)
	expect(SCHEDULE_TIME_SLOTS[0]).toBe('06:00')
	expect(SCHEDULE_TIME_SLOTS[1]).toBe('06:30')
	expect(SCHEDULE_TIME_SLOTS.at(-1)).toBe('23:00')
	expect(SCHEDULE_TIME_SLOTS).not.toContain('23:30')
	expect(SCHEDULE_TIME_SLOTS).not.toContain('05:30')
	expect(new Set(SCHEDULE_TIME_SLOTS).size).toBe(35)
	expect(SCHEDULE_TIME_SLOTS.every((time) => /^\d{2}:(00|30)$/.test(time))).toBe(true)
	expect(SCHEDULE_TIME_SLOTS).toContain(DEFAULT_SCHEDULE_TIME)
	expect(SCHEDULE_TIME_SLOTS).toContain(DEFAULT_STORED_TIME)
	expect(Object.isFrozen(SCHEDULE_TIME_SLOTS)).toBe(true)
})

test('slot and drop-target checks', () => {
	expect(isScheduleSlot('17:00')).toBe(true)
	expect(isScheduleSlot('06:00')).toBe(true)
	for (const time of ['05:30', '23:30', '17:15', '9:00', '', null, 1700]) expect(isScheduleSlot(time)).toBe(false)
	expect(RESCHEDULE_TIMES).toHaveLength(48)
	expect(isRescheduleTime('00:00')).toBe(true)
	expect(isRescheduleTime('23:30')).toBe(true)
	expect(isRescheduleTime('03:00')).toBe(true)
	expect(isRescheduleTime('03:15')).toBe(false)
	expect(isRescheduleTime('24:00')).toBe(false)
})

test('suggested times per weekday as in the spec', () => {
	// 2026-03-30 is a Monday.
	expect(suggestedTimesFor('2026-03-30')).toEqual(['09:00', '12:00', '17:00'])
	expect(suggestedTimesFor('2026-03-31')).toEqual(['09:00', '12:00', '15:00', '18:00'])
	expect(suggestedTimesFor('2026-04-01')).toEqual(['09:00', '11:00', '15:00', '17:00'])
	expect(suggestedTimesFor('2026-04-02')).toEqual(['09:00', '12:00', '15:00', '17:00'])
	expect(suggestedTimesFor('2026-04-03')).toEqual(['09:00', '12:00', '15:00'])
	expect(suggestedTimesFor('2026-04-04')).toEqual(['10:00', '14:00', '16:00'])
	expect(suggestedTimesFor('2026-04-05')).toEqual(['10:00', '14:00', '18:00'])
	expect(suggestedTimesFor('2026-04-06')).toEqual(['09:00', '12:00', '17:00'])
	expect(() => suggestedTimesFor('2026-02-30')).toThrow(RangeError)
})

test('every suggested time is a slot, and isSuggestedTime matches the weekday', () => {
	for (let day = 30; day <= 36; day++) {
		const date = day <= 31 ? `2026-03-${day}` : `2026-04-0${day - 31}`
		for (const time of suggestedTimesFor(date)) expect(isScheduleSlot(time)).toBe(true)
	}
	expect(isSuggestedTime('2026-04-01', '11:00')).toBe(true) // Wednesday
	expect(isSuggestedTime('2026-03-30', '11:00')).toBe(false) // Monday
	expect(isSuggestedTime('2026-04-05', '18:00')).toBe(true) // Sunday
	expect(isSuggestedTime('2026-04-04', '09:00')).toBe(false) // Saturday
})

test('only scheduled posts can be rescheduled', () => {
	expect(canReschedule('scheduled')).toBe(true)
	expect(canReschedule('published')).toBe(false)
	expect(canReschedule('draft')).toBe(false)
	expect(canReschedule('review')).toBe(false)
})

test('minutes of the day position a post in the week view', () => {
	expect(minutesOfDay('00:00')).toBe(0)
	expect(minutesOfDay('15:30')).toBe(930)
	expect(() => minutesOfDay('25:00')).toThrow(RangeError)
})
