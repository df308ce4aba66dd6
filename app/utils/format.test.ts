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

test('every pattern the app uses, across a daylight saving change and at midnight', () => {
	expect(formatDateTime('2026-03-29T00:59:59Z', 'Europe/Zurich', 'dd.MM.yyyy HH:mm')).toBe('29.03.2026 01:59')
	expect(formatDateTime('2026-03-29T01:00:00Z', 'Europe/Zurich', 'dd.MM.yyyy HH:mm')).toBe('29.03.2026 03:00')
	expect(formatDateTime('2026-11-22T23:05:09Z', 'Europe/Zurich')).toBe('23.11.2026 00:05:09')
	expect(formatDateTime(new Date('2026-11-23T08:00:00Z'), 'Europe/Zurich', 'EEEE, dd.MM.yyyy HH:mm')).toBe('Montag, 23.11.2026 09:00')
	expect(formatDateTime('2026-03-05T12:00:00Z', 'America/New_York', 'dd.MM.yyyy')).toBe('05.03.2026')
	expect(formatDateTime('2026-03-05T12:00:00Z', 'Europe/Zurich', 'd. MMMM yyyy')).toBe('5. März 2026')
	// Patterns with only some parts (each pattern has its own formatter with just those parts).
	expect(formatDateTime('2026-11-22T23:05:09Z', 'Europe/Zurich', 'HH:mm')).toBe('00:05')
	expect(formatDateTime('2026-12-31T23:30:00Z', 'Europe/Zurich', 'yyyy')).toBe('2027')
	expect(formatDateTime('2026-03-05T12:00:00Z', 'Asia/Kolkata', 'EEEE HH:mm:ss')).toBe('Donnerstag 17:30:00')
})

test('the per-day offset gives what Intl gives, on days with and without a change, in odd zones too', () => {
	const zones = ['Europe/Zurich', 'America/St_Johns', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'UTC']
	for (const timeZone of zones) {
		const f = new Intl.DateTimeFormat('de-CH', { timeZone, weekday: 'long', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
		const intl = (ms: number) => {
			const p: Record<string, string> = {}
			for (const part of f.formatToParts(ms)) p[part.type] = part.value
			return `${p.weekday}, ${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}:${p.second}`
		}
		// Every 97 minutes and 17 seconds through 2026: both changes of each zone lie in it.
		for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 97 * 60_000 + 17_000) {
			const shown = formatDateTime(new Date(ms), timeZone, 'EEEE, dd.MM.yyyy HH:mm:ss')
			if (shown !== intl(ms)) expect(shown).toBe(intl(ms))
		}
	}
})
