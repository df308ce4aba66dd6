import { format } from 'date-fns/format'
import { parseISO } from 'date-fns/parseISO'
import { de } from 'date-fns/locale/de'

// Calendar dates ('YYYY-MM-DD') carry no zone: parsed as local midnight they format the same
// on the server and in any browser.
function day(date: string) {
	return parseISO(date)
}

// A grid asks for the same few dates' labels in every cell and chip: each is formatted once.
function remembered(label: (date: string) => string) {
	const labels = new Map<string, string>()
	return (date: string) => {
		let value = labels.get(date)
		if (value === undefined) {
			if (labels.size >= 1000) labels.clear()
			value = label(date)
			labels.set(date, value)
		}
		return value
	}
}

/** '16. – 22. November 2026', '30. November – 6. Dezember 2026' or across a year both years. */
export function weekRangeLabel(first: string, last: string) {
	const a = day(first)
	const b = day(last)
	if (first.slice(0, 4) !== last.slice(0, 4)) return `${format(a, 'd. MMMM yyyy', { locale: de })} – ${format(b, 'd. MMMM yyyy', { locale: de })}`
	if (first.slice(0, 7) !== last.slice(0, 7)) return `${format(a, 'd. MMMM', { locale: de })} – ${format(b, 'd. MMMM yyyy', { locale: de })}`
	return `${format(a, 'd.')} – ${format(b, 'd. MMMM yyyy', { locale: de })}`
}

/** 'November 2026' */
export function monthLabel(month: string) {
	return format(day(`${month}-01`), 'MMMM yyyy', { locale: de })
}

/** 'Mo' */
export const weekdayShort = remembered((date) => format(day(date), 'EEEEEE', { locale: de }))

/** '16.11.' */
export const dayMonth = remembered((date) => format(day(date), 'dd.MM.'))

/** '16' */
export function dayOfMonth(date: string) {
	return String(Number(date.slice(8, 10)))
}

/** 'Montag, 16. November 2026' */
export const longDay = remembered((date) => format(day(date), 'EEEE, d. MMMM yyyy', { locale: de }))

/** '+12,5' / '-3' / '0': a change in percent with one decimal, German style. */
export function signedPercent(value: number) {
	return percentFormat.format(value)
}

const percentFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1, signDisplay: 'exceptZero' })

export function hourLabel(hour: number) {
	return `${String(hour).padStart(2, '0')}:00`
}

/** The hour of the day (0–23) of `at` on the wall clock of `timeZone`. */
export function hourIn(timeZone: string, at: Date) {
	const hour = new Intl.DateTimeFormat('de-CH', { hour: 'numeric', hourCycle: 'h23', timeZone }).formatToParts(at).find((part) => part.type === 'hour')
	return Number(hour?.value ?? 0)
}
