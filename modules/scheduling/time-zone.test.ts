import { expect, test } from 'vitest'
import { SCHEDULE_TIME_SLOTS } from './rules.ts'
import { fromInstant, isValidTimeZone, toInstant, withDate } from './time-zone.ts'

const zurich = 'Europe/Zurich'

test('09:00 in Zurich around the spring-forward day (2026-03-29)', () => {
	expect(toInstant('2026-03-28', '09:00', zurich).toISOString()).toBe('2026-03-28T08:00:00.000Z')
	expect(toInstant('2026-03-29', '09:00', zurich).toISOString()).toBe('2026-03-29T07:00:00.000Z')
	expect(toInstant('2026-03-30', '09:00', zurich).toISOString()).toBe('2026-03-30T07:00:00.000Z')
})

test('09:00 in Zurich around the autumn change (2026-10-25)', () => {
	expect(toInstant('2026-10-24', '09:00', zurich).toISOString()).toBe('2026-10-24T07:00:00.000Z')
	expect(toInstant('2026-10-25', '09:00', zurich).toISOString()).toBe('2026-10-25T08:00:00.000Z')
	expect(toInstant('2026-10-26', '09:00', zurich).toISOString()).toBe('2026-10-26T08:00:00.000Z')
})

test('the switch hours: a missing time moves forward, a doubled time is the earlier one', () => {
	// 02:30 does not exist on 2026-03-29: the clocks jump from 02:00 to 03:00, so it becomes 03:30 summer time.
	const missing = toInstant('2026-03-29', '02:30', zurich)
	expect(missing.toISOString()).toBe('2026-03-29T01:30:00.000Z')
	expect(fromInstant(missing, zurich).time).toBe('03:30')
	expect(toInstant('2026-03-29', '02:00', zurich).toISOString()).toBe('2026-03-29T01:00:00.000Z')
	expect(toInstant('2026-03-29', '03:00', zurich).toISOString()).toBe('2026-03-29T01:00:00.000Z')
	expect(toInstant('2026-03-29', '01:59', zurich).toISOString()).toBe('2026-03-29T00:59:00.000Z')
	// 02:30 happens twice on 2026-10-25 (00:30Z in summer time, 01:30Z in standard time).
	expect(toInstant('2026-10-25', '02:30', zurich).toISOString()).toBe('2026-10-25T00:30:00.000Z')
	expect(toInstant('2026-10-25', '02:00', zurich).toISOString()).toBe('2026-10-25T00:00:00.000Z')
	expect(toInstant('2026-10-25', '03:00', zurich).toISOString()).toBe('2026-10-25T02:00:00.000Z')
	expect(toInstant('2026-10-25', '01:30', zurich).toISOString()).toBe('2026-10-24T23:30:00.000Z')
	// The same rules in New York (changes at 02:00 local on 2026-03-08 and 2026-11-01).
	expect(toInstant('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z')
	expect(toInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z')
})

test('every half hour of the DST days maps back to its wall clock, except the skipped hour', () => {
	for (const date of ['2026-03-29', '2026-10-25']) {
		for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
			const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`
			const back = fromInstant(toInstant(date, time, zurich), zurich)
			const skipped = date === '2026-03-29' && (time === '02:00' || time === '02:30')
			expect(back).toEqual(skipped ? { date, time: time.replace('02:', '03:'), weekday: 7 } : { date, time, weekday: 7 })
		}
	}
})

test('other zones', () => {
	expect(toInstant('2026-07-01', '09:00', 'America/New_York').toISOString()).toBe('2026-07-01T13:00:00.000Z')
	expect(toInstant('2026-07-01', '09:00', 'UTC').toISOString()).toBe('2026-07-01T09:00:00.000Z')
	expect(toInstant('2026-07-01', '09:00', 'Asia/Kolkata').toISOString()).toBe('2026-07-01T03:30:00.000Z')
})

test('every slot round-trips on both DST days and an ordinary day', () => {
	for (const date of ['2026-03-29', '2026-10-25', '2026-06-15']) {
		for (const time of SCHEDULE_TIME_SLOTS) {
			const instant = toInstant(date, time, zurich)
			expect(fromInstant(instant, zurich)).toEqual({ date, time, weekday: date === '2026-06-15' ? 1 : 7 })
		}
	}
})

test('fromInstant reads the wall clock and the ISO weekday in the zone', () => {
	expect(fromInstant(new Date('2026-03-30T07:00:00Z'), zurich)).toEqual({ date: '2026-03-30', time: '09:00', weekday: 1 })
	// Sunday 23:30 in Zurich is already Monday in UTC+9 …
	expect(fromInstant(new Date('2026-03-29T21:30:00Z'), zurich)).toEqual({ date: '2026-03-29', time: '23:30', weekday: 7 })
	expect(fromInstant(new Date('2026-03-29T21:30:00Z'), 'Asia/Tokyo')).toEqual({ date: '2026-03-30', time: '06:30', weekday: 1 })
})

test('invalid input throws a RangeError', () => {
	expect(() => toInstant('2026-02-30', '09:00', zurich)).toThrow(RangeError)
	expect(() => toInstant('2026-03-30', '9:00', zurich)).toThrow(RangeError)
	expect(() => toInstant('2026-03-30', '09:00', 'Mars/Olympus')).toThrow(RangeError)
	expect(() => fromInstant(new Date('nope'), zurich)).toThrow(RangeError)
	expect(() => fromInstant(new Date(), 'Mars/Olympus')).toThrow(RangeError)
})

test('time zone names', () => {
	expect(isValidTimeZone('Europe/Zurich')).toBe(true)
	expect(isValidTimeZone('UTC')).toBe(true)
	expect(isValidTimeZone('europe/zurich')).toBe(true)
	expect(isValidTimeZone('Mars/Olympus')).toBe(false)
	expect(isValidTimeZone('')).toBe(false)
	expect(isValidTimeZone(undefined)).toBe(false)
})

test('withDate keeps the wall-clock time on another date, across the DST change', () => {
	// 09:17:42 on Saturday in winter time moved to Monday in summer time stays 09:17:42 local.
	const saturday = new Date('2026-03-28T08:17:42.500Z')
	expect(withDate(saturday, '2026-03-30', zurich).toISOString()).toBe('2026-03-30T07:17:42.500Z')
	expect(withDate(new Date('2026-10-26T08:00:00Z'), '2026-10-24', zurich).toISOString()).toBe('2026-10-24T07:00:00.000Z')
})

test('fromInstant agrees with Intl every 97 minutes from 2025 to 2027, in zones with DST, half and quarter hours', () => {
	const zones = ['Europe/Zurich', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/St_Johns', 'UTC', '+05:30']
	const weekdays: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 }
	const differing: Array<string> = []
	let compared = 0
	for (const timeZone of zones) {
		const intl = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short' })
		for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 97 * 60_000 + 1_234) {
			const p = Object.fromEntries(intl.formatToParts(ms).map((part) => [part.type, part.value]))
			const expected = `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute} ${weekdays[p.weekday!]}`
			const { date, time, weekday } = fromInstant(new Date(ms), timeZone)
			if (`${date} ${time} ${weekday}` !== expected) differing.push(`${timeZone} ${new Date(ms).toISOString()}: ${date} ${time} ${weekday}, Intl ${expected}`)
			compared++
		}
	}
	expect(compared).toBeGreaterThan(100_000)
	expect(differing).toEqual([])
})

test('fromInstant outside 1900-2199 (local mean time, four-digit years)', () => {
	// Zurich kept Bern mean time (+0:29:44) until June 1894.
	expect(fromInstant(new Date('1890-06-01T12:00:00Z'), zurich)).toEqual({ date: '1890-06-01', time: '12:29', weekday: 7 })
	expect(fromInstant(new Date('2250-01-01T12:00:00Z'), zurich)).toEqual({ date: '2250-01-01', time: '13:00', weekday: 2 })
})
