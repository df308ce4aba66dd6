// npm run bench:web — client budgets of the main pages, measured in Chromium against the production build.
// For each page a fresh browser context (cold cache) loads the page signed in; it reports the
// JavaScript transferred (the encoded, i.e. gzip, body size of every script file the page fetched
// until it was hydrated and quiet; the stylesheets likewise, for information) and the largest
// contentful paint (PerformanceObserver, 'largest-contentful-paint', buffered). Budgets: dashboard ≤ 150 KB JavaScript, creator and
// calendar ≤ 250 KB, LCP < 1000 ms on every page; the main pages also at 390x844 with touch (phone layout).
//
// It builds the app when the build is missing or older than the sources (BENCH_BUILD=always|never),
// starts the real server (server/index.ts) on its own port and data folder (embedded Postgres),
// and signs a user in through the accounts service with the server's signed session cookie.
// BENCH_RUNS (default 3): cold loads per page; the table shows the median LCP.
// BENCH_DETAIL=1: also lists every script file of each page with its size. BENCH_ONLY=<text>: only the pages whose name contains it.
// Exit code 1 when a budget is missed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { platformModules } from '#adapters/platforms/index.ts'
import { createSessionCookie } from '#app/server/cookies.server.ts'
import { deriveCookieSecret } from '#modules/core/crypto.server.ts'
import { readEnv } from '#modules/core/env.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { shiftWeek, todayIn, toInstant, weekRange } from '#modules/scheduling/index.ts'
import { composeServices } from '#server/compose.ts'
import { openDatabase } from '#server/database.ts'
import { stopOrphanedPostgres } from '#tests/support/postgres-process.ts'
import { buildState } from './build-freshness.ts'

const root = path.resolve(import.meta.dirname, '../..')
const node = path.join(root, 'node_modules/.bin/node')
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3411)
const HOST = '127.0.0.1'
const BASE = `http://${HOST}:${PORT}`
const DATA_DIR = path.join(root, '.data/bench-web')
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3))
const LCP_BUDGET_MS = 1000
const KB = 1024

/** `phone`: loaded at 390x844 with touch (the phone layout of ADR 0014: top bar, drawer, day view). */
type PageSpec = { name: string; path: string; jsBudgetKb?: number; phone?: boolean }

const zone = 'Europe/Zurich'
const pages: Array<PageSpec> = [
	{ name: 'Dashboard', path: '/', jsBudgetKb: 150 },
	{ name: 'Creator', path: '/create', jsBudgetKb: 250 },
	{ name: 'Kalender (Woche)', path: '/schedule', jsBudgetKb: 250 },
	{ name: 'Kalender (Monat)', path: '/schedule?view=month', jsBudgetKb: 250 },
	{ name: 'Beiträge', path: '/posts' },
	{ name: 'News', path: '/news' },
	{ name: 'Agent', path: '/agent' },
	{ name: 'Einstellungen', path: '/settings' },
	{ name: 'Konten', path: '/accounts' },
	{ name: 'Toolbox', path: '/toolbox' },
	{ name: 'KI-Modelle', path: '/test-models' },
	{ name: 'Aktivitäten', path: '/activity-logs' },
	{ name: 'Preise', path: '/pricing' },
	{ name: 'Landing (abgemeldet)', path: '/landing' },
	{ name: 'Anmeldung (abgemeldet)', path: '/auth' },
	{ name: 'API & Integrationen', path: '/settings/integrationen' },
	{ name: 'Dashboard (Telefon)', path: '/', jsBudgetKb: 150, phone: true },
	{ name: 'Creator (Telefon)', path: '/create', jsBudgetKb: 250, phone: true },
	{ name: 'Kalender (Telefon)', path: '/schedule', jsBudgetKb: 250, phone: true },
	{ name: 'Beiträge (Telefon)', path: '/posts', phone: true },
	{ name: 'Einstellungen (Telefon)', path: '/settings', phone: true },
	{ name: 'Anmeldung (Telefon)', path: '/auth', phone: true },
]

/** The phone of the browser tests (tests/e2e/phone-support.ts): an iPhone 13's window, touch. */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 }
const DESKTOP = { viewport: { width: 1280, height: 800 } }

// The launch arguments of playwright.config.ts.
const launchArgs = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
]

function ensureBuild() {
	const mode = process.env.BENCH_BUILD ?? 'auto'
	const { built, current } = buildState(root)
	if (mode === 'never' || (mode === 'auto' && current)) {
		if (!built) throw new Error('No production build in build/ (BENCH_BUILD=never): run `npm run build`.')
		console.log('Produktions-Build ist aktuell (build/), wird wiederverwendet.')
		return
	}
	console.log('Baue die Produktionsversion (react-router build) …')
	const result = spawnSync(node, [path.join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
	if (result.status !== 0) throw new Error('react-router build failed')
}

/** Another server on our port would answer the readiness check and be measured instead. */
async function ensurePortFree() {
	await new Promise<void>((resolve, reject) => {
		const probe = net.createServer()
		probe.once('error', () => reject(new Error(`Port ${PORT} is in use: stop that process or set BENCH_WEB_PORT (3400-3499)`)))
		probe.listen(PORT, HOST, () => probe.close(() => resolve()))
	})
}

async function startServer(): Promise<ChildProcess> {
	await ensurePortFree()
	await stopOrphanedPostgres(DATA_DIR)
	const child = spawn(node, ['server/index.ts'], {
		cwd: root,
		env: {
			PATH: process.env.PATH,
			HOME: process.env.HOME,
			APP_ENV: 'test',
			PORT: String(PORT),
			HOST,
			APP_URL: BASE,
			DATA_DIR,
			DEMO_USERS: 'false',
			LOG_LEVEL: 'warn',
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
	child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
	const deadline = Date.now() + 120_000
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`)
		const ok = await fetch(`${BASE}/landing`).then((r) => r.ok, () => false)
		if (ok) return child
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
	child.kill('SIGTERM')
	throw new Error(`server did not answer on ${BASE} within 120 s:\n${output}`)
}

async function stopServer(child: ChildProcess) {
	if (child.exitCode !== null) return
	const exited = new Promise((resolve) => child.once('exit', resolve))
	child.kill('SIGTERM')
	await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))])
	if (child.exitCode === null) child.kill('SIGKILL')
}

/** A confirmed user with a few posts (this week's calendar and the dashboard show something), signed in. */
async function signedInCookie() {
	const env = readEnv({ APP_ENV: 'test', DATA_DIR, PORT: String(PORT), APP_URL: BASE, LOG_LEVEL: 'error' })
	const database = await openDatabase(env)
	try {
		const { services } = composeServices({ env, db: database.db, logger: createLogger('error') })
		const email = `bench-web-${randomUUID()}@example.com`
		const password = `Pw-${randomUUID()}`
		const userId = await services.accounts.createConfirmedUser({ email, password, fullName: 'Erika Muster' })
		const week = weekRange(shiftWeek(todayIn(zone, new Date()), 1), zone).days
		const rows = week.slice(0, 5).map((date, i) => ({
			user_id: userId,
			title: `Beitrag ${i + 1}`,
			content: `Beitrag ${i + 1}: ein geplanter Text für den Kalender.`,
			// The registry's networks in turn (a platform is a plugin: no ids here).
			platform: platformModules[i % platformModules.length]!.platform,
			status: 'scheduled' as const,
			scheduled_at: toInstant(date, `${String(9 + i).padStart(2, '0')}:00`, zone),
			time_zone: zone,
		}))
		await database.db.insertInto('posts').values(rows).execute()
		const signIn = await services.accounts.signIn({ email, password }, { ip: `bench-${randomUUID()}`, userAgent: 'bench:web' })
		if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.error}`)
		const cookie = createSessionCookie({ isProduction: false, cookieSecret: deriveCookieSecret(env.APP_SECRET) })
		const header = await cookie.serialize(signIn.token)
		return { name: cookie.name, value: header.slice(cookie.name.length + 1).split(';')[0]!, nextWeek: week[2]! }
	} finally {
		await database.close()
	}
}

type Measurement = { jsBytes: number; jsFiles: number; cssBytes: number; files: Array<{ name: string; bytes: number }>; lcp: number | null; status: number }

async function measure(browser: Browser, url: string, cookie: { name: string; value: string } | null, phone = false): Promise<Measurement> {
	const context = await browser.newContext({ locale: 'de-CH', timezoneId: zone, ...(phone ? PHONE : DESKTOP) })
	try {
		if (cookie) await context.addCookies([{ ...cookie, url: BASE, httpOnly: true, sameSite: 'Lax' }])
		const page = await context.newPage()
		const response = await page.goto(url, { waitUntil: 'load' })
		await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 15_000 })
		// Chunks fetched right after hydration (lazy components) count too: wait until no script has come for 500 ms.
		let count = -1
		for (let i = 0; i < 20; i++) {
			const now = await page.evaluate(() => performance.getEntriesByType('resource').length)
			if (now === count) break
			count = now
			await page.waitForTimeout(500)
		}
		return await page.evaluate(async () => {
			const scripts = (performance.getEntriesByType('resource') as Array<PerformanceResourceTiming>).filter((entry) =>
				/\.m?js(\?|$)/.test(new URL(entry.name).pathname),
			)
			const lcp = await new Promise<number | null>((resolve) => {
				let last: number | null = null
				new PerformanceObserver((list) => {
					for (const entry of list.getEntries()) last = entry.startTime
				}).observe({ type: 'largest-contentful-paint', buffered: true })
				setTimeout(() => resolve(last), 100)
			})
			const styles = (performance.getEntriesByType('resource') as Array<PerformanceResourceTiming>).filter((entry) => /\.css(\?|$)/.test(new URL(entry.name).pathname))
			return {
				cssBytes: styles.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
				jsBytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
				jsFiles: scripts.length,
				files: scripts.map((entry) => ({ name: new URL(entry.name).pathname, bytes: entry.encodedBodySize })),
				lcp,
				status: 0,
			}
		}).then((result) => ({ ...result, status: response?.status() ?? 0 }))
	} finally {
		await context.close()
	}
}

const median = (values: Array<number>) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

ensureBuild()
const server = await startServer()
let missed = 0
try {
	const cookie = await signedInCookie()
	const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: launchArgs })
	try {
		// One request per page first, so the server's own warm-up (module loading, first queries) is not measured.
		const cookieHeader = `${cookie.name}=${cookie.value}`
		for (const spec of pages) await fetch(BASE + spec.path, { headers: { cookie: cookieHeader } }).then((r) => r.arrayBuffer())

		const load = () => os.loadavg()[0]!.toFixed(1)
		console.log(`\nClient-Budgets (${BASE}, Chromium, kalter Cache, ${RUNS} Läufe je Seite, LCP = Median; Last vorher ${load()} bei ${os.cpus().length} Kernen)\n`)
		const header = ['Seite', 'Pfad', 'JS (gzip)', 'Dateien', 'Budget JS', 'CSS (gzip)', 'LCP', 'Ergebnis']
		const rows: Array<Array<string>> = []
		for (const spec of pages.filter((p) => !process.env.BENCH_ONLY || p.name.toLowerCase().includes(process.env.BENCH_ONLY.toLowerCase()))) {
			const signedOut = spec.path === '/landing' || spec.path === '/auth'
			const url = BASE + (spec.path.startsWith('/schedule') ? `${spec.path}${spec.path.includes('?') ? '&' : '?'}date=${cookie.nextWeek}` : spec.path)
			const runs: Array<Measurement> = []
			for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, url, signedOut ? null : cookie, spec.phone))
			const js = runs[0]!.jsBytes
			if (process.env.BENCH_DETAIL) {
				console.log(`${spec.name} (${spec.path}):`)
				for (const file of [...runs[0]!.files].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${(file.bytes / KB).toFixed(1).padStart(6)} KB  ${file.name}`)
			}
			const lcpValues = runs.map((r) => r.lcp).filter((v): v is number => v !== null)
			const lcp = lcpValues.length ? median(lcpValues) : null
			const jsOk = spec.jsBudgetKb === undefined || js <= spec.jsBudgetKb * KB
			const lcpOk = lcp !== null && lcp < LCP_BUDGET_MS
			const ok = jsOk && lcpOk && runs.every((r) => r.status === 200)
			if (!ok) missed++
			const misses = [!jsOk ? 'JS' : '', !lcpOk ? 'LCP' : '', runs.some((r) => r.status !== 200) ? `HTTP ${runs.find((r) => r.status !== 200)!.status}` : ''].filter(Boolean)
			rows.push([
				spec.name,
				spec.path,
				`${(js / KB).toFixed(1)} KB`,
				String(runs[0]!.jsFiles),
				spec.jsBudgetKb ? `≤ ${spec.jsBudgetKb} KB` : '–',
				`${(runs[0]!.cssBytes / KB).toFixed(1)} KB`,
				lcp === null ? 'keine' : `${Math.round(lcp)} ms`,
				ok ? 'PASS' : `MISS (${misses.join(', ')})`,
			])
		}
		const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
		const line = (cells: Array<string>) => cells.map((c, i) => (i >= 2 && i <= 6 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ')
		console.log(line(header))
		console.log(widths.map((w) => '-'.repeat(w)).join('  '))
		for (const row of rows) console.log(line(row))
		console.log(`\nBudgets: JavaScript Dashboard ≤ 150 KB, Creator und Kalender ≤ 250 KB (gzip, übertragen); LCP < ${LCP_BUDGET_MS} ms je Seite.`)
		console.log(`Last (1 min) am Ende: ${load()}. LCP hängt an der freien CPU: unter Last der Maschine steigt er.`)
		console.log(missed ? `${missed} Seite(n) verfehlen ein Budget.` : 'Alle Budgets eingehalten.')
	} finally {
		await browser.close()
	}
} finally {
	await stopServer(server)
}
process.exit(missed ? 1 : 0)
