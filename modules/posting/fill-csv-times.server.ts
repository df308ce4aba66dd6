import { readCsvRow, type CsvRow } from '#modules/content/csv-import.ts'
import { toInstant, type ClockTime, type IsoDate } from '#modules/scheduling/index.ts'
import { networksOf, type ImportServices, type User } from './csv-rows.server.ts'

const germanDate = (date: IsoDate) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`

/**
 * 'Fehlende Zeiten füllen': a row without date and time gets the next free suggested slot, a row with
 * a date only the first free one of that day; the file's own times and the user's planned posts count
 * as taken. Rows whose date or time cell is wrong stay as they are (the user fixes the file).
 */
export async function fillMissingTimes(services: ImportServices, user: User, rows: ReadonlyArray<CsvRow>): Promise<Array<CsvRow>> {
	const networks = networksOf(services)
	const readings = rows.map((row) => readCsvRow(row, networks))
	const taken: Array<Date> = []
	const missing: Array<number> = []
	readings.forEach((reading, index) => {
		const row = rows[index]!
		if (reading.date && reading.time) taken.push(toInstant(reading.date, reading.time, user.timeZone))
		else if ((!row.date || reading.date) && !row.time) missing.push(index)
	})
	if (missing.length === 0) return [...rows]
	// The whole horizon of slots (one query); a date-only row looks for its own day among them.
	const slots = await services.content.freeSlots(user.id, user.timeZone, Math.max(missing.length, 3000), taken)
	const used = new Set<string>()
	const out = [...rows]
	for (const index of missing) {
		const wanted = readings[index]!.date
		const slot = slots.find((s) => !used.has(s.at) && (!wanted || s.date === wanted))
		if (!slot) continue
		used.add(slot.at)
		out[index] = { ...rows[index]!, date: germanDate(slot.date), time: slot.time as ClockTime }
	}
	return out
}

