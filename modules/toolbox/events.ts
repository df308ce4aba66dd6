import Holidays from 'date-holidays'
import { notableDays, type NotableDay } from './data/notable-days.ts'

// Which events the eventPlanning tool plans for: public holidays of the configured countries (from
// date-holidays, a maintained holiday library; observances too with 'awareness_days') and the
// notable days of data/notable-days.ts, within today .. today + advanceDays (dates 'YYYY-MM-DD').

export type EventCountry = 'CH' | 'DE' | 'AT'
export type EventType = 'holidays' | 'industry' | 'company' | 'awareness_days'

export type PlannedEvent = {
	date: string
	name: string
	kind: 'holiday' | 'notable'
	countries: Array<EventCountry>
	about: string | null
}

export type EventWindowInput = { today: string; advanceDays: number; countries: ReadonlyArray<EventCountry>; eventTypes: ReadonlyArray<EventType> }

const calendars = new Map<EventCountry, Holidays>()
function calendar(country: EventCountry) {
	let hd = calendars.get(country)
	if (!hd) {
		hd = new Holidays(country, { languages: ['de'] })
		calendars.set(country, hd)
	}
	return hd
}

export function addDaysIso(date: string, days: number) {
	const d = new Date(`${date}T00:00:00Z`)
	d.setUTCDate(d.getUTCDate() + days)
	return d.toISOString().slice(0, 10)
}

/** The date of a notable day in a year. */
export function notableDate(day: NotableDay, year: number): string {
	const rule = day.rule
	if (rule.kind === 'fixed') return `${year}-${rule.monthDay}`
	const pad = (n: number) => String(n).padStart(2, '0')
	let date: Date
	if (rule.n > 0) {
		const first = new Date(Date.UTC(year, rule.month - 1, 1))
		const shift = (rule.weekday - first.getUTCDay() + 7) % 7
		date = new Date(Date.UTC(year, rule.month - 1, 1 + shift + (rule.n - 1) * 7))
	} else {
		const last = new Date(Date.UTC(year, rule.month, 0))
		const shift = (last.getUTCDay() - rule.weekday + 7) % 7
		date = new Date(Date.UTC(year, rule.month - 1, last.getUTCDate() - shift))
	}
	date.setUTCDate(date.getUTCDate() + (rule.offsetDays ?? 0))
	return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}

const nameKey = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')

/** The events from today to today + advanceDays (both included), sorted by date; one per day and name. */
export function eventsInWindow(input: EventWindowInput): Array<PlannedEvent> {
	const days = Math.max(0, Math.floor(input.advanceDays))
	const start = input.today
	const end = addDaysIso(start, days)
	const years = [...new Set([Number(start.slice(0, 4)), Number(end.slice(0, 4))])]
	const inWindow = (date: string) => date >= start && date <= end
	const types = new Set(input.eventTypes)
	const events: Array<PlannedEvent> = []
	const byDate = new Map<string, PlannedEvent>()
	const names = new Set<string>()

	const holidayTypes = new Set<string>()
	if (types.has('holidays')) holidayTypes.add('public')
	if (types.has('awareness_days')) holidayTypes.add('observance')
	if (holidayTypes.size > 0) {
		for (const country of input.countries) {
			for (const year of years) {
				for (const holiday of calendar(country).getHolidays(year, 'de') || []) {
					const date = holiday.date.slice(0, 10)
					if (!holidayTypes.has(holiday.type) || !inWindow(date)) continue
					// The same day in several countries (Weihnachtstag, 1. Weihnachtstag, Weihnachten) is one event.
					const same = byDate.get(date)
					if (same) {
						if (!same.countries.includes(country)) same.countries.push(country)
						names.add(`${date}:${nameKey(holiday.name)}`)
						continue
					}
					const event: PlannedEvent = { date, name: holiday.name, kind: 'holiday', countries: [country], about: null }
					byDate.set(date, event)
					names.add(`${date}:${nameKey(holiday.name)}`)
					events.push(event)
				}
			}
		}
	}

	for (const day of notableDays) {
		if (!types.has(day.type)) continue
		for (const year of years) {
			const date = notableDate(day, year)
			if (!inWindow(date)) continue
			const keys = [day.name, ...(day.aliases ?? [])].map((n) => `${date}:${nameKey(n)}`)
			const holiday = keys.some((k) => names.has(k)) ? events.find((e) => e.date === date && e.kind === 'holiday') : undefined
			if (holiday) {
				holiday.about ??= day.about
				continue
			}
			names.add(keys[0]!)
			events.push({ date, name: day.name, kind: 'notable', countries: [...input.countries], about: day.about })
		}
	}
	return events.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name))
}
