import { describe, expect, it } from 'vitest'
import { offsetOfUtcDay } from './utc-day-offset.ts'

describe('offsetOfUtcDay', () => {
	it('gives the zone offset for a whole UTC day, null on the day the clocks change', () => {
		expect(offsetOfUtcDay('Europe/Zurich', Date.UTC(2026, 0, 15, 12))).toBe(60)
		expect(offsetOfUtcDay('Europe/Zurich', Date.UTC(2026, 6, 15, 23, 59))).toBe(120)
		expect(offsetOfUtcDay('Europe/Zurich', Date.UTC(2026, 2, 29, 0, 30))).toBeNull()
		expect(offsetOfUtcDay('America/New_York', Date.UTC(2026, 0, 15))).toBe(-300)
		expect(offsetOfUtcDay('UTC', Date.UTC(1900, 0, 1, 5))).toBe(0)
	})

	it('keeps the seconds of old local mean times', () => {
		// Liberia ran on -00:44:30 until 1972.
		expect(offsetOfUtcDay('Africa/Monrovia', Date.UTC(1930, 0, 10))).toBeCloseTo(-(44 + 30 / 60), 5)
	})
})
