import { expect, test } from 'vitest'
import { anchorOrToday, isPastDate, monthGrid, shiftMonth, shiftWeek, startOfWeek, todayIn, weekRange } from './calendar.ts'

const zurich = 'Europe/Zurich'

test('a week runs Monday 00:00 to the next Monday 00:00 in the zone', () => {
	const week = weekRange('2026-04-01', zurich) // Wednesday
	expect(week.days).toEqual(['2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04', '2026-04-05'])
	expect(week.start.toISOString()).toBe('2026-03-29T22:00:00.000Z')
	expect(week.end.toISOString()).toBe('2026-04-05T22:00:00.000Z')
})

test('a Sunday anchor belongs to the week that began the Monday before', () => {
	const week = weekRange('2026-03-29', zurich)
	expect(week.days[0]).toBe('2026-03-23')
	expect(week.days[6]).toBe('2026-03-29')
	// The spring-forward week is one hour short: Monday in winter time, next Monday in summer time.
	expect(week.start.toISOString()).toBe('2026-03-22T23:00:00.000Z')
	expect(week.end.toISOString()).toBe('2026-03-29T22:00:00.000Z')
	expect(week.end.getTime() - week.start.getTime()).toBe((7 * 24 - 1) * 3600_000)
	expect(weekRange('2026-03-23', zurich)).toEqual(week)
	expect(startOfWeek('2026-03-23')).toBe('2026-03-23')
})

test('a month that starts on a Sunday (November 2026) still has Monday-to-Sunday rows', () => {
	const grid = monthGrid('2026-11-18', zurich)
	expect(grid.month).toBe('2026-11')
	expect(grid.weeks).toHaveLength(6)
	for (const week of grid.weeks) expect(week).toHaveLength(7)
	expect(grid.weeks[0]?.map((day) => day.date)).toEqual([
		'2026-10-26',
		'2026-10-27',
		'2026-10-28',
		'2026-10-29',
		'2026-10-30',
		'2026-10-31',
		'2026-11-01',
	])
	expect(grid.weeks[0]?.map((day) => day.inMonth)).toEqual([false, false, false, false, false, false, true])
	expect(grid.weeks[5]?.map((day) => day.date)).toEqual([
		'2026-11-30',
		'2026-12-01',
		'2026-12-02',
		'2026-12-03',
		'2026-12-04',
		'2026-12-05',
		'2026-12-06',
	])
	expect(grid.weeks.flat().filter((day) => day.inMonth)).toHaveLength(30)
	expect(grid.start.toISOString()).toBe('2026-10-25T23:00:00.000Z')
	expect(grid.end.toISOString()).toBe('2026-12-06T23:00:00.000Z')
})

test('a day whose midnight does not exist starts when the clocks resume', () => {
	// Santiago skips 00:00-01:00 on 2026-09-06: that Sunday begins at 01:00 local (04:00Z).
	const week = weekRange('2026-09-06', 'America/Santiago')
	expect(week.start.toISOString()).toBe('2026-08-31T04:00:00.000Z')
	expect(week.end.toISOString()).toBe('2026-09-07T03:00:00.000Z')
})

test('a month that fills exact weeks has no extra rows (February 2027 starts on a Monday)', () => {
	const grid = monthGrid('2027-02-01', zurich)
	expect(grid.weeks).toHaveLength(4)
	expect(grid.weeks.flat().every((day) => day.inMonth)).toBe(true)
})

test('previous and next', () => {
	expect(shiftWeek('2026-03-30', 1)).toBe('2026-04-06')
	expect(shiftWeek('2026-03-30', -1)).toBe('2026-03-23')
	expect(shiftMonth('2026-03-31', -1)).toBe('2026-02-28')
	expect(shiftMonth('2026-12-15', 1)).toBe('2027-01-15')
	expect(monthGrid(shiftMonth('2026-10-31', 1), zurich).month).toBe('2026-11')
})

test('today and past days are those of the zone', () => {
	const lateEvening = new Date('2026-03-29T22:30:00Z') // Monday 00:30 in Zurich
	expect(todayIn(zurich, lateEvening)).toBe('2026-03-30')
	expect(todayIn('UTC', lateEvening)).toBe('2026-03-29')
	expect(isPastDate('2026-03-29', zurich, lateEvening)).toBe(true)
	expect(isPastDate('2026-03-30', zurich, lateEvening)).toBe(false)
	expect(isPastDate('2026-04-10', zurich, lateEvening)).toBe(false)
	expect(anchorOrToday('2026-11-02', zurich, lateEvening)).toBe('2026-11-02')
	expect(anchorOrToday('2026-11-31', zurich, lateEvening)).toBe('2026-03-30')
	expect(anchorOrToday(null, zurich, lateEvening)).toBe('2026-03-30')
})
