import { offsetOfUtcDay } from '#modules/core/utc-day-offset.ts'

const chf = new Intl.NumberFormat('de-CH', { style: 'currency', currency: 'CHF' })
const number = new Intl.NumberFormat('de-CH')

/** CHF amounts as the product shows them, e.g. "CHF 29.95". */
export function formatChf(amount: number) {
	return chf.format(amount)
}

/** Whole numbers with Swiss grouping, e.g. "1'000". */
export function formatNumber(value: number) {
	return number.format(value)
}

/**
 * t() options for a counted text written `{{count, number}}`: the count picks the plural form
 * (_one/_other) and shows with Swiss grouping and decimals, like formatNumber.
 */
export function swissCount(count: number) {
	return { count, formatParams: { count: { lng: 'de-CH' } } }
}

type DatePart = 'weekday' | 'day' | 'month' | 'year' | 'hour' | 'minute' | 'second'
const monthNames = new Intl.DateTimeFormat('de-CH', { month: 'long', timeZone: 'UTC' })
const TOKENS = /EEEE|yyyy|MMMM|MM|dd|d|HH|mm|ss/g
const tokenParts: Record<string, DatePart> = { EEEE: 'weekday', yyyy: 'year', MMMM: 'month', MM: 'month', dd: 'day', d: 'day', HH: 'hour', mm: 'minute', ss: 'second' }
const partOptions: Record<DatePart, Intl.DateTimeFormatOptions> = {
	weekday: { weekday: 'long' },
	day: { day: 'numeric' },
	month: { month: 'numeric' },
	year: { year: 'numeric' },
	hour: { hour: 'numeric', hourCycle: 'h23' },
	minute: { minute: 'numeric' },
	second: { second: 'numeric' },
}
// One formatter per time zone and pattern, asking Intl only for the parts the pattern shows (a card list
// formats a date per card: building formatters or unused parts per call was a measurable share of a page).
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string, pattern: string) {
	const key = `${timeZone}|${pattern}`
	let formatter = formatters.get(key)
	if (!formatter) {
		const options: Intl.DateTimeFormatOptions = { timeZone }
		for (const token of pattern.match(TOKENS) ?? []) Object.assign(options, partOptions[tokenParts[token]!])
		formatter = new Intl.DateTimeFormat('de-CH', options)
		formatters.set(key, formatter)
	}
	return formatter
}

const two = (value: string) => value.padStart(2, '0')

const weekdayFormat = new Intl.DateTimeFormat('de-CH', { weekday: 'long', timeZone: 'UTC' })
/** de-CH weekday names by `getUTCDay()` (4 January 2026 was a Sunday). */
const weekdayNames = Array.from({ length: 7 }, (_, i) => weekdayFormat.format(Date.UTC(2026, 0, 4 + i)))

function dateParts(date: Date | string, timeZone: string, pattern: string): Record<DatePart, string> {
	const ms = new Date(date).getTime()
	const offset = Number.isNaN(ms) ? null : offsetOfUtcDay(timeZone, ms)
	if (offset === null) {
		const p = {} as Record<DatePart, string>
		for (const part of formatterFor(timeZone, pattern).formatToParts(new Date(date))) if (part.type !== 'literal') p[part.type as DatePart] = part.value
		return p
	}
	const local = new Date(ms + offset * 60_000)
	return {
		weekday: weekdayNames[local.getUTCDay()]!,
		day: String(local.getUTCDate()),
		month: String(local.getUTCMonth() + 1),
		year: String(local.getUTCFullYear()),
		hour: String(local.getUTCHours()),
		minute: String(local.getUTCMinutes()),
		second: String(local.getUTCSeconds()),
	}
}

// Each pattern split once into its tokens and the text between them.
const patterns = new Map<string, Array<string>>()
function piecesOf(pattern: string) {
	let pieces = patterns.get(pattern)
	if (!pieces) {
		pieces = pattern.split(new RegExp(`(${TOKENS.source})`))
		patterns.set(pattern, pieces)
	}
	return pieces
}

function token(p: Record<DatePart, string>, token: string) {
	switch (token) {
		case 'EEEE':
			return p.weekday
		case 'yyyy':
			return p.year
		case 'MMMM':
			return monthNames.format(new Date(Date.UTC(2000, Number(p.month) - 1, 1)))
		case 'd':
			return String(Number(p.day))
		default:
			return two(p[tokenParts[token]!])
	}
}

/**
 * German date and time in the user's time zone (default Europe/Zurich), e.g. "22.11.2026 09:30:00".
 * Pattern letters as in date-fns: EEEE (weekday), d/dd, MM/MMMM, yyyy, HH, mm, ss.
 */
export function formatDateTime(date: Date | string, timeZone = 'Europe/Zurich', pattern = 'dd.MM.yyyy HH:mm:ss') {
	const p = dateParts(date, timeZone, pattern)
	const pieces = piecesOf(pattern)
	// split() with a capturing group: text at even indexes, tokens at odd ones.
	let text = pieces[0]!
	for (let i = 1; i < pieces.length; i += 2) text += token(p, pieces[i]!) + pieces[i + 1]!
	return text
}
