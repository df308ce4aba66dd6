// npm run bench:generate — server time from 'Bilder generieren & Vorschau' to the preview.
// 1. the local provider (no keys), four platforms: p50/p95 over repeated runs (target p95 < 300 ms);
// 2. remote providers made slow (OpenAI and Replicate fakes holding back every answer): the time of
//    text alone, images alone and both, to show that text and image work run side by side.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { seedModelCatalogue } from '#modules/catalog/index.ts'
import { createDb, createPool, type Db } from '#modules/core/db.server.ts'
import { readEnv } from '#modules/core/env.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { migrateToLatest } from '#modules/core/migrate.server.ts'
import { grantCredits } from '#modules/credits/index.ts'
import type { GenerationInput } from '#modules/generation/index.ts'
import { composeServices } from '#server/compose.ts'
import { openDatabase } from '#server/database.ts'
import { startOpenAiFake } from '#tests/fakes/openai.ts'
import { startReplicateFake } from '#tests/fakes/replicate.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 30)
const DELAY = Number(process.env.BENCH_PROVIDER_DELAY_MS ?? 400)

const env = readEnv({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.resolve('.data/bench'), LOG_LEVEL: 'error' })
const database = await openDatabase(env)
const name = `bench_generate_${process.pid}`
const admin = new pg.Client({ connectionString: database.url })
await admin.connect()
await admin.query(`create database ${name}`)
const url = new URL(database.url)
url.pathname = `/${name}`
const pool = createPool(url.toString(), 20)
const db = createDb(pool)
const filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'postwerk-bench-'))

function percentile(values: Array<number>, p: number) {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

function input(): GenerationInput {
	return {
		requestId: randomUUID(),
		kind: 'smart-post',
		platforms: ['linkedin', 'instagram', 'threads', 'facebook'],
		agentId: null,
		prompt: 'Warum kleine Unternehmen ihre Kundenanfragen mit KI schneller beantworten können, ohne den persönlichen Ton zu verlieren. Drei Beispiele aus dem Alltag einer Bäckerei.',
		url: '',
		notes: '',
		article: null,
		document: null,
		image: null,
		audio: null,
	}
}

async function userWithCredits(database: Db) {
	const email = `${randomUUID()}@bench.local`
	const row = await database.insertInto('users').values({ email }).returning('id').executeTakeFirstOrThrow()
	await database.insertInto('profiles').values({ id: row.id, email }).execute()
	await grantCredits(database, { userId: row.id, amount: 1_000_000, type: 'admin_grant', reference: 'bench' })
	return row.id
}

function services(overrides: Record<string, string> = {}) {
	const benchEnv = readEnv({ APP_ENV: 'test', APP_SECRET: env.APP_SECRET, DATA_DIR: filesDir, LOG_LEVEL: 'error', ...overrides })
	return composeServices({ env: benchEnv, db, logger: createLogger('error') }).services
}

async function timed(run: () => Promise<{ ok: boolean }>) {
	const start = performance.now()
	const outcome = await run()
	if (!outcome.ok) throw new Error(`generation failed: ${JSON.stringify(outcome)}`)
	return performance.now() - start
}

try {
	await migrateToLatest(db, pool)
	await seedModelCatalogue(db)
	const userId = await userWithCredits(db)

	const local = services()
	await timed(() => local.generation.generate(userId, input())) // warm-up: fonts, sharp, prepared plans
	const times: Array<number> = []
	for (let i = 0; i < RUNS; i++) times.push(await timed(() => local.generation.generate(userId, input())))
	console.log(`local provider, 4 platforms (2 texts, 2 images), ${RUNS} runs: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms (target < 300 ms)`)

	await using openai = await startOpenAiFake()
	await using replicate = await startReplicateFake()
	const remote = services({ OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: openai.url, REPLICATE_API_TOKEN: 'r8-bench', REPLICATE_BASE_URL: replicate.url })
	await timed(() => remote.generation.generate(userId, input()))
	async function measure(slowText: boolean, slowImages: boolean) {
		openai.scenario(slowText ? 'slow' : 'ok', { delayMs: DELAY })
		replicate.scenario(slowImages ? 'slow' : 'ok', { delayMs: DELAY, processingPolls: 1 })
		const runs: Array<number> = []
		for (let i = 0; i < 3; i++) runs.push(await timed(() => remote.generation.generate(userId, input())))
		return percentile(runs, 50)
	}
	const base = await measure(false, false)
	const textSlow = await measure(true, false)
	const imageSlow = await measure(false, true)
	const bothSlow = await measure(true, true)
	console.log(`remote providers held back ${DELAY} ms per answer (fakes), median of 3:`)
	console.log(`  fast: ${base.toFixed(0)} ms; slow text: ${textSlow.toFixed(0)} ms; slow images: ${imageSlow.toFixed(0)} ms; both slow: ${bothSlow.toFixed(0)} ms`)
	// The text work alone takes at least DELAY (every answer is held back that long); one after the
	// other, both slow would take the slow images plus that.
	const sequential = imageSlow + DELAY
	const parallel = bothSlow < imageSlow + DELAY / 2
	console.log(`  one after the other would take ≥ ${sequential.toFixed(0)} ms; both slow / that = ${(bothSlow / sequential).toFixed(2)} → text and images run side by side: ${parallel ? 'yes' : 'NO'}`)
} finally {
	await db.destroy()
	await admin.query(`drop database if exists ${name} with (force)`)
	await admin.end()
	await database.close()
	await fs.rm(filesDir, { recursive: true, force: true })
}
