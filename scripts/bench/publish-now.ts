// npm run bench:publish-now — 'Jetzt posten' to three networks, the server's part: from the action's
// request (the creator's preflight, the post with its deliveries and jobs) until every delivery is
// final (published), with the worker and the sandbox network in this process, as the app runs them in
// development. Prints where the time goes, per run and as medians:
//   action      the creator action's work (preflight + publishNewPost): the answer to the request
//   to start    from the answer until the worker started the delivery (the queue)
//   on network  from its start until the delivery was recorded published (adapter + fake + records)
//   total       from the request until the last delivery is final: what the browser waits for
// The networks are picked from the registry by what they can do (text-only posts), never by id.
// BENCH_RUNS (default 7), BENCH_NETWORKS (default 3), BENCH_IMAGE=1: the post carries an image (served at
// the app's address, a free loopback port here, as the app serves /media/ files), as the creator's posts usually do.
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import pg from 'pg'
import sharp from 'sharp'
import { platformModules } from '#adapters/platforms/index.ts'
import { createDb, createPool } from '#modules/core/db.server.ts'
import { readEnv } from '#modules/core/env.server.ts'
import { startWorker } from '#modules/core/jobs.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { migrateToLatest } from '#modules/core/migrate.server.ts'
import { nextDeliveryDueInMs } from '#modules/publishing/index.ts'
import { openDatabase, poolSize } from '#server/database.ts'
import { publishingHarness } from '#tests/support/publishing.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const NETWORKS = Number(process.env.BENCH_NETWORKS ?? 3)
const IMAGE = process.env.BENCH_IMAGE === '1'
const IMAGE_PATH = '/media/bench.jpg'
const FINAL = new Set(['published', 'failed', 'unconfirmed', 'cancelled'])

const networks = platformModules.filter((m) => (IMAGE ? m.descriptor.formats.includes('image') : m.descriptor.formats.includes('text') && !m.descriptor.images.required)).slice(0, NETWORKS)
if (networks.length < NETWORKS) throw new Error(`only ${networks.length} registered platforms take text-only posts`)
const platforms = networks.map((m) => m.platform)

const env = readEnv({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.resolve('.data/bench'), LOG_LEVEL: 'error' })
const database = await openDatabase(env)
const name = `bench_now_${process.pid}`
const admin = new pg.Client({ connectionString: database.url })
await admin.connect()
await admin.query(`create database ${name}`)
const url = new URL(database.url)
url.pathname = `/${name}`
const pool = createPool(url.toString(), poolSize(env.WORKER_CONCURRENCY))
const db = createDb(pool)
const logger = createLogger('error')

/** The app's address: the post's image is served there (where the networks fetch /media/ files), on a free loopback port. */
async function serveApp() {
	const jpeg = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: '#3366cc' } }).jpeg().toBuffer()
	const server = http.createServer((req, res) => {
		if (req.url !== IMAGE_PATH) return void res.writeHead(404).end()
		res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length }).end(jpeg)
	})
	await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve))
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		[Symbol.asyncDispose]: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

const median = (values: Array<number>) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
const ms = (value: number) => `${value.toFixed(0)} ms`

try {
	await migrateToLatest(db, pool)
	await using app = await serveApp()
	await using h = await publishingHarness({ db, pool }, undefined, {}, { appUrl: app.url })
	const { userId } = await h.connectedUser(platforms)
	const imageUrl = IMAGE ? IMAGE_PATH : null
	const runner = await startWorker({ pool, tasks: h.composition.tasks, concurrency: env.WORKER_CONCURRENCY, logger, nextDueInMs: nextDeliveryDueInMs })
	const rows: Array<{ action: number; preflight: number; create: number; toStart: number; onNetwork: Record<string, number>; total: number }> = []
	try {
		for (let run = 0; run < RUNS; run++) {
			const texts = Object.fromEntries(platforms.map((p) => [p, `Jetzt posten ${run} ${randomUUID().slice(0, 8)}`]))
			const started = performance.now()
			// What the creator's action does for 'Jetzt posten' on new content (app/server/creator.server.ts).
			const findings = await h.services.publishing.preflight(platforms.map((platform) => ({ platform, text: texts[platform]!, imageUrl })))
			if (findings.some((f) => f.severity === 'error')) throw new Error(findings.map((f) => f.message).join(' '))
			const preflighted = performance.now()
			const created = await h.services.content.publishNewPost(userId, randomUUID(), { platform: 'multiple', content: { base: texts[platforms[0]!]!, platforms: texts }, imageUrl, images: {}, aiPrompt: null }, 'Europe/Zurich')
			if (!created.ok) throw new Error(`publishNewPost: ${created.error}`)
			const answered = performance.now()
			const answeredAt = Date.now()
			for (;;) {
				const deliveries = await db.selectFrom('post_deliveries').select('status').where('post_id', '=', created.post.id).execute()
				if (deliveries.length === platforms.length && deliveries.every((d) => FINAL.has(d.status))) break
				await new Promise((resolve) => setTimeout(resolve, 5))
			}
			const total = performance.now() - started
			const deliveries = await db.selectFrom('post_deliveries').select(['platform', 'status', 'attempt_started_at', 'published_at']).where('post_id', '=', created.post.id).execute()
			const failed = deliveries.filter((d) => d.status !== 'published')
			if (failed.length) throw new Error(`not published: ${failed.map((d) => `${d.platform} ${d.status}`).join(', ')}`)
			const starts = deliveries.map((d) => d.attempt_started_at!.getTime())
			rows.push({
				action: answered - started,
				preflight: preflighted - started,
				create: answered - preflighted,
				toStart: Math.max(0, Math.min(...starts) - answeredAt),
				onNetwork: Object.fromEntries(deliveries.map((d) => [d.platform, d.published_at!.getTime() - d.attempt_started_at!.getTime()])),
				total,
			})
			const last = rows[rows.length - 1]!
			console.log(`run ${run + 1}: total ${ms(last.total)} = action ${ms(last.action)} (preflight ${ms(last.preflight)}, post and jobs ${ms(last.create)}) + to start ${ms(last.toStart)} + on the networks ${Object.entries(last.onNetwork).map(([p, v]) => `${networks.find((m) => m.platform === p)!.descriptor.name} ${ms(v)}`).join(', ')}`)
		}
	} finally {
		await runner.stop()
	}
	// The first run pays for cold code paths and connections; the medians are over all runs.
	console.log(`\n'Jetzt posten' to ${networks.map((m) => m.descriptor.name).join(', ')}${IMAGE ? ' with an image' : ''}: ${RUNS} runs, medians`)
	console.log(`  total (request until every delivery is final): ${ms(median(rows.map((r) => r.total)))} (target < 1000 ms)`)
	console.log(`  action ${ms(median(rows.map((r) => r.action)))} (preflight ${ms(median(rows.map((r) => r.preflight)))}, post and jobs ${ms(median(rows.map((r) => r.create)))}), to start ${ms(median(rows.map((r) => r.toStart)))}`)
	for (const m of networks) console.log(`  on ${m.descriptor.name}: ${ms(median(rows.map((r) => r.onNetwork[m.platform]!)))}`)
} finally {
	await db.destroy()
	await admin.query(`drop database if exists ${name} with (force)`)
	await admin.end()
	await database.close()
}
