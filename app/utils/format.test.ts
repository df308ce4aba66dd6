import { expect, test } from 'vitest'
import { formatChf, formatDateTime, formatNumber } from './format.ts'

test('CHF and numbers use the Swiss German format', () => {
	expect(formatChf(29.95).replace(/\s/g, ' ')).toBe('CHF 29.95')
	expect(formatNumber(1000)).toBe("1'000")
})

test('dates are German and in the user\'s time zone', () => {
	expect(formatDateTime('2026-07-01T07:30:00Z')).toBe('01.07.2026 09:30:00')
	expect(formatDateTime('2026-01-01T07:30:00Z')).toBe('01.01.2026 08:30:00')
	expect(formatDateTime('2026-01-01T07:30:00Z', 'Europe/London', 'EEEE, d. MMMM yyyy HH:mm')).toBe('Donnerstag, 1. Januar 2026 07:30')
})
