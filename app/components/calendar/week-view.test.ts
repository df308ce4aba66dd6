import { expect, test } from 'vitest'
import { hourIn } from './format.ts'
import { openingHour } from './week-view.tsx'

test('the week opens at the current hour, from midnight to 06:00 at the start of the posting day', () => {
	expect(openingHour(0)).toBe(6)
	expect(openingHour(5)).toBe(6)
	expect(openingHour(6)).toBe(6)
	expect(openingHour(15)).toBe(15)
	expect(openingHour(23)).toBe(23)
})

test("the current hour is read on the user's wall clock", () => {
	const at = new Date('2026-12-02T23:30:00Z')
	expect(hourIn('Europe/Zurich', at)).toBe(0)
	expect(hourIn('America/New_York', at)).toBe(18)
	expect(hourIn('UTC', at)).toBe(23)
	expect(hourIn('Europe/Zurich', new Date('2026-07-01T12:00:00Z'))).toBe(14)
})
