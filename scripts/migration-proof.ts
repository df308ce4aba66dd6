// npm run proof:migration -- [--users 1000] [--posts 100000] [--down]
// Proves on the bulk size that migration 2026-12-02-0500 (channels and brands) loses nothing
// (scripts/migration-proof/proof.ts) on a scratch database of the embedded server (or of
// DATABASE_URL's server), and prints how long the migration took. Exit code 1 when a check fails.
import { parseArgs } from 'node:util'
import pg from 'pg'
import { createDb, createPool } from '#modules/core/db.server.ts'
import { readEnv } from '#modules/core/env.server.ts'
import { openDatabase } from '#server/database.ts'
import { CHANNELS_MIGRATION, proveChannelsMigration } from '#scripts/migration-proof/proof.ts'

const { values: args } = parseArgs({
	options: { users: { type: 'string', default: '1000' }, posts: { type: 'string', default: '100000' }, down: { type: 'boolean', default: false } },
})
const users = Number(args.users)
const posts = Number(args.posts)
if (!Number.isInteger(users) || users < 1 || users > 1_000_000 || !Number.isInteger(posts) || posts < 0 || posts > 10_000_000) {
	console.error('Aufruf: npm run proof:migration -- --users <1..1000000> --posts <0..10000000> [--down]')
	process.exit(2)
}

const database = await openDatabase(readEnv(), console.log)
const scratch = `postwerk_migproof_${process.pid}`
const admin = new pg.Client({ connectionString: database.url })
await admin.connect()
await admin.query(`create database ${scratch}`)
const url = new URL(database.url)
url.pathname = `/${scratch}`
const pool = createPool(url.toString(), 3)
const db = createDb(pool)
const started = performance.now()
const result = await proveChannelsMigration(db, pool, { users, posts }, { down: args.down, log: console.log }).finally(async () => {
	await db.destroy()
	await admin.query(`drop database if exists ${scratch} with (force)`)
	await admin.end()
	await database.close()
})
const c = result.counts
console.log(`Vorher: ${c.users} Benutzer, ${c.social_tokens} Konten, ${c.pages} Seiten, ${c.posts} Posts, ${c.post_deliveries} Zustellungen, ${c.drafts} Entwürfe, ${c.agent_configurations} Agenten`)
const k = result.deliveryKinds
console.log(`Zustellungen: ${k.defaultPage ?? 0} an der Standardseite, ${k.otherPage ?? 0} an einer weiteren Seite, ${k.noPageToDefault ?? 0} ohne Seite (gingen an die Standardseite), ${k.noPageNoChannel ?? 0} ohne Seite des Netzwerks`)
console.log(`Migration ${CHANNELS_MIGRATION}: ${result.upSeconds.toFixed(1)} s`)
if (result.downSeconds !== null) console.log(`Zurück (down): ${result.downSeconds.toFixed(1)} s`)
for (const failure of result.failures) console.error(`FEHLER ${failure}`)
console.log(result.failures.length ? `${result.failures.length} Prüfungen fehlgeschlagen` : 'Alle Prüfungen bestanden: nichts verloren.')
console.log(`proof:migration fertig in ${((performance.now() - started) / 1000).toFixed(1)} s`)
process.exit(result.failures.length > 0 ? 1 : 0)
