import { z } from 'zod'
import messages from '#locales/de/csvImport.json' with { type: 'json' }
import scheduling from '#locales/de/scheduling.json' with { type: 'json' }
import type { CurrentUser } from '#modules/accounts/index.ts'
import { CSV_MAX_ROWS, readCsvRow, type CsvNetwork, type CsvRow, type CsvRowReading, type PreviewCounts, type PreviewRow, type RowKind } from '#modules/content/csv-import.ts'
import type { ImportProgress } from '#modules/content/index.ts'
import { serializeContent } from '#modules/content/post-content.ts'
import { MAX_TEXT } from '#modules/content/schema.ts'
import { validateSchedule } from '#modules/scheduling/index.ts'
import type { Services } from '#modules/services.ts'
import { timeSlicer } from '#modules/core/time-slice.ts'
import type { ChannelView } from '#modules/publishing/index.ts'
import { readRowChannels, type RowChannels } from './csv-channels.server.ts'
import { postContentOf } from './post-request.ts'

// 'CSV importieren': the rows the browser holds (the file's cells, as read by readCsvFile) are checked
// here on every step (preview-csv, fill-csv-times, import-csv), so nothing the browser changed is trusted.

export type ImportServices = Pick<Services, 'content' | 'publishing' | 'generation'>
export type User = Pick<CurrentUser, 'id' | 'timeZone'>

const cell = (max: number) => z.string().max(max)
export const CsvRowSchema = z.object({
	row: z.number().int().min(2).max(1_000_000),
	text: cell(MAX_TEXT + 1),
	networks: cell(1000),
	channels: cell(4000).default(''),
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

/** `channels`: the row's kanal cell read against the user's channels (null: each network's default channel). */
export type Checked = { preview: PreviewRow; reading: CsvRowReading; instant: Date | null; channels: RowChannels | null }
/** Rows the user has as posts already: marked and skipped, marked and imported anyway, or (the import, which skips them in its transaction) not looked for. */
type DuplicateRule = 'skip' | 'import' | 'unchecked'
export type CheckOptions = { asDrafts: boolean; now: Date; duplicates: DuplicateRule; onProgress?: ProgressListener }
/** Told how far an import has come (rows checked, images loaded, saving, done). */
export type ProgressListener = (progress: ImportProgress) => void

/** The post a row makes (the same for the preview's duplicate check and the import). */
export function postOf(reading: CsvRowReading) {
	return { platform: reading.networks.length === 1 ? reading.networks[0]! : ('multiple' as const), content: postContentOf({ networks: reading.networks, text: reading.text, firstComment: reading.firstComment ?? undefined }) }
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
 * preflight's text and image half; its channels' half in markPlanningProblems, and again by the planner at import).
 */
export async function checkRows(services: ImportServices, user: User, rows: ReadonlyArray<CsvRow>, options: CheckOptions): Promise<Array<Checked>> {
	const networks = networksOf(services)
	const nameOf = new Map(networks.map((n) => [n.id, n.name]))
	const checked: Array<Checked> = []
	// 1 000 rows of preflight are ~100 ms of CPU: other requests get a turn in between.
	const slice = timeSlicer()
	// The user's channels, read once for the file when a row names one.
	let channelList: Promise<Array<ChannelView>> | null = null
	const owned = () => (channelList ??= services.publishing.listChannels(user.id))
	for (const [index, row] of rows.entries()) {
		await slice()
		options.onProgress?.({ phase: 'checking', done: index, total: rows.length })
		const read = readCsvRow(row, networks)
		const problems: PreviewRow['problems'] = [...read.problems]
		const rowChannels = row.channels ? readRowChannels(services.publishing, await owned(), row.channels, read) : { ok: true as const, channels: null }
		if (!rowChannels.ok) problems.push(...rowChannels.problems.map((message) => ({ field: 'kanal' as const, message })))
		const channels = rowChannels.ok ? rowChannels.channels : null
		const reading = channels ? { ...read, networks: channels.networks } : read
		const notes: Array<string> = []
		let instant: Date | null = null
		if (!options.asDrafts && reading.date && reading.time) {
			const schedule = validateSchedule({ date: reading.date, time: reading.time, timeZone: user.timeZone }, options.now)
			if (schedule.ok) instant = schedule.instant
			else problems.push({ field: schedule.error === 'errors.inPast' ? 'datum' : 'zeit', message: scheduling.errors[schedule.error.slice('errors.'.length) as keyof typeof scheduling.errors] })
		} else if (options.asDrafts) notes.push(messages.notes.asDrafts)
		else if (!problems.some((p) => p.field === 'datum' || p.field === 'zeit')) notes.push(messages.notes.draftNoTime)
		if (reading.text && reading.networks.length) {
			// The first comment too (the network's text limit; whether the channel takes one: markPlanningProblems, as at import).
			const findings = await services.publishing.preflight(reading.networks.map((platform) => ({ platform, text: reading.text, imageUrl: reading.imageUrl, firstComment: reading.firstComment })))
			for (const finding of findings) if (finding.severity === 'error') problems.push({ field: IMAGE_CODES.has(finding.code) ? 'bild_url' : 'text', message: finding.message })
		}
		const kind: RowKind = problems.length ? 'error' : instant ? 'planned' : 'draft'
		checked.push({
			reading,
			channels,
			instant: kind === 'planned' ? instant : null,
			preview: { ...row, kind, networkNames: reading.networks.map((id) => nameOf.get(id) ?? id), channelNames: channels?.names ?? [], scheduledAt: kind === 'planned' ? instant!.toISOString() : null, problems, notes, duplicate: false },
		})
	}
	if (options.duplicates !== 'unchecked') await markDuplicates(services, user, checked, options.duplicates === 'import')
	await markPlanningProblems(services, user, checked)
	return checked
}

/**
 * The planning preflight for the rows that would get a time, as the planner runs it at import (its
 * channels' rules on the post a row makes: a first comment where the channel takes none; no connected
 * account, a missing scope, a network's quota, counted in file order): such a row shows its reason in
 * the check instead of 'geplant' and being skipped only at import.
 */
async function markPlanningProblems(services: ImportServices, user: User, checked: Array<Checked>) {
	const planned = checked.filter((c) => c.preview.kind === 'planned' && c.instant)
	if (planned.length === 0) return
	const reasons = await services.publishing.planningRowProblems(
		user.id,
		planned.map((c) => ({ platforms: c.reading.networks, ...(c.channels ? { channelIds: c.channels.channelIds, brandId: c.channels.brandId } : {}), at: c.instant!, post: rowPost(c.reading) })),
	)
	planned.forEach((c, index) => {
		const messages = reasons[index] ?? []
		if (messages.length === 0) return
		c.preview.problems.push(...messages.map((message) => ({ field: 'netzwerke' as const, message })))
		c.preview.kind = 'error'
		c.preview.scheduledAt = null
		c.instant = null
	})
}

/** The post a row makes as planning reads it: its text and first comment, its image (not yet loaded: known by its URL). */
function rowPost(reading: CsvRowReading) {
	const image = reading.imageUrl ? [{ id: '', kind: 'image' as const, url: reading.imageUrl, networks: null, altText: null, aiGenerated: false, width: null, height: null, contentType: null, sizeBytes: null, durationMs: null, pages: null, coverUrl: null, coverAtMs: null, state: 'ready' as const, title: null }] : []
	return { content: serializeContent(postOf(reading).content), imageUrl: reading.imageUrl, images: {}, media: image }
}

export function countsOf(rows: ReadonlyArray<PreviewRow>): PreviewCounts {
	return {
		total: rows.length,
		planned: rows.filter((r) => r.kind === 'planned').length,
		drafts: rows.filter((r) => r.kind === 'draft').length,
		errors: rows.filter((r) => r.kind === 'error').length,
		duplicates: rows.filter((r) => r.kind === 'duplicate').length,
	}
}

export type ImportOptions = { asDrafts: boolean; importDuplicates?: boolean; now?: Date; onProgress?: ProgressListener }
export const checkOptions = (options: ImportOptions): CheckOptions => ({ asDrafts: options.asDrafts, now: options.now ?? new Date(), duplicates: options.importDuplicates ? 'import' : 'skip', onProgress: options.onProgress })

