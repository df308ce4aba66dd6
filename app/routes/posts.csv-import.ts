import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/posts.csv-import'
import { servicesContext } from '#app/context.ts'
import { readFormDataWithin } from '#app/server/body-limit.server.ts'
import { CsvRowsSchema, fillMissingTimes, importRows, previewRows } from '#modules/posting/index.ts'
import { requireUser } from '#app/server/guards.server.ts'
import type { ImportProgress } from '#modules/content/index.ts'
import messages from '#locales/de/csvImport.json' with { type: 'json' }
import { CSV_MAPPABLE, CSV_MAX_BYTES, CSV_MAX_COLUMNS, fill, readCsvFile } from '#modules/content/csv-import.ts'

// 'CSV importieren' on Meine Posts: 'preview' reads the uploaded file, 'fill' fills missing times,
// 'import' imports the valid rows once per request id. Every step checks the rows again.

/** The file (2 MB) or the rows read from it as JSON (1 000 rows of long texts), with room for the form. */
const MAX_BODY = 8 * 1024 * 1024

const RowsForm = z.object({ rows: z.string().max(MAX_BODY), asDrafts: z.enum(['0', '1']).default('0'), importDuplicates: z.enum(['0', '1']).default('0') })
const ImportForm = RowsForm.extend({ requestId: z.uuid() })
/** The mapping step's answer: a file column per Postwerk column, and the networks of rows that name none. */
const MappingSchema = z.object({ columns: z.partialRecord(z.enum(CSV_MAPPABLE), z.number().int().min(0).max(CSV_MAX_COLUMNS)), networks: z.string().max(1000) })

function mappingOf(raw: FormDataEntryValue | null) {
	if (typeof raw !== 'string') return raw === null ? undefined : null
	try {
		const parsed = MappingSchema.safeParse(JSON.parse(raw))
		return parsed.success ? parsed.data : null
	} catch {
		return null
	}
}

/** '1 Entwurf', '2 Entwürfe': the counted noun as i18next's plural forms have it. */
function counted(noun: 'rows' | 'posts' | 'drafts', count: number) {
	return fill(messages.counts[`${noun}_${count === 1 ? 'one' : 'other'}`], { count })
}

function refuse(message: string, status = 400) {
	return data({ ok: false as const, message, notice: { type: 'error' as const, title: messages.title, description: message } }, { status })
}

function rowsOf(raw: string) {
	try {
		const parsed = CsvRowsSchema.safeParse(JSON.parse(raw))
		return parsed.success ? parsed.data : null
	} catch {
		return null
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const services = context.get(servicesContext)
	const form = await readFormDataWithin(request, MAX_BODY, { refused: () => Response.json({ ok: false, message: messages.errors.invalid }, { status: 400 }) })
	if (form === 'too_large') return refuse(messages.errors.tooLarge, 413)
	if (!form) return refuse(messages.errors.invalid)
	const intent = form.get('intent')

	if (intent === 'preview') {
		const file = form.get('file')
		if (!(file instanceof File) || file.size === 0) return refuse(messages.errors.noFile)
		if (file.size > CSV_MAX_BYTES) return refuse(messages.errors.tooLarge, 413)
		const mapping = mappingOf(form.get('mapping'))
		if (mapping === null) return refuse(messages.errors.invalid)
		const read = await readCsvFile(new Uint8Array(await file.arrayBuffer()), mapping)
		// Columns not found by their names: the dialog asks the user to map them (once; a mapping that still lacks one is refused).
		if (!read.ok && read.mapping && !mapping) return { ok: true as const, mapping: read.mapping }
		if (!read.ok) return refuse(read.message)
		const preview = await previewRows(services, user, read.rows, { asDrafts: false })
		return { ok: true as const, ...preview, ignoredColumns: read.ignoredColumns.length ? fill(messages.ignoredColumns, { columns: read.ignoredColumns.join(', ') }) : null }
	}

	const parsed = (intent === 'import' ? ImportForm : RowsForm).safeParse(Object.fromEntries(form))
	const rows = parsed.success ? rowsOf(parsed.data.rows) : null
	if (!parsed.success || !rows) return refuse(messages.errors.invalid)
	const options = { asDrafts: parsed.data.asDrafts === '1', importDuplicates: parsed.data.importDuplicates === '1' }

	if (intent === 'fill') {
		const filled = await fillMissingTimes(services, user, rows)
		return { ok: true as const, ...(await previewRows(services, user, filled, options)), ignoredColumns: null }
	}

	if (intent === 'import') {
		const requestId = String(form.get('requestId'))
		const progress = progressWriter((p) => services.content.noteImportProgress(user.id, requestId, p))
		const result = await importRows(services, user, rows, { ...options, requestId, onProgress: progress.note })
		await progress.finish({ phase: 'done', done: result.ok ? result.imported : 0, total: rows.length })
		if (!result.ok) return refuse(result.message, 409)
		const text = result.imported === 0 ? messages.result.nothing : fill(messages.result.text, { posts: counted('posts', result.imported), planned: String(result.planned), drafts: counted('drafts', result.drafts), skipped: counted('rows', result.skipped.length) })
		return { ok: true as const, imported: result, notice: { type: result.imported ? ('success' as const) : ('error' as const), title: messages.result.title, description: text }, message: text }
	}

	if (intent === 'recheck') return { ok: true as const, ...(await previewRows(services, user, rows, options)), ignoredColumns: null }
	return refuse(messages.errors.invalid)
}

const ProgressQuery = z.object({ progress: z.uuid() })

/** GET ?progress=<request id>: how far the user's import has come (the dialog polls it while it runs). */
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const query = ProgressQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams))
	if (!query.success) throw data(null, { status: 405 })
	const progress = await context.get(servicesContext).content.importProgress(user.id, query.data.progress)
	return Response.json({ progress }, { headers: { 'Cache-Control': 'no-store' } })
}

/**
 * Notes an import's progress at most every 200 ms, one write after the other, never failing the import
 * (a lost note only makes the bar lag); `finish` writes the last state and waits for it.
 */
function progressWriter(write: (progress: ImportProgress) => Promise<void>) {
	let last = 0
	let queue = Promise.resolve()
	const enqueue = (progress: ImportProgress) => {
		queue = queue.then(() => write(progress)).catch(() => {})
	}
	return {
		note(progress: ImportProgress) {
			const now = performance.now()
			if (now - last < 200 && progress.phase !== 'saving') return
			last = now
			enqueue(progress)
		},
		async finish(progress: ImportProgress) {
			enqueue(progress)
			await queue
		},
	}
}
