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

type DatePart = 'weekday' | 'day' | 'month' | 'year' | 'hour' | 'minute' | 'second'
const dateParts = new Map<string, Intl.DateTimeFormat>()
const monthNames = new Intl.DateTimeFormat('de-CH', { month: 'long', timeZone: 'UTC' })

/** The calendar and clock parts of `date` in `timeZone` (Intl, so the browser needs no date library). */
function partsIn(date: Date, timeZone: string) {
	let formatter = dateParts.get(timeZone)
	if (!formatter) {
		formatter = new Intl.DateTimeFormat('de-CH', { timeZone, weekday: 'long', day: 'numeric', month: 'numeric', year: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' })
		dateParts.set(timeZone, formatter)
	}
	const parts = {} as Record<DatePart, string>
	for (const part of formatter.formatToParts(date)) if (part.type !== 'literal') parts[part.type as DatePart] = part.value
	return parts
}

const two = (value: string) => value.padStart(2, '0')

/**
 * German date and time in the user's time zone (default Europe/Zurich), e.g. "22.11.2026 09:30:00".
 * Pattern letters as in date-fns: EEEE (weekday), d/dd, MM/MMMM, yyyy, HH, mm, ss.
 */
export function formatDateTime(date: Date | string, timeZone = 'Europe/Zurich', pattern = 'dd.MM.yyyy HH:mm:ss') {
	const instant = new Date(date)
	const p = partsIn(instant, timeZone)
	const tokens: Record<string, () => string> = {
		EEEE: () => p.weekday,
		yyyy: () => p.year,
		MMMM: () => monthNames.format(new Date(Date.UTC(2000, Number(p.month) - 1, 1))),
		MM: () => two(p.month),
		dd: () => two(p.day),
		d: () => String(Number(p.day)),
		HH: () => two(p.hour),
		mm: () => two(p.minute),
		ss: () => two(p.second),
	}
	return pattern.replace(/EEEE|yyyy|MMMM|MM|dd|d|HH|mm|ss/g, (token) => tokens[token]!())
}
