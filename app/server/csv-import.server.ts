import { z } from 'zod'
import messages from '#locales/de/csvImport.json' with { type: 'json' }
import scheduling from '#locales/de/scheduling.json' with { type: 'json' }
import type { CurrentUser } from '#modules/accounts/index.ts'
import { CSV_MAX_ROWS, fill, readCsvRow, type CsvNetwork, type CsvRow, type CsvRowReading, type PreviewCounts, type PreviewRow, type RowKind } from '#modules/content/csv-import.ts'
import type { ImportItem, ImportProgress } from '#modules/content/index.ts'
import { MAX_TEXT } from '#modules/content/schema.ts'
import { toInstant, validateSchedule, type ClockTime, type IsoDate } from '#modules/scheduling/index.ts'
import type { Services } from '#modules/services.ts'
import { timeSlicer } from '#modules/core/time-slice.ts'
import { postContentOf } from './api/posts.server.ts'

// 'CSV importieren': the rows the browser holds (the file's cells, as read by readCsvFile) are checked
// here on every step, so nothing the browser changed is trusted: preview, 'Fehlende Zeiten füllen', import.

type ImportServices = Pick<Services, 'content' | 'publishing' | 'generation'>
type User = Pick<CurrentUser, 'id' | 'timeZone'>

const cell = (max: number) => z.string().max(max)
export const CsvRowSchema = z.object({
	row: z.number().int().min(2).max(1_000_000),
	text: cell(MAX_TEXT + 1),
	networks: cell(1000),
	date: cell(40),
	time: cell(40),
	imageUrl: cell(2000),
	firstComment: cell(MAX_TEXT + 1),
})
export const CsvRowsSchema = z.array(CsvRowSchema).min(1).max(CSV_MAX_ROWS)

export function networksOf(services: Pick<Services, 'publishing'>): Array<CsvNetwork> {
	return services.publishing.platforms.descriptors.map((d) => ({ id: d.id, name: d.name }))
}

const IMAGE_CODES = new Set(['image_required', 'image_format', 'image_ratio', 'image_too_large', 'image_too_many_pixels'])

type Checked = { preview: PreviewRow; reading: CsvRowReading; instant: Date | null }
/** Rows the user has as posts already: marked and skipped, marked and imported anyway, or (the import, which skips them in its transaction) not looked for. */
type DuplicateRule = 'skip' | 'import' | 'unchecked'
type CheckOptions = { asDrafts: boolean; now: Date; duplicates: DuplicateRule; onProgress?: ProgressListener }
/** Told how far an import has come (rows checked, images loaded, saving, done). */
export type ProgressListener = (progress: ImportProgress) => void

/** The post a row makes (the same for the preview's duplicate check and the import). */
function postOf(reading: CsvRowReading) {
	return { platform: reading.networks.length === 1 ? reading.networks[0]! : ('multiple' as const), content: postContentOf({ networks: reading.networks, text: reading.text }) }
}

/**
 * Rows the user has as posts already (same text, networks and time: the file uploaded again) are
 * skipped with a note, or with `importDuplicates` imported anyway with a note saying so.
 */
async function markDuplicates(services: ImportServices, user: User, checked: Array<Checked>, importDuplicates: boolean) {
	const candidates = checked.filter((c) => c.preview.kind !== 'error')
	const matches = await services.content.findMatchingPosts(user.id, candidates.map((c) => ({ ...postOf(c.reading), scheduledAt: c.instant })))
	candidates.forEach((c, index) => {
		if (!matches[index]) return
		c.preview.duplicate = true
		if (importDuplicates) c.preview.notes.push(messages.notes.duplicateImported)
		else {
			c.preview.notes.push(messages.notes.duplicate)
			c.preview.kind = 'duplicate'
			c.preview.scheduledAt = null
		}
	})
}

/**
 * Every row against the rules of the app: its cells, the schedule (a half-hour slot 06:00-23:00 in the
 * user's zone, not in the past), and each network's rules on its text and image (the planning
 * preflight's text and image half; its account half in markAccountProblems, and again by the planner at import).
 */
async function checkRows(services: ImportServices, user: User, rows: ReadonlyArray<CsvRow>, options: CheckOptions): Promise<Array<Checked>> {
	const networks = networksOf(services)
	const nameOf = new Map(networks.map((n) => [n.id, n.name]))
	const checked: Array<Checked> = []
	// 1 000 rows of preflight are ~100 ms of CPU: other requests get a turn in between.
	const slice = timeSlicer()
	for (const [index, row] of rows.entries()) {
		await slice()
		options.onProgress?.({ phase: 'checking', done: index, total: rows.length })
		const reading = readCsvRow(row, networks)
		const problems: PreviewRow['problems'] = [...reading.problems]
		const notes: Array<string> = []
		let instant: Date | null = null
		if (!options.asDrafts && reading.date && reading.time) {
			const schedule = validateSchedule({ date: reading.date, time: reading.time, timeZone: user.timeZone }, options.now)
			if (schedule.ok) instant = schedule.instant
			else problems.push({ field: schedule.error === 'errors.inPast' ? 'datum' : 'zeit', message: scheduling.errors[schedule.error.slice('errors.'.length) as keyof typeof scheduling.errors] })
		} else if (options.asDrafts) notes.push(messages.notes.asDrafts)
		else if (!problems.some((p) => p.field === 'datum' || p.field === 'zeit')) notes.push(messages.notes.draftNoTime)
		if (reading.text && reading.networks.length) {
			const findings = await services.publishing.preflight(reading.networks.map((platform) => ({ platform, text: reading.text, imageUrl: reading.imageUrl })))
			for (const finding of findings) if (finding.severity === 'error') problems.push({ field: IMAGE_CODES.has(finding.code) ? 'bild_url' : 'text', message: finding.message })
		}
		if (reading.firstComment) notes.push(messages.notes.firstComment)
		const kind: RowKind = problems.length ? 'error' : instant ? 'planned' : 'draft'
		checked.push({
			reading,
			instant: kind === 'planned' ? instant : null,
			preview: { ...row, kind, networkNames: reading.networks.map((id) => nameOf.get(id) ?? id), scheduledAt: kind === 'planned' ? instant!.toISOString() : null, problems, notes, duplicate: false },
		})
	}
	if (options.duplicates !== 'unchecked') await markDuplicates(services, user, checked, options.duplicates === 'import')
	await markAccountProblems(services, user, checked)
	return checked
}

/**
 * The planning preflight's account half for the rows that would get a time (no connected account, a
 * missing scope, a network's quota, counted in file order as the import counts them): such a row shows
 * its reason in the preview instead of 'geplant' and being skipped only at import.
 */
async function markAccountProblems(services: ImportServices, user: User, checked: Array<Checked>) {
	const planned = checked.filter((c) => c.preview.kind === 'planned' && c.instant)
	if (planned.length === 0) return
	const reasons = await services.publishing.planningAccountProblems(user.id, planned.map((c) => ({ platforms: c.reading.networks, at: c.instant! })))
	planned.forEach((c, index) => {
		const messages = reasons[index] ?? []
		if (messages.length === 0) return
		c.preview.problems.push(...messages.map((message) => ({ field: 'netzwerke' as const, message })))
		c.preview.kind = 'error'
		c.preview.scheduledAt = null
		c.instant = null
	})
}

function countsOf(rows: ReadonlyArray<PreviewRow>): PreviewCounts {
	return {
		total: rows.length,
		planned: rows.filter((r) => r.kind === 'planned').length,
		drafts: rows.filter((r) => r.kind === 'draft').length,
		errors: rows.filter((r) => r.kind === 'error').length,
		duplicates: rows.filter((r) => r.kind === 'duplicate').length,
	}
}

export type ImportOptions = { asDrafts: boolean; importDuplicates?: boolean; now?: Date; onProgress?: ProgressListener }
const checkOptions = (options: ImportOptions): CheckOptions => ({ asDrafts: options.asDrafts, now: options.now ?? new Date(), duplicates: options.importDuplicates ? 'import' : 'skip', onProgress: options.onProgress })

export async function previewRows(services: ImportServices, user: User, rows: ReadonlyArray<CsvRow>, options: ImportOptions) {
	const checked = await checkRows(services, user, rows, checkOptions(options))
	const preview = checked.map((c) => c.preview)
	return { rows: preview, counts: countsOf(preview) }
}

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

/** Runs `work` over `items` with at most `limit` at a time. */
async function inBatches<T, R>(items: ReadonlyArray<T>, limit: number, work: (item: T) => Promise<R>): Promise<Array<R>> {
	const results: Array<R> = new Array(items.length)
	let next = 0
	async function worker() {
		while (next < items.length) {
			const index = next++
			results[index] = await work(items[index]!)
		}
	}
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
	return results
}

const IMAGE_CONCURRENCY = 4

export type ImportAnswer =
	| { ok: true; planned: number; drafts: number; imported: number; skipped: Array<{ row: number; reasons: Array<string> }> }
	| { ok: false; message: string }

/**
 * 'Importieren': the valid rows become planned posts (date and time) or drafts (no time, or all with
 * `asDrafts`) in one transaction, once per request id. Images are fetched first (a few at a time)
 * and stored as the user's own files; a row whose image cannot be loaded is skipped with its reason.
 */
export async function importRows(services: ImportServices, user: User, rows: ReadonlyArray<CsvRow>, options: ImportOptions & { requestId: string }): Promise<ImportAnswer> {
	// Existing posts are skipped inside the import's transaction (a retry answers the first import's outcome).
	const checked = await checkRows(services, user, rows, { ...checkOptions(options), duplicates: 'unchecked' })
	const skipped: Array<{ row: number; reasons: Array<string> }> = checked.filter((c) => c.preview.kind === 'error').map((c) => ({ row: c.preview.row, reasons: c.preview.problems.map((p) => p.message) }))
	const valid = checked.filter((c) => c.preview.kind !== 'error')
	const urls = [...new Set(valid.flatMap((c) => (c.reading.imageUrl ? [c.reading.imageUrl] : [])))]
	let loaded = 0
	if (urls.length) options.onProgress?.({ phase: 'images', done: 0, total: urls.length })
	const stored = new Map(
		await inBatches(urls, IMAGE_CONCURRENCY, async (url) => {
			const result = await services.generation.importImage(user.id, url)
			options.onProgress?.({ phase: 'images', done: ++loaded, total: urls.length })
			const reason = result.ok ? null : result.error === 'not_image' ? messages.errors.imageNotImage : fill(messages.errors.imageFailed, { reason: result.message ?? '' })
			return [url, result.ok ? { url: result.url, reason: null } : { url: null, reason: reason! }] as const
		}),
	)
	const items: Array<ImportItem> = []
	for (const { preview, reading, instant } of valid) {
		const image = reading.imageUrl ? stored.get(reading.imageUrl) : null
		if (image?.reason) {
			skipped.push({ row: preview.row, reasons: [image.reason] })
			continue
		}
		items.push({
			row: preview.row,
			scheduledAt: instant,
			input: {
				...postOf(reading),
				imageUrl: image?.url ?? null,
				images: {},
				timeZone: user.timeZone,
			},
		})
	}
	const existing = options.importDuplicates ? null : { reason: messages.notes.duplicate }
	options.onProgress?.({ phase: 'saving', done: 0, total: items.length })
	const result = await services.content.importPosts(user.id, options.requestId, { rows, asDrafts: options.asDrafts, importDuplicates: !existing }, items, { skipExisting: existing })
	if (!result.ok) return { ok: false, message: messages.errors.requestConflict }
	skipped.push(...result.skipped)
	skipped.sort((a, b) => a.row - b.row)
	return { ok: true, planned: result.planned, drafts: result.drafts, imported: result.planned + result.drafts, skipped }
}
