import { format } from 'date-fns/format'
import { de } from 'date-fns/locale/de'
import { inZone } from './time-zone.ts'

export type ScheduledForParts = { weekday: string; date: string; time: string }

/** The parts of the 'Geplant für' line, e.g. { weekday: 'Montag', date: '30. März 2026', time: '09:00' }. */
export function scheduledForParts(instant: Date, timeZone: string): ScheduledForParts {
	const local = inZone(instant, timeZone)
	return {
		weekday: format(local, 'EEEE', { locale: de }),
		date: format(local, 'd. MMMM yyyy', { locale: de }),
		time: format(local, 'HH:mm', { locale: de }),
	}
}

/** The 'Geplant für' value, e.g. 'Montag, 30. März 2026 um 09:00'. */
export function formatScheduledFor(instant: Date, timeZone: string) {
	const { weekday, date, time } = scheduledForParts(instant, timeZone)
	return `${weekday}, ${date} um ${time}`
}
