// npm run bench:http — the server's pages against bulk data, next to an empty route of the same server.
// Starts the production build (built when missing or older than its sources, or with --build) as a child process with its own
// PORT and DATA_DIR and no in-process worker, loads the bulk data when missing (npm run seed:bulk),
// signs in a user with ~100 posts, one with ~5000 (20 channels in 3 brands; its pages also with one brand
// chosen in the switcher, user 'brand') and an admin, and measures for every page:
//   (a) requests per second at 50 connections, (b) latency p50/p95/p99 at a steady 100 requests/s (open
//   loop: one request every 10 ms, counted from its planned start),
// each right after the same measurement of the empty route in the same run: GET /bench/leer, the
// signed-in app shell with nothing in it (session, layout loader, root document; the server runs with
// BENCH_EMPTY_PAGE=true), as the same user. So a ratio shows what the page itself costs.
// Budgets: a page reaches >= 40 % of the empty route's requests/s, and its p99 at 100 requests/s is
// <= 2x the empty route's. Prints a table with the ratios and PASS/MISS. For reference it also measures
// GET /health/live once (no session, no rendering, no database).
//
// Options (environment): BENCH_PORT (3300), BENCH_DATA_DIR (.data/bench-http), BENCH_DURATION
// (seconds per requests/s measurement, 5), BENCH_RATE_DURATION (seconds at 100 requests/s, 10),
// BENCH_USERS / BENCH_POSTS (bulk data size when it has to be loaded: 1000 / 100000),
// BENCH_PAGES (comma-separated labels to run only some pages, e.g. "posts,calendar month"),
// BENCH_ROUNDS (requests/s measurements per page, each right after one of the empty route, 1: the table
// shows the median ratio and, with more than one round, the lowest and highest), BENCH_RATE (the fixed
// rate of the latency run, 100 requests/s), BENCH_NODE_ARGS (flags for the server's node, e.g.
// "--cpu-prof --cpu-prof-dir=/tmp/prof": the profile is written when the server stops), BENCH_SAVE_HTML
// (a folder: each page's HTML is written there, to see what a page sends).
// BENCH_CPU (a number N: instead of the load runs, N sequential requests of each page and of the empty
// route, alternating in rounds of 20, and the server's CPU time per request from /proc, all its
// processes together: what a page costs the server, with little noise from a busy machine; with the
// embedded Postgres also its CPU time per request, postmaster and backends, apart and added).
// Flags: --build (build first even when a build exists).
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import autocannon from 'autocannon'
import { Pool } from 'undici'
import { createBrandCookie, createSessionCookie } from '#app/server/cookies.server.ts'
import { deriveCookieSecret } from '#modules/core/crypto.server.ts'
import { readEnv } from '#modules/core/env.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { composeServices } from '#server/compose.ts'
import { openDatabase } from '#server/database.ts'
import { BULK_ADMIN, BULK_DOMAIN, BULK_HEAVY, BULK_LIGHT, BULK_PASSWORD } from '#scripts/bulk-users.ts'
import { buildState } from './build-freshness.ts'

const root = path.resolve(import.meta.dirname, '../..')
const node = process.execPath
const PORT = Number(process.env.BENCH_PORT ?? 3300)
const DATA_DIR = path.resolve(process.env.BENCH_DATA_DIR ?? '.data/bench-http')
const DURATION = Number(process.env.BENCH_DURATION ?? 5)
const RATE_DURATION = Number(process.env.BENCH_RATE_DURATION ?? 10)
const CONNECTIONS = 50
const RATE = Number(process.env.BENCH_RATE ?? 100)
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1))
const CPU_REQUESTS = Number(process.env.BENCH_CPU ?? 0)
const ONLY = process.env.BENCH_PAGES?.split(',').map((s) => s.trim()).filter(Boolean)
const BASE = `http://127.0.0.1:${PORT}`
const EMPTY = '/bench/leer'
const LIVE = '/health/live'
const BUDGET_RPS = 0.4
const BUDGET_P99 = 2

type Page = { label: string; user: 'light' | 'heavy' | 'brand' | 'admin'; path: string }
const allPages: Array<Page> = [
	...(['light', 'heavy'] as const).flatMap((user) => [
		{ label: 'dashboard', user, path: '/' },
		{ label: 'posts', user, path: '/posts' },
		{ label: 'calendar month', user, path: '/schedule?view=month' },
		{ label: 'calendar week', user, path: '/schedule?view=week' },
		{ label: 'creator', user, path: '/create' },
		{ label: 'gallery', user, path: '/test-models' },
	]),
	// The heavy user with one of its brands chosen (the one with 12 of its 20 channels).
	...[
		{ label: 'dashboard', path: '/' },
		{ label: 'posts', path: '/posts' },
		{ label: 'calendar month', path: '/schedule?view=month' },
		{ label: 'calendar week', path: '/schedule?view=week' },
	].map((page) => ({ ...page, user: 'brand' as const })),
	{ label: 'admin users', user: 'admin', path: '/admin/users' },
]
const pages = allPages.filter((p) => !ONLY || ONLY.some((o) => o === p.label || o === `${p.label} ${p.user}`))

const env = readEnv({ ...process.env, DATA_DIR, DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: 'error' })
// The server runs as in production (Secure session cookie, no dev tools); the mail server is never
// reached (mails go out through jobs, and the worker is off).
const serverEnv: NodeJS.ProcessEnv = {
	...process.env,
	APP_ENV: 'production',
	APP_SECRET: env.APP_SECRET,
	APP_URL: BASE,
	SMTP_URL: 'smtp://127.0.0.1:2525',
	PORT: String(PORT),
	HOST: '127.0.0.1',
	DATA_DIR,
	WORKER_IN_PROCESS: 'false',
	LOG_LEVEL: 'warn',
	DEMO_USERS: 'false',
	BENCH_EMPTY_PAGE: 'true',
}

function run(command: string, args: Array<string>, extraEnv: NodeJS.ProcessEnv = {}) {
	return new Promise<void>((resolve, reject) => {
		const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } })
		child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))))
	})
}

function percentile(sorted: Array<number>, p: number) {
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0
}

type Throughput = { rps: number; non2xx: number; errors: number }
type Latency = { p50: number; p95: number; p99: number; rate: number; non2xx: number; errors: number }

function cannon(options: autocannon.Options, onResponse?: (status: number, ms: number) => void) {
	return new Promise<autocannon.Result>((resolve, reject) => {
		const instance = autocannon(options, (error: unknown, result: autocannon.Result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result)))
		if (onResponse) instance.on('response', (_client, status, _bytes, ms) => onResponse(status, ms))
	})
}

const headersFor = (cookie: string | null) => ({ 'accept-encoding': 'gzip', accept: 'text/html', ...(cookie ? { cookie } : {}) })

async function throughput(url: string, cookie: string | null): Promise<Throughput> {
	const result = await cannon({ url: BASE + url, connections: CONNECTIONS, duration: DURATION, headers: headersFor(cookie) })
	return { rps: result['2xx'] / result.duration, non2xx: result.non2xx, errors: result.errors + result.timeouts }
}

/**
 * Latency at a steady rate, open loop: request i leaves at start + i·(1000/RATE) ms whether or not the
 * earlier ones have answered (each on a free keep-alive connection of a pool), and its latency counts
 * from that planned moment to the last byte of the body, so a request that waited for the sender is not
 * flattered (no coordinated omission). autocannon's `overallRate` hands each connection its share at the
 * start of every second: the requests of a second arrive as one burst and the run measures that queue.
 * `rate` is the answers per second that came back within the run plus a grace of 5 s.
 */
async function latency(url: string, cookie: string | null): Promise<Latency> {
	const pool = new Pool(BASE, { connections: 256, pipelining: 1 })
	const interval = 1000 / RATE
	const total = Math.round(RATE * RATE_DURATION)
	const times: Array<number> = []
	let non2xx = 0
	let errors = 0
	const pending: Array<Promise<void>> = []
	const start = performance.now()
	for (let i = 0; i < total; i++) {
		const planned = start + i * interval
		const wait = planned - performance.now()
		if (wait > 1) await new Promise((r) => setTimeout(r, wait))
		pending.push(
			pool
				.request({ path: url, method: 'GET', headers: headersFor(cookie) })
				.then(async (response) => {
					await response.body.dump({ limit: Number.POSITIVE_INFINITY })
					if (response.statusCode >= 200 && response.statusCode < 300) times.push(performance.now() - planned)
					else non2xx++
				})
				.catch(() => {
					errors++
				}),
		)
	}
	const grace = new Promise((r) => setTimeout(r, 5000))
	await Promise.race([Promise.all(pending), grace])
	const answered = times.slice().sort((a, b) => a - b)
	const elapsed = (performance.now() - start) / 1000
	const unanswered = total - answered.length - non2xx - errors
	const failed = errors
	await pool.destroy()
	return { p50: percentile(answered, 50), p95: percentile(answered, 95), p99: percentile(answered, 99), rate: answered.length / Math.max(RATE_DURATION, elapsed), non2xx, errors: failed + unanswered }
}

async function warm(url: string, cookie: string | null) {
	await cannon({ url: BASE + url, connections: 10, duration: 1, headers: headersFor(cookie) })
}

async function timedEmpty() {
	const t = performance.now()
	await fetch(BASE + LIVE).then((r) => r.arrayBuffer())
	return performance.now() - t
}

/** A single /health/live request on the idle server (median of 15), the yardstick of drain(). */
let idleMs = 5
async function measureIdle() {
	const times: Array<number> = []
	for (let i = 0; i < 15; i++) times.push(await timedEmpty())
	idleMs = times.sort((a, b) => a - b)[7]!
}

/** Waits until the server has worked off what the last run left queued (/health/live answers fast again). */
async function drain() {
	const until = Date.now() + 20_000
	let fast = 0
	while (fast < 3 && Date.now() < until) {
		fast = (await timedEmpty()) < Math.max(10, idleMs * 3) ? fast + 1 : 0
		await new Promise((r) => setTimeout(r, 50))
	}
}

/** CPU seconds (user + system) of a process and all its descendants, from /proc. */
function cpuSeconds(pid: number) {
	const ticksPerSecond = 100
	const stats = fs
		.readdirSync('/proc')
		.filter((name) => /^\d+$/.test(name))
		.map((name) => {
			try {
				const fields = fs.readFileSync(`/proc/${name}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')
				return { pid: Number(name), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }
			} catch {
				return null
			}
		})
		.filter((s) => s !== null)
	const tree = new Set([pid])
	for (let grew = true; grew; ) {
		grew = false
		for (const s of stats) {
			if (tree.has(s.pid) || !tree.has(s.ppid)) continue
			tree.add(s.pid)
			grew = true
		}
	}
	return stats.filter((s) => tree.has(s.pid)).reduce((sum, s) => sum + s.ticks, 0) / ticksPerSecond
}

/** The embedded Postgres's postmaster (first line of postmaster.pid under DATA_DIR/pg), or null. */
function postmasterPid() {
	try {
		const pid = Number(fs.readFileSync(path.join(DATA_DIR, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0])
		return Number.isInteger(pid) && pid > 0 && fs.existsSync(`/proc/${pid}`) ? pid : null
	} catch {
		return null
	}
}

async function cpuPerRequest(pid: number, cookies: Record<Page['user'], string>) {
	const pool = new Pool(BASE, { connections: 1 })
	const one = async (url: string, cookie: string) => {
		const response = await pool.request({ path: url, method: 'GET', headers: headersFor(cookie) })
		await response.body.dump({ limit: Number.POSITIVE_INFINITY })
	}
	// The embedded Postgres (postmaster and its backends) is counted apart; with DATABASE_URL it is not seen.
	const postmaster = postmasterPid()
	const dbSeconds = () => (postmaster ? cpuSeconds(postmaster) : 0)
	const measure = async (url: string, cookie: string, n: number) => {
		const before = cpuSeconds(pid)
		const dbBefore = dbSeconds()
		for (let i = 0; i < n; i++) await one(url, cookie)
		return { server: cpuSeconds(pid) - before, db: dbSeconds() - dbBefore }
	}
	console.log(`server CPU per request (all server processes) and ${postmaster ? 'the embedded Postgres\'s (postmaster and backends)' : 'no database CPU (not the embedded Postgres)'}: ${CPU_REQUESTS} sequential requests per page, in rounds of 20 alternating with ${EMPTY}`)
	for (const page of pages) {
		const cookie = cookies[page.user]
		await measure(page.path, cookie, 20)
		await measure(EMPTY, cookie, 20)
		const pageCpu = { server: 0, db: 0 }
		const emptyCpu = { server: 0, db: 0 }
		for (let done = 0; done < CPU_REQUESTS; done += 20) {
			const n = Math.min(20, CPU_REQUESTS - done)
			const e = await measure(EMPTY, cookie, n)
			const p = await measure(page.path, cookie, n)
			emptyCpu.server += e.server
			emptyCpu.db += e.db
			pageCpu.server += p.server
			pageCpu.db += p.db
		}
		const ms = (s: number) => (s / CPU_REQUESTS) * 1000
		const perPage = ms(pageCpu.server)
		const perEmpty = ms(emptyCpu.server)
		const withDb = ms(pageCpu.server + pageCpu.db)
		const emptyWithDb = ms(emptyCpu.server + emptyCpu.db)
		const dbPart = postmaster ? `  | database ${ms(pageCpu.db).toFixed(2).padStart(6)} ms (empty ${ms(emptyCpu.db).toFixed(2).padStart(5)})  server+database ${withDb.toFixed(2).padStart(6)} ms (empty ${emptyWithDb.toFixed(2).padStart(5)})  empty/page ${((emptyWithDb / withDb) * 100).toFixed(0).padStart(3)} %` : ''
		console.log(`${page.label.padEnd(16)}${page.user.padEnd(7)} ${perPage.toFixed(2).padStart(7)} ms  empty ${perEmpty.toFixed(2).padStart(6)} ms  empty/page ${((perEmpty / perPage) * 100).toFixed(0).padStart(3)} %${dbPart}`)
	}
	await pool.destroy()
}

let server: ChildProcess | null = null
const database = await openDatabase(env)
async function shutdown() {
	if (server && server.exitCode === null) {
		const exited = new Promise((resolve) => server!.once('exit', resolve))
		server.kill('SIGTERM')
		await exited
	}
	await database.close()
}
try {
	// A stale build would serve old routes against the services of the current source (server/ runs from source).
	if (process.argv.includes('--build') || !buildState(root).current) {
		console.log('Building the production build (react-router build) ...')
		await run(node, [path.join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'])
	}
	const built = fs.statSync(path.join(root, 'build/server/index.js')).mtime

	// Bulk data (migrates first); the embedded database opened above is shared through DATA_DIR.
	const bulk = await database.pool.query<{ n: string }>(`select count(*) as n from users where email like $1`, [`%@${BULK_DOMAIN}`]).catch(() => ({ rows: [{ n: '0' }] }))
	if (Number(bulk.rows[0]!.n) === 0) {
		await run(node, [path.join(root, 'scripts/seed-bulk.ts'), '--users', process.env.BENCH_USERS ?? '1000', '--posts', process.env.BENCH_POSTS ?? '100000'], { DATA_DIR, APP_SECRET: env.APP_SECRET })
	}

	// Sessions through the accounts service (a real sign-in: argon2 check, session row), cookies signed like the server's.
	const { services } = composeServices({ env, db: database.db, logger: createLogger('error') })
	await services.accounts.grantRole(BULK_ADMIN, 'admin')
	const cookieJar = createSessionCookie({ isProduction: true, cookieSecret: deriveCookieSecret(env.APP_SECRET) })
	const cookies: Record<Page['user'], string> = { light: '', heavy: '', brand: '', admin: '' }
	const counts: Record<string, number> = {}
	for (const [user, email] of [['light', BULK_LIGHT], ['heavy', BULK_HEAVY], ['admin', BULK_ADMIN]] as const) {
		const signedIn = await services.accounts.signIn({ email, password: BULK_PASSWORD }, { ip: `bench-${user}`, userAgent: 'bench:http' })
		if (!signedIn.ok) throw new Error(`sign-in of ${email} failed: ${signedIn.error}`)
		cookies[user] = (await cookieJar.serialize(signedIn.token)).split(';')[0]!
		const row = await database.pool.query<{ n: string }>(`select count(*) as n from posts p join users u on u.id = p.user_id where u.email = $1`, [email])
		counts[user] = Number(row.rows[0]!.n)
	}

	// The heavy user's brand with the most channels, chosen as the switcher does (its cookie).
	const brand = await database.pool.query<{ id: string; name: string; channels: string }>(
		`select b.id, b.name, count(c.id) as channels from brands b join users u on u.id = b.user_id left join channels c on c.brand_id = b.id
		where u.email = $1 group by b.id order by count(c.id) desc, b.created_at limit 1`,
		[BULK_HEAVY],
	)
	const chosen = brand.rows[0]!
	const brandJar = createBrandCookie({ isProduction: true, cookieSecret: deriveCookieSecret(env.APP_SECRET) })
	cookies.brand = `${cookies.heavy}; ${(await brandJar.serialize(chosen.id)).split(';')[0]!}`
	const channelCount = await database.pool.query<{ channels: string; brands: string }>(
		`select count(distinct c.id) as channels, count(distinct b.id) as brands from users u join brands b on b.user_id = u.id left join channels c on c.user_id = u.id where u.email = $1`,
		[BULK_HEAVY],
	)

	server = spawn(node, [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), path.join(root, 'server/index.ts')], { cwd: root, env: serverEnv, stdio: ['ignore', 'pipe', 'inherit'] })
	// The server runs as in production: one web process per core unless WEB_PROCESSES says otherwise.
	const webProcesses = await new Promise<number>((resolve, reject) => {
		server!.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
		server!.stdout!.on('data', (chunk: Buffer) => {
			const line = chunk.toString()
			if (line.includes('Postwerk läuft')) resolve(Number(/(\d+) Webprozesse/.exec(line)?.[1] ?? 1))
		})
	})
	server.stdout!.resume()

	console.log(`bench:http — build of ${built.toISOString()}, server ${BASE} (APP_ENV=production, worker off, ${webProcesses} web process${webProcesses === 1 ? '' : 'es'}), data in ${DATA_DIR}`)
	console.log(`users: light ${BULK_LIGHT} (${counts.light} posts), heavy ${BULK_HEAVY} (${counts.heavy} posts, ${channelCount.rows[0]!.channels} channels in ${channelCount.rows[0]!.brands} brands; 'brand': its brand '${chosen.name}' chosen, ${chosen.channels} channels), admin ${BULK_ADMIN}`)
	console.log(`requests/s: ${CONNECTIONS} connections for ${DURATION} s, ${ROUNDS} round(s) per page; latency: ${RATE} requests/s for ${RATE_DURATION} s; empty route ${EMPTY} (as the page's user) measured right before each page`)
	console.log(`budgets: requests/s >= ${BUDGET_RPS * 100} % of the empty route's, p99 at ${RATE} requests/s <= ${BUDGET_P99}x the empty route's\n`)

	const empty = await fetch(BASE + EMPTY, { headers: { cookie: cookies.light }, redirect: 'manual' })
	if (empty.status !== 200) throw new Error(`the empty route ${EMPTY} answered ${empty.status} (is BENCH_EMPTY_PAGE passed to the server?)`)

	// Every page must answer 200 with the page itself (not a redirect to /auth).
	// A page that fails (a 500 from a render that ran past the stream timeout) is reported, not measured.
	const sizes: Record<string, { html: number; gzip: number }> = {}
	const broken: Array<string> = []
	for (const page of pages) {
		const t = performance.now()
		const plain = await fetch(BASE + page.path, { headers: { cookie: cookies[page.user] }, redirect: 'manual' })
		const body = await plain.text()
		if (plain.status !== 200) {
			console.log(`${page.label} (${page.user}) ${page.path} answered ${plain.status} ${plain.headers.get('location') ?? ''} after ${(performance.now() - t).toFixed(0)} ms: not measured`)
			broken.push(`${page.label}/${page.user}`)
			continue
		}
		const gz = await cannon({ url: BASE + page.path, amount: 1, connections: 1, headers: headersFor(cookies[page.user]) })
		sizes[`${page.label}/${page.user}`] = { html: Buffer.byteLength(body), gzip: gz.throughput.total }
		if (process.env.BENCH_SAVE_HTML) {
			fs.mkdirSync(process.env.BENCH_SAVE_HTML, { recursive: true })
			fs.writeFileSync(path.join(process.env.BENCH_SAVE_HTML, `${page.label.replace(/ /g, '-')}-${page.user}.html`), body)
		}
	}

	if (CPU_REQUESTS > 0) {
		await cpuPerRequest(server.pid!, cookies)
		await shutdown()
		process.exit(0)
	}

	await warm(LIVE, null)
	await measureIdle()
	const liveRps = await throughput(LIVE, null)
	await drain()
	const liveLat = await latency(LIVE, null)
	console.log(`reference ${LIVE}: ${liveRps.rps.toFixed(0)} req/s, p99 at ${RATE}/s ${liveLat.p99.toFixed(1)} ms`)
	type Row = { page: Page; rps: Throughput; emptyRps: Throughput; ratios: Array<number>; lat: Latency; emptyLat: Latency }
	const rows: Array<Row> = []
	for (const page of pages) {
		if (broken.includes(`${page.label}/${page.user}`)) continue
		const cookie = cookies[page.user]
		await warm(page.path, cookie)
		await warm(EMPTY, cookie)
		// Rounds alternate the empty route and the page; the row keeps the round of the median ratio.
		const rounds: Array<{ rps: Throughput; emptyRps: Throughput; ratio: number }> = []
		for (let round = 0; round < ROUNDS; round++) {
			await drain()
			const emptyRps = await throughput(EMPTY, cookie)
			await drain()
			const rps = await throughput(page.path, cookie)
			rounds.push({ rps, emptyRps, ratio: rps.rps / emptyRps.rps })
		}
		rounds.sort((a, b) => a.ratio - b.ratio)
		const { rps, emptyRps } = rounds[Math.floor((rounds.length - 1) / 2)]!
		const ratios = rounds.map((r) => r.ratio)
		await drain()
		const emptyLat = await latency(EMPTY, cookie)
		await drain()
		const lat = await latency(page.path, cookie)
		rows.push({ page, rps, emptyRps, ratios, lat, emptyLat })
		const size = sizes[`${page.label}/${page.user}`]!
		console.log(
			`measured ${page.label} (${page.user}): ${rps.rps.toFixed(0)} req/s (empty ${emptyRps.rps.toFixed(0)}${ROUNDS > 1 ? `; ratios ${ratios.map((r) => `${(r * 100).toFixed(0)} %`).join(', ')}` : ''}), p99 ${lat.p99.toFixed(1)} ms (empty ${emptyLat.p99.toFixed(1)} ms), ${(size.html / 1024).toFixed(0)} KB HTML`,
		)
		if (rps.non2xx || rps.errors || lat.non2xx || lat.errors) console.log(`  warning: non-2xx ${rps.non2xx + lat.non2xx}, errors/timeouts ${rps.errors + lat.errors}`)
	}

	const pad = (s: string, n: number) => s.padEnd(n)
	const num = (v: number, n: number, digits = 0) => v.toFixed(digits).padStart(n)
	console.log('')
	console.log(
		`${pad('page', 16)}${pad('user', 7)}${'HTML KB'.padStart(8)}${'gzip KB'.padStart(8)} | ${'req/s'.padStart(6)}${'empty'.padStart(7)}${'ratio'.padStart(7)}      | ${'p50'.padStart(6)}${'p95'.padStart(7)}${'p99'.padStart(7)}${'empty'.padStart(7)}${'ratio'.padStart(7)}${'rate'.padStart(6)}`,
	)
	let misses = 0
	for (const { page, rps, emptyRps, ratios, lat, emptyLat } of rows) {
		const size = sizes[`${page.label}/${page.user}`]!
		const rpsRatio = rps.rps / emptyRps.rps
		const spread = ROUNDS > 1 ? ` ${num(ratios[0]! * 100, 3)}-${(ratios.at(-1)! * 100).toFixed(0)}%` : ''
		const p99Ratio = lat.p99 / emptyLat.p99
		const rpsOk = rpsRatio >= BUDGET_RPS
		// A page that cannot carry 100 requests/s has no p99 at that rate: it misses.
		const p99Ok = p99Ratio <= BUDGET_P99 && lat.rate >= RATE * 0.95
		misses += (rpsOk ? 0 : 1) + (p99Ok ? 0 : 1)
		console.log(
			`${pad(page.label, 16)}${pad(page.user, 7)}${num(size.html / 1024, 8)}${num(size.gzip / 1024, 8)} | ${num(rps.rps, 6)}${num(emptyRps.rps, 7)}${num(rpsRatio * 100, 6)}% ${rpsOk ? 'PASS' : 'MISS'}${spread} | ${num(lat.p50, 6, 1)}${num(lat.p95, 7, 1)}${num(lat.p99, 7, 1)}${num(emptyLat.p99, 7, 1)}${num(p99Ratio, 6, 1)}x${num(lat.rate, 6)} ${p99Ok ? 'PASS' : 'MISS'}`,
		)
	}
	for (const key of broken) {
		const [label, user] = key.split('/')
		console.log(`${pad(label!, 16)}${pad(user!, 7)} failed (no 200): MISS, MISS`)
		misses += 2
	}
	console.log(`\n${misses === 0 ? 'All budgets hold.' : `${misses} budget(s) missed.`} (ms; rate = requests/s actually carried in the latency run)`)
	console.log(`reference ${LIVE} (no session, no rendering): ${liveRps.rps.toFixed(0)} req/s, p99 at ${RATE}/s ${liveLat.p99.toFixed(1)} ms`)
} finally {
	await shutdown()
}
process.exit(0)
