// npm run seed:models -- <file>: upserts the AI models of a JSON file (a list in the catalogue's shape,
// see modules/catalog/model-catalogue.ts) by model_id, in one transaction, with an admin audit row per
// added or changed model. Every entry is checked with the admin form's rules first: one invalid entry
// and nothing is written (exit code 1). Running the same file again changes nothing. like_count is
// never touched; an entry without preview_image_url keeps the stored preview. Works while the server runs.
import { readFile } from 'node:fs/promises'
import i18next from 'i18next'
import { validateModelEntries, type ImportProblem } from '#modules/catalog/index.ts'
import { readEnv } from '#modules/core/env.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { resources } from '#locales/index.ts'
import { composeServices } from '#server/compose.ts'
import { openDatabase } from '#server/database.ts'

const i18n = i18next.createInstance()
await i18n.init({ lng: 'de', resources, ns: ['adminModels'], defaultNS: 'adminModels', interpolation: { escapeValue: false } })
const t = i18n.getFixedT('de', 'adminModels')

function fail(lines: Array<string>): never {
	for (const line of lines) console.error(line)
	process.exit(1)
}

function describe(problem: ImportProblem) {
	return t('import.problem', {
		entry: problem.entry,
		modelId: problem.modelId ? ` (${problem.modelId})` : '',
		field: problem.field || '-',
		message: t(problem.message as 'import.duplicate'),
	})
}

const file = process.argv[2]
if (!file) {
	console.error(t('import.usage'))
	process.exit(2)
}
let text: string
try {
	text = await readFile(file, 'utf8')
} catch (error) {
	fail([t('import.readFailed', { file, error: error instanceof Error ? error.message : String(error) })])
}
let entries: unknown
try {
	entries = JSON.parse(text)
} catch (error) {
	fail([t('import.jsonFailed', { file, error: error instanceof Error ? error.message : String(error) })])
}
// Checked before the database is opened; the import checks again inside.
const checked = validateModelEntries(entries)
if (!checked.ok) fail([...checked.problems.map(describe), t('import.invalid', { count: checked.problems.length })])

const env = readEnv()
const database = await openDatabase(env)
let exitCode = 1
try {
	const { services } = composeServices({ env, db: database.db, logger: createLogger('error') })
	// The CLI has no signed-in admin: the audit rows name the command line instead.
	const result = await services.catalog.adminModels.importEntries({ id: null, email: 'cli:seed:models' }, entries)
	if (result.ok) {
		console.log(t('import.done', result))
		exitCode = 0
	} else {
		for (const problem of result.problems) console.error(describe(problem))
	}
} finally {
	await database.close()
}
// Exit explicitly: the composed services may hold timers open, and the code must reach the shell.
process.exit(exitCode)
