// Dependency-free on purpose: app/utils/format.ts (in every page's code) and modules/scheduling both
// use it, and the scheduling module's index would bring date-fns into every page.

const DAY = 86_400_000
const secondsClocks = new Map<string, Intl.DateTimeFormat>()
// Per zone, the offset of each UTC day (nested maps: a `${zone}|${day}` key cost more than the lookup).
const offsetsOfDay = new Map<string, Map<number, number | null>>()
let remembered = 0

/** Minutes the clocks of `timeZone` are ahead of UTC at `ms` (to the second: old zones had odd offsets). */
function offsetAt(timeZone: string, ms: number) {
	let format = secondsClocks.get(timeZone)
	if (!format) {
		format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
		if (secondsClocks.size < 2000) secondsClocks.set(timeZone, format)
	}
	const p: Record<string, number> = {}
	for (const part of format.formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value)
	return (Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000
}

/**
 * Minutes `timeZone` is ahead of UTC throughout the UTC day of `ms`, or null for a day on which its
 * offset changes (then ask Intl for the instant itself). Remembered per zone and day, so a list of
 * hundreds of instants asks Intl once per day instead of once per instant.
 */
export function offsetOfUtcDay(timeZone: string, ms: number): number | null {
	const day = Math.floor(ms / DAY)
	let offset = offsetsOfDay.get(timeZone)?.get(day)
	if (offset === undefined) {
		const start = offsetAt(timeZone, day * DAY)
		offset = start === offsetAt(timeZone, (day + 1) * DAY) ? start : null
		if (remembered >= 20_000) {
			offsetsOfDay.clear()
			remembered = 0
		}
		let days = offsetsOfDay.get(timeZone)
		if (!days) offsetsOfDay.set(timeZone, (days = new Map()))
		days.set(day, offset)
		remembered++
	}
	return offset
}
