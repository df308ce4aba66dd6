import { describe, expect, test } from 'vitest'
import { toInstant } from '#modules/scheduling/index.ts'
import { initialSlot } from './initial-slot.ts'

const zurich = 'Europe/Zurich'
const now = new Date('2026-11-27T10:00:00Z') // 11:00 in Zurich

describe('initialSlot', () => {
	test('a planned post opens at its own date and time in the user time zone', () => {
		const scheduledAt = toInstant('2026-12-03', '09:30', zurich).toISOString()
		expect(initialSlot(scheduledAt, zurich, now)).toEqual({ date: '2026-12-03', time: '09:30' })
		expect(initialSlot(scheduledAt, 'America/New_York', now)).toEqual({ date: '2026-12-03', time: '06:00' })
	})

	test('a time off the half-hour grid opens at the nearest slot of that day', () => {
		expect(initialSlot(toInstant('2026-12-03', '03:00', zurich).toISOString(), zurich, now)).toEqual({ date: '2026-12-03', time: '06:00' })
		expect(initialSlot(toInstant('2026-12-03', '14:10', zurich).toISOString(), zurich, now)).toEqual({ date: '2026-12-03', time: '14:00' })
	})

	test('without a slot or with a past one: today 17:00, tomorrow once 17:00 has passed', () => {
		expect(initialSlot(null, zurich, now)).toEqual({ date: '2026-11-27', time: '17:00' })
		expect(initialSlot(toInstant('2026-11-20', '09:00', zurich).toISOString(), zurich, now)).toEqual({ date: '2026-11-27', time: '17:00' })
		expect(initialSlot(null, zurich, new Date('2026-11-27T17:00:00Z'))).toEqual({ date: '2026-11-28', time: '17:00' })
	})
})
