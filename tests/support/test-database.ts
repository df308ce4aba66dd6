// Shared by the Vitest global setup and the per-file helper: names and addresses of the
// test databases on the one Postgres server a test run uses.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '../..')

/** Every test database a run clones is called `postwerk_t_<run pid>_<random>`. */
export const testDatabasePrefix = 'postwerk_t_'
export const templatePrefix = 'postwerk_template_'

export type TestDatabaseServer = {
	/** Any database on the server; used for CREATE/DROP DATABASE. */
	adminUrl: string
	template: string
	/** The pid of the Vitest main process, part of every clone's name (stale clones are found by it). */
	runPid: number
	/** application_name of every connection of this run. */
	applicationName: string
}

/**
 * The template is named after a hash of everything that shapes the schema, so an unchanged
 * schema is reused across runs and a changed one never collides with a template another run
 * is cloning right now.
 */
export function templateName() {
	const hash = createHash('sha256')
	const folder = path.join(root, 'migrations')
	for (const file of fs.readdirSync(folder).sort()) {
		hash.update(file).update('\0').update(fs.readFileSync(path.join(folder, file))).update('\0')
	}
	for (const file of ['modules/core/migrate.server.ts', 'node_modules/graphile-worker/package.json']) {
		hash.update(fs.readFileSync(path.join(root, file)))
	}
	return `${templatePrefix}${hash.digest('hex').slice(0, 16)}`
}

export function withDatabase(url: string, database: string, applicationName?: string) {
	const next = new URL(url)
	next.pathname = `/${database}`
	if (applicationName) next.searchParams.set('application_name', applicationName)
	return next.toString()
}

/** Quotes an identifier we built ourselves (letters, digits, underscores only). */
export function ident(name: string) {
	if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected database name: ${name}`)
	return `"${name}"`
}
