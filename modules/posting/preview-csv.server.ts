import type { CsvRow } from '#modules/content/csv-import.ts'
import { checkOptions, checkRows, countsOf, type ImportOptions, type ImportServices, type User } from './csv-rows.server.ts'

// 'Vorschau' of 'CSV importieren': every row as the import would take it (planned, draft, error, duplicate).

export async function previewRows(services: ImportServices, user: User, rows: ReadonlyArray<CsvRow>, options: ImportOptions) {
	const checked = await checkRows(services, user, rows, checkOptions(options))
	const preview = checked.map((c) => c.preview)
	return { rows: preview, counts: countsOf(preview) }
}

