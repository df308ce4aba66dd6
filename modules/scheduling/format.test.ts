import { expect, test } from 'vitest'
import { formatScheduledFor, scheduledForParts } from './format.ts'
import { toInstant } from './time-zone.ts'

test("the 'Geplant für' line is German, in the user's time zone", () => {
	const instant = toInstant('2026-03-30', '09:00', 'Europe/Zurich')
	expect(formatScheduledFor(instant, 'Europe/Zurich')).toBe('Montag, 30. März 2026 um 09:00')
	expect(scheduledForParts(instant, 'Europe/Zurich')).toEqual({ weekday: 'Montag', date: '30. März 2026', time: '09:00' })
	expect(formatScheduledFor(instant, 'UTC')).toBe('Montag, 30. März 2026 um 07:00')
	expect(formatScheduledFor(new Date('2026-11-01T16:30:00Z'), 'Europe/Zurich')).toBe('Sonntag, 1. November 2026 um 17:30')
})
