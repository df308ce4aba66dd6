// npm run bench:csv — 'CSV importieren' at its limit: 1 000 rows (990 planned over 33 days, 10 drafts)
// read, checked and imported into a fresh database, for a new user each run (median of BENCH_RUNS);
// and the preview of a 400 KB file of 200 000 short lines (refused at row 1 001). Target: the import
// of 1 000 rows in <= 5 s on the shared 2-core machine (issue 37, 3.3).
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import pg from 'pg'
import { importRows, previewRows } from '#modules/posting/index.ts'
import { readCsvFile } from '#modules/content/csv-import.ts'
import { createDb, createPool } from '#modules/core/db.server.ts'
import { readEnv } from '#modules/core/env.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { migrateToLatest } from '#modules/core/migrate.server.ts'
import { addDays, todayIn } from '#modules/scheduling/index.ts'
import { composeServices } from '#server/compose.ts'
import { openDatabase } from '#server/database.ts'
import { connectAccounts } from '#tests/support/connected-accounts.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const ROWS = 1000
const zone = 'Europe/Zurich'

const env = readEnv({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.resolve('.data/bench'), LOG_LEVEL: 'error' })
const database = await openDatabase(env)
const name = `bench_csv_${process.pid}`
const admin = new pg.Client({ connectionString: database.url })
await admin.connect()
await admin.query(`create database ${name}`)
const url = new URL(database.url)
url.pathname = `/${name}`
const pool = createPool(url.toString(), 10)
const db = createDb(pool)

const median = (values: Array<number>) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const german = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`
const slot = (i: number) => `${String(6 + Math.floor((i % 30) / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`

function csvFile(network: string) {
	const today = todayIn(zone, new Date())
	const lines = Array.from({ length: ROWS }, (_, i) => (i < ROWS - 10 ? `"Post Nummer ${i + 1} aus der Tabelle, mit etwas Text dazu";${network};${german(addDays(today, 2 + Math.floor(i / 30)))};${slot(i)}` : `"Entwurf ${i + 1}";${network};;`))
	return new TextEncoder().encode(['text;netzwerke;datum;zeit', ...lines].join('\n'))
}

try {
	await migrateToLatest(db, pool)
	const benchEnv = readEnv({ APP_ENV: 'test', APP_SECRET: env.APP_SECRET, DATA_DIR: path.resolve('.data/bench-files'), LOG_LEVEL: 'error' })
	const { services } = composeServices({ env: benchEnv, db, logger: createLogger('error') })
	const network = services.publishing.platforms.descriptors.find((d) => !d.images.required)!
	const file = csvFile(network.name)

	const checks: Array<number> = []
	const imports: Array<number> = []
	for (let run = 0; run < RUNS; run++) {
		const id = await services.accounts.createConfirmedUser({ email: `${randomUUID()}@bench.local`, password: 'ein-langes-passwort', fullName: 'Bench Import' })
		const user = { id, timeZone: zone }
		await connectAccounts(db, id, [network.id])
		const started = performance.now()
		const read = await readCsvFile(file)
		if (!read.ok) throw new Error(read.message)
		const preview = await previewRows(services, user, read.rows, { asDrafts: false })
		checks.push(performance.now() - started)
		if (preview.counts.planned !== ROWS - 10) throw new Error(`preview: ${JSON.stringify(preview.counts)}`)
		const importStarted = performance.now()
		const result = await importRows(services, user, read.rows, { asDrafts: false, requestId: randomUUID() })
		imports.push(performance.now() - importStarted)
		if (!result.ok || result.imported !== ROWS) throw new Error(`import: ${JSON.stringify(result)}`)
	}
	console.log(`${ROWS} rows, ${RUNS} runs (median): read and checked ${median(checks).toFixed(0)} ms; imported ${median(imports).toFixed(0)} ms (target <= 5000 ms) [all: ${imports.map((t) => t.toFixed(0)).join(', ')}]`)

	const many = new TextEncoder().encode(`text;netzwerke\n${'a\n'.repeat(200_000)}`)
	const cpu = process.threadCpuUsage()
	const started = performance.now()
	const refused = await readCsvFile(many)
	const used = process.threadCpuUsage(cpu)
	console.log(`preview of 200 000 short lines (${(many.byteLength / 1024).toFixed(0)} KB): ${refused.ok ? 'READ?!' : 'refused'} in ${(performance.now() - started).toFixed(0)} ms (${((used.user + used.system) / 1000).toFixed(0)} ms of CPU)`)
} finally {
	await db.destroy()
	await admin.query(`drop database if exists ${name} with (force)`)
	await admin.end()
	await database.close()
}
