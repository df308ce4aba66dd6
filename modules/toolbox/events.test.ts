import { expect, test } from 'vitest'
import { notableDays } from './data/notable-days.ts'
import { addDaysIso, eventsInWindow, notableDate } from './events.ts'

test('notable days that move are computed per year', () => {
	const day = (name: string) => notableDays.find((d) => d.name === name)!
	expect(notableDate(day('Muttertag'), 2026)).toBe('2026-05-10')
	expect(notableDate(day('Black Friday'), 2026)).toBe('2026-11-27')
	expect(notableDate(day('Black Friday'), 2025)).toBe('2025-11-28')
	expect(notableDate(day('Cyber Monday'), 2026)).toBe('2026-11-30')
	expect(addDaysIso('2026-12-28', 7)).toBe('2027-01-04')
})

test('the window runs from today to today + advanceDays, across the new year', () => {
	const events = eventsInWindow({ today: '2026-12-20', advanceDays: 14, countries: ['CH'], eventTypes: ['holidays'] })
	expect(events.map((e) => `${e.date} ${e.name}`)).toEqual([
		'2026-12-25 Weihnachtstag',
		'2026-12-26 Stephanstag',
		'2026-12-31 Silvester',
		'2027-01-01 Neujahr',
	])
	expect(eventsInWindow({ today: '2026-12-20', advanceDays: 4, countries: ['CH'], eventTypes: ['holidays'] })).toEqual([])
	// The last day of the window counts.
	expect(eventsInWindow({ today: '2026-12-20', advanceDays: 5, countries: ['CH'], eventTypes: ['holidays'] }).map((e) => e.name)).toEqual(['Weihnachtstag'])
})

test('countries: the same day in several countries is one event; each country adds its own holidays', () => {
	const events = eventsInWindow({ today: '2026-09-28', advanceDays: 33, countries: ['CH', 'DE', 'AT'], eventTypes: ['holidays'] })
	expect(events.map((e) => e.name)).toEqual(['Tag der Deutschen Einheit', 'Nationalfeiertag', 'Halloween'])
	const christmas = eventsInWindow({ today: '2026-12-24', advanceDays: 1, countries: ['CH', 'DE', 'AT'], eventTypes: ['holidays'] })
	expect(christmas).toHaveLength(1)
	expect(christmas[0]!.countries).toEqual(['CH', 'DE', 'AT'])
	expect(eventsInWindow({ today: '2026-09-28', advanceDays: 33, countries: ['CH'], eventTypes: ['holidays'] }).map((e) => e.name)).toEqual(['Halloween'])
})

test('awareness days add observances and world days; notable days that are holidays are not doubled', () => {
	const march = eventsInWindow({ today: '2026-03-01', advanceDays: 10, countries: ['CH'], eventTypes: ['holidays'] })
	expect(march).toEqual([])
	const aware = eventsInWindow({ today: '2026-03-01', advanceDays: 10, countries: ['CH'], eventTypes: ['awareness_days'] })
	expect(aware.map((e) => e.name)).toEqual(['Weltfrauentag'])
	const may = eventsInWindow({ today: '2026-04-30', advanceDays: 1, countries: ['DE'], eventTypes: ['holidays'] })
	expect(may.map((e) => e.name)).toEqual(['Maifeiertag'])
	const valentine = eventsInWindow({ today: '2026-02-10', advanceDays: 7, countries: ['DE'], eventTypes: ['holidays', 'awareness_days'] })
	expect(valentine.filter((e) => e.name === 'Valentinstag')).toHaveLength(1)
	expect(eventsInWindow({ today: '2026-02-10', advanceDays: 7, countries: ['DE'], eventTypes: [] })).toEqual([])
})
