// npm run seed:tools                  makes sure the five default tools exist (adds the missing ones;
//                                     an admin's edits are kept)
// npm run seed:tools -- <file.json>   inserts or updates the tool configurations of the file (a JSON
//                                     list with the fields of admin_toolbox_configs) by tool_name, in
//                                     one transaction, each change in the admin audit log. Every entry
//                                     is checked by the admin dialog's schema first; if one is invalid,
//                                     nothing is written and the command exits with 1.
// Works while the server runs (it finds the embedded database through .data/pg-instance.json).
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import i18next from 'i18next'
import { readEnv } from '#modules/core/env.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { configErrorText, parseToolConfigFile, type ToolConfigInput } from '#modules/toolbox/index.ts'
import { resources } from '#locales/index.ts'
import { composeServices } from '#server/compose.ts'
import { openDatabase } from '#server/database.ts'

const i18n = i18next.createInstance()
await i18n.init({ lng: 'de', resources, ns: ['adminToolbox'], defaultNS: 'adminToolbox', interpolation: { escapeValue: false } })
const t = i18n.getFixedT('de', 'adminToolbox') as unknown as (key: string, values?: Record<string, unknown>) => string

const file = process.argv[2]
if (process.argv.length > 3 || file === '--help' || file === '-h') {
	console.error(t('cli.usage'))
	process.exit(2)
}

/** The file's entries, checked; prints why and exits 1 when it cannot be used. */
async function readEntries(name: string): Promise<Array<ToolConfigInput>> {
	let text: string
	try {
		// npm runs scripts in the project folder; INIT_CWD is where the command was typed.
		text = await readFile(path.resolve(process.env.INIT_CWD ?? process.cwd(), name), 'utf8')
	} catch {
		console.error(t('cli.readFailed', { file: name }))
		process.exit(1)
	}
	let json: unknown
	try {
		json = JSON.parse(text)
	} catch {
		console.error(t('cli.jsonInvalid', { file: name }))
		process.exit(1)
	}
	const parsed = parseToolConfigFile(json)
	if (parsed.ok) return parsed.entries
	for (const error of parsed.errors) {
		const where = error.entry ? `${t('cli.entry', { entry: error.entry })}${error.toolName ? ` (${error.toolName})` : ''}: ` : ''
		for (const issue of error.issues) console.error(`${where}${issue.field ? `${issue.field}: ` : ''}${configErrorText(issue.message, t)}`)
	}
	console.error(t('cli.invalid', { count: parsed.errors.length }))
	process.exit(1)
}

const entries = file ? await readEntries(file) : null
const env = readEnv()
const database = await openDatabase(env)
let exitCode = 1
try {
	const { services } = composeServices({ env, db: database.db, logger: createLogger('error') })
	const configs = services.toolbox.configs
	if (!entries) {
		const result = await configs.ensureDefaults()
		console.log(t('cli.defaults', { inserted: result.inserted, total: result.total }))
		exitCode = 0
	} else {
		// The CLI has no signed-in admin: the audit rows name the command line instead.
		const result = await configs.upsert({ id: null, email: 'cli:seed:tools' }, entries)
		if (result.ok) {
			console.log(t('cli.done', { inserted: result.inserted, updated: result.updated, unchanged: result.unchanged }))
			exitCode = 0
		} else {
			console.error(t('cli.nameTaken', { name: result.toolName }))
		}
	}
} finally {
	await database.close()
}
// Exit explicitly: the composed services may hold timers open, and the code must reach the shell.
process.exit(exitCode)
