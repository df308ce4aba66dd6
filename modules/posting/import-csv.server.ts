import messages from '#locales/de/csvImport.json' with { type: 'json' }
import { fill, type CsvRow } from '#modules/content/csv-import.ts'
import type { ImportItem } from '#modules/content/index.ts'
import { checkOptions, checkRows, postOf, type ImportOptions, type ImportServices, type User } from './csv-rows.server.ts'

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
	for (const { preview, reading, instant, channels } of valid) {
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
				...(channels ? { channelIds: channels.channelIds, brandId: channels.brandId } : {}),
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
