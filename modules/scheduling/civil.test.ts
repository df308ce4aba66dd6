import { expect, test } from 'vitest'
import { addDays, addMonths, isValidDate, isValidTime, lastOfMonth, weekdayOf } from './civil.ts'

test('calendar dates must exist', () => {
	expect(isValidDate('2026-03-30')).toBe(true)
	expect(isValidDate('2028-02-29')).toBe(true)
	for (const value of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-3-30', '30.03.2026', '', null, 20260330]) {
		expect(isValidDate(value)).toBe(false)
	}
})

test('clock times are HH:MM from 00:00 to 23:59', () => {
	expect(isValidTime('00:00')).toBe(true)
	expect(isValidTime('23:59')).toBe(true)
	for (const value of ['24:00', '9:00', '09:60', '09:00:00', '', undefined]) expect(isValidTime(value)).toBe(false)
})

test('date arithmetic ignores the machine time zone and DST', () => {
	expect(addDays('2026-03-28', 1)).toBe('2026-03-29')
	expect(addDays('2026-03-29', 1)).toBe('2026-03-30')
	expect(addDays('2026-10-25', 1)).toBe('2026-10-26')
	expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
	expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
	expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
	expect(addMonths('2026-01-15', -1)).toBe('2025-12-15')
	expect(addMonths('2026-12-10', 1)).toBe('2027-01-10')
	expect(lastOfMonth('2028-02-10')).toBe('2028-02-29')
	expect(weekdayOf('2026-03-30')).toBe(1)
	expect(weekdayOf('2026-03-29')).toBe(7)
})
