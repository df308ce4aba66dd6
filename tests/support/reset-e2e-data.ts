// Runs right before the e2e app server (Playwright starts web servers before its globalSetup):
// stops an embedded Postgres left over from an interrupted e2e run and removes .data/e2e,
// so every run starts from an empty database.
import fs from 'node:fs'
import path from 'node:path'
import { e2eDataDir } from './e2e.ts'
import { stopOrphanedPostgres } from './postgres-process.ts'
import { root } from './test-database.ts'

if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
	console.error('No production build in build/: run `npm run test:e2e` (it builds first) or `npm run build`.')
	process.exit(1)
}
if (await stopOrphanedPostgres(e2eDataDir, { force: true })) console.log('Stopped a leftover e2e Postgres')
fs.rmSync(e2eDataDir, { recursive: true, force: true })
