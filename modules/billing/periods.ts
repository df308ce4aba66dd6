/** The same day of the month `n` months later (clamped to the month's last day), in UTC. */
export function addMonths(date: Date, n: number) {
	const day = date.getUTCDate()
	const result = new Date(date)
	result.setUTCDate(1)
	result.setUTCMonth(result.getUTCMonth() + n)
	const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate()
	result.setUTCDate(Math.min(day, last))
	return result
}
