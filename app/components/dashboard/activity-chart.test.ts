import { expect, test } from 'vitest'
import { niceMax, shortGermanDate } from './activity-chart.tsx'

test('axis maxima are 1, 2 or 5 times a power of ten and never below the value', () => {
	expect([0, 1, 3, 7, 12, 150, 999].map(niceMax)).toEqual([1, 1, 5, 10, 20, 200, 1000])
})

test('axis labels use the German day.month. format', () => {
	expect(shortGermanDate('2026-11-02')).toBe('02.11.')
})
