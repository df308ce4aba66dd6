import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/posts.csv-import'
import { servicesContext } from '#app/context.ts'
import { readFormDataWithin } from '#app/server/body-limit.server.ts'
import { CsvRowsSchema, fillMissingTimes, importRows, previewRows } from '#app/server/csv-import.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import messages from '#locales/de/csvImport.json' with { type: 'json' }
import { CSV_MAX_BYTES, fill, readCsvFile } from '#modules/content/csv-import.ts'

// 'CSV importieren' on Meine Posts: 'preview' reads the uploaded file, 'fill' fills missing times,
// 'import' imports the valid rows once per request id. Every step checks the rows again.

/** The file (2 MB) or the rows read from it as JSON (1 000 rows of long texts), with room for the form. */
const MAX_BODY = 8 * 1024 * 1024

const RowsForm = z.object({ rows: z.string().max(MAX_BODY), asDrafts: z.enum(['0', '1']).default('0') })
const ImportForm = RowsForm.extend({ requestId: z.uuid() })

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
		const read = readCsvFile(new Uint8Array(await file.arrayBuffer()))
		if (!read.ok) return refuse(read.message)
		const preview = await previewRows(services, user, read.rows, { asDrafts: false })
		return { ok: true as const, ...preview, ignoredColumns: read.ignoredColumns.length ? fill(messages.ignoredColumns, { columns: read.ignoredColumns.join(', ') }) : null }
	}

	const parsed = (intent === 'import' ? ImportForm : RowsForm).safeParse(Object.fromEntries(form))
	const rows = parsed.success ? rowsOf(parsed.data.rows) : null
	if (!parsed.success || !rows) return refuse(messages.errors.invalid)
	const asDrafts = parsed.data.asDrafts === '1'

	if (intent === 'fill') {
		const filled = await fillMissingTimes(services, user, rows)
		return { ok: true as const, ...(await previewRows(services, user, filled, { asDrafts })), ignoredColumns: null }
	}

	if (intent === 'import') {
		const requestId = String(form.get('requestId'))
		const result = await importRows(services, user, rows, { asDrafts, requestId })
		if (!result.ok) return refuse(result.message, 409)
		const text = result.imported === 0 ? messages.result.nothing : fill(messages.result.text, { posts: counted('posts', result.imported), planned: String(result.planned), drafts: counted('drafts', result.drafts), skipped: counted('rows', result.skipped.length) })
		return { ok: true as const, imported: result, notice: { type: result.imported ? ('success' as const) : ('error' as const), title: messages.result.title, description: text }, message: text }
	}

	if (intent === 'recheck') return { ok: true as const, ...(await previewRows(services, user, rows, { asDrafts })), ignoredColumns: null }
	return refuse(messages.errors.invalid)
}

export function loader() {
	throw data(null, { status: 405 })
}
