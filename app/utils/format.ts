import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import { de } from 'date-fns/locale'

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

/** German date and time in the user's time zone (default Europe/Zurich), e.g. "22.11.2026 09:30:00". */
export function formatDateTime(date: Date | string, timeZone = 'Europe/Zurich', pattern = 'dd.MM.yyyy HH:mm:ss') {
	return format(new TZDate(new Date(date), timeZone), pattern, { locale: de })
}
