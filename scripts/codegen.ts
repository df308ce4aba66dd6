// Regenerates modules/core/db-types.ts from a freshly migrated scratch database;
// with --verify it fails when the checked-in types differ (run in CI).
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import pg from 'pg'
import { createDb, createPool } from '#modules/core/db.server.ts'
import { readEnv } from '#modules/core/env.server.ts'
import { migrateToLatest } from '#modules/core/migrate.server.ts'
import { openDatabase } from '#server/database.ts'

const verify = process.argv.includes('--verify')
const brandOwnedTables = ['channels', 'posts', 'drafts', 'agent_configurations', 'content_settings', 'content_ideas', 'news_items', 'user_news_generation_log']
const env = readEnv()
const database = await openDatabase(env)
const scratch = `postwerk_codegen_${process.pid}`
const admin = new pg.Client({ connectionString: database.url })
await admin.connect()
await admin.query(`create database ${scratch}`)
const url = new URL(database.url)
url.pathname = `/${scratch}`
const pool = createPool(url.toString(), 5)
const db = createDb(pool)
let failed = false
try {
	await migrateToLatest(db, pool)
	const bin = path.resolve(import.meta.dirname, '../node_modules/.bin/kysely-codegen')
	const args = [
		'--dialect', 'postgres',
		'--url', url.toString(),
		'--out-file', path.resolve(import.meta.dirname, '../modules/core/db-types.ts'),
		'--include-pattern', 'public.*',
		'--exclude-pattern', 'public.kysely_*',
		'--numeric-parser', 'number',
		'--date-parser', 'string',
		'--type-mapping', JSON.stringify({ int8: 'number' }),
		'--log-level', 'error',
		// Filled by the fill_brand trigger when left out (migrations 2026-12-02-0500 and -0800): writers may omit it.
		'--overrides', JSON.stringify({ columns: Object.fromEntries(brandOwnedTables.map((table) => [`${table}.brand_id`, 'Generated<string>'])) }),
	]
	if (verify) args.push('--verify')
	try {
		execFileSync(bin, args, { stdio: 'inherit' })
	} catch {
		failed = true
		console.error(verify ? 'modules/core/db-types.ts is out of date: run `npm run db:codegen`.' : 'kysely-codegen failed')
	}
} finally {
	await db.destroy()
	await admin.query(`drop database if exists ${scratch}`)
	await admin.end()
	await database.close()
}
process.exit(failed ? 1 : 0)
