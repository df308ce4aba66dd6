// npm run proof:migration -- [--proof channels|media] [--users 1000] [--posts 100000] [--down]
// Proves on the bulk size that a migration loses nothing, on a scratch database of the embedded server
// (or of DATABASE_URL's server), and prints how long it took. Exit code 1 when a check fails.
// channels (default): 2026-12-02-0500, channels and brands (scripts/migration-proof/proof.ts);
// media: 2026-12-03-0100, post images into post_media (scripts/migration-proof/media-proof.ts).
import { parseArgs } from 'node:util'
import pg from 'pg'
import { createDb, createPool } from '#modules/core/db.server.ts'
import { readEnv } from '#modules/core/env.server.ts'
import { openDatabase } from '#server/database.ts'
import { POST_MEDIA_MIGRATION, provePostMediaMigration } from '#scripts/migration-proof/media-proof.ts'
import { CHANNELS_MIGRATION, proveChannelsMigration } from '#scripts/migration-proof/proof.ts'

const { values: args } = parseArgs({
	options: {
		proof: { type: 'string', default: 'channels' },
		users: { type: 'string', default: '1000' },
		posts: { type: 'string', default: '100000' },
		down: { type: 'boolean', default: false },
	},
})
const users = Number(args.users)
const posts = Number(args.posts)
if (!['channels', 'media'].includes(args.proof) || !Number.isInteger(users) || users < 1 || users > 1_000_000 || !Number.isInteger(posts) || posts < 0 || posts > 10_000_000) {
	console.error('Aufruf: npm run proof:migration -- [--proof channels|media] --users <1..1000000> --posts <0..10000000> [--down]')
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
const finish = async () => {
	await db.destroy()
	await admin.query(`drop database if exists ${scratch} with (force)`)
	await admin.end()
	await database.close()
}
const failures = await (args.proof === 'media' ? proveMedia() : proveChannels()).finally(finish)
for (const failure of failures) console.error(`FEHLER ${failure}`)
console.log(failures.length ? `${failures.length} Prüfungen fehlgeschlagen` : 'Alle Prüfungen bestanden: nichts verloren.')
console.log(`proof:migration fertig in ${((performance.now() - started) / 1000).toFixed(1)} s`)
process.exit(failures.length > 0 ? 1 : 0)

async function proveChannels() {
	const result = await proveChannelsMigration(db, pool, { users, posts }, { down: args.down, log: console.log })
	const c = result.counts
	console.log(`Vorher: ${c.users} Benutzer, ${c.social_tokens} Konten, ${c.pages} Seiten, ${c.posts} Posts, ${c.post_deliveries} Zustellungen, ${c.drafts} Entwürfe, ${c.agent_configurations} Agenten`)
	const k = result.deliveryKinds
	console.log(`Zustellungen: ${k.defaultPage ?? 0} an der Standardseite, ${k.otherPage ?? 0} an einer weiteren Seite, ${k.noPageToDefault ?? 0} ohne Seite (gingen an die Standardseite), ${k.noPageNoChannel ?? 0} ohne Seite des Netzwerks`)
	console.log(`Migration ${CHANNELS_MIGRATION}: ${result.upSeconds.toFixed(1)} s`)
	if (result.downSeconds !== null) console.log(`Zurück (down): ${result.downSeconds.toFixed(1)} s`)
	return result.failures
}

async function proveMedia() {
	const result = await provePostMediaMigration(db, pool, { users, posts }, { down: args.down, log: console.log })
	const c = result.counts
	console.log(`Vorher: ${c.users} Benutzer, ${c.posts} Posts, ${c['posts with images']} mit Bildern, ${c['image rows expected']} Bildzeilen erwartet, ${c['generated uploads']} generierte Bilder`)
	console.log(`Migration ${POST_MEDIA_MIGRATION}: ${result.upSeconds.toFixed(1)} s`)
	if (result.downSeconds !== null) console.log(`Zurück (down): ${result.downSeconds.toFixed(1)} s`)
	return result.failures
}
