// npm run drill                 fault drill: SIGKILLs of the web process and the worker under a mixed
//                               write load, then Postgres restarted mid-load; checks at the end
// npm run drill -- --short      the same, bounded for CI (about 90 s, 2 kills, 1 database restart)
//                               (both: then the production start with two web processes, ADR 0027)
// npm run drill -- --scale      two web processes and two workers on one Postgres, 10 000 deliveries
//                               due within a minute: all published once, the per-process share
// Options: --no-build (use the existing build/), --keep (keep the drill database), --deliveries=N (scale),
// --users=N. The database: the embedded Postgres under .data/drill (DRILL_DATA_DIR), or DATABASE_URL
// (a fresh database is created on that server when allowed; it cannot be restarted by the drill).
// Ports 3500-3599 (DRILL_PORT_FROM). Exit code 1 when a check fails.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { platformModules } from '#adapters/platforms/index.ts'
import { createSandboxNetwork, listenSandbox } from '#adapters/platforms/sandbox/network.ts'
import { SandboxStore } from '#adapters/platforms/sandbox/store.ts'
import { createSessionCookie } from '#app/server/cookies.server.ts'
import { deriveCookieSecret } from '#modules/core/crypto.server.ts'
import { createDb, createPool, type Db } from '#modules/core/db.server.ts'
import { ensureLocalDatabase, type LocalDatabase } from '#modules/core/embedded-postgres.server.ts'
import { readEnv } from '#modules/core/env.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { migrateToLatest } from '#modules/core/migrate.server.ts'
import { composeServices } from '#server/compose.ts'
import { appCallbackUrls } from '#server/platforms.ts'
import { seedReferenceData } from '#server/seed.ts'
import { approveConsent } from '#tests/support/sandbox-consent.ts'
import { Browser, type Sample } from './drill/browser.ts'
import { createLoad, GENERATION_TIMEOUT_MS, MARKER, newMarker, REQUEST_TIMEOUT_MS, type Ack, type VirtualUser } from './drill/load.ts'
import { createProcessManager, freePorts, root, type ManagedProcess } from './drill/processes.ts'
import { webProcessesDrill } from './drill/web-processes.ts'

const argv = process.argv.slice(2)
const flag = (name: string) => argv.includes(`--${name}`)
const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const mode: 'full' | 'short' | 'scale' = flag('scale') ? 'scale' : flag('short') ? 'short' : 'full'

const started = Date.now()
const print = (line = '') => process.stdout.write(`${line}\n`)
const log = (line: string) => print(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const rand = (min: number, max: number) => min + Math.random() * (max - min)

/** Longest a request may take during the database outage before it counts as hanging (connect timeout 10 s + margin). */
const OUTAGE_ANSWER_LIMIT_MS = 15_000

type Check = { name: string; ok: boolean | null; detail: string }
const checks: Array<Check> = []
const check = (name: string, ok: boolean | null, detail: string) => checks.push({ name, ok, detail })

const profiles = {
	full: { users: 4, killPhaseMs: 100_000, kills: 6, dbRestarts: 2, dbDownMs: 6000, dbPhaseMs: 50_000, graceMs: 150_000 },
	short: { users: 3, killPhaseMs: 24_000, kills: 2, dbRestarts: 1, dbDownMs: 4000, dbPhaseMs: 16_000, graceMs: 80_000 },
}

// ---------------------------------------------------------------------------------------------
// Set-up: build, database, sandbox network, users, processes

const dataDir = path.resolve(process.env.DRILL_DATA_DIR ?? path.join(root, '.data/drill'))
const logDir = path.join(dataDir, 'logs', new Date().toISOString().replace(/[:.]/g, '-'))
fs.mkdirSync(logDir, { recursive: true })

if (!flag('no-build') || !fs.existsSync(path.join(root, 'build/server/index.js'))) {
	log('react-router build ...')
	execFileSync(path.join(root, 'node_modules/.bin/react-router'), ['build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
}

const appSecret = randomBytes(32).toString('base64url')
let local: LocalDatabase | null = null
let serverUrl: string
if (process.env.DATABASE_URL) {
	serverUrl = process.env.DATABASE_URL
	log('Postgres: DATABASE_URL')
} else {
	local = await ensureLocalDatabase(dataDir, (m) => log(m))
	serverUrl = local.url
	if (!local.owned) log('Postgres: an instance another process started under this data folder (cannot be restarted by the drill)')
}

// A database of its own on that server (dropped at the end), else the given one as it is.
const dbName = `drill_${Date.now().toString(36)}_${process.pid}`
let drillUrl = serverUrl
const admin = new pg.Client({ connectionString: serverUrl })
await admin.connect()
admin.on('error', () => {})
let ownDatabase = false
try {
	await admin.query(`create database ${dbName}`)
	const url = new URL(serverUrl)
	url.pathname = `/${dbName}`
	drillUrl = url.toString()
	ownDatabase = true
} catch (error) {
	log(`no database of its own (${String(error)}); using the given database, checks limited to the drill's users`)
}
await admin.end()

const pool = createPool(drillUrl, 40)
const db: Db = createDb(pool)
await migrateToLatest(db, pool)
await seedReferenceData(db)

const [sandboxPort, ...webPorts] = await freePorts(mode === 'scale' ? 3 : 2, Number(process.env.DRILL_PORT_FROM ?? 3500), 3599)
// The built-in sandbox network, served by the drill itself: it outlives the kills, and its store is
// the record of what was published. In the fault drill LinkedIn answers a new post only after
// 0.2-1.5 s (the post exists at once), so kills hit publishes in flight: request sent, answer unheard.
const webUrl = (i: number) => `http://127.0.0.1:${webPorts[i]}`
const store = new SandboxStore()
const sandbox = await listenSandbox((base) => {
	// The consent pages send the browser back only to the app's callbacks (APP_URL is the first web process).
	const fakes = Object.fromEntries(platformModules.map((m) => [m.sandboxName, m.sandbox]))
	const network = createSandboxNetwork({ publicBase: base, store, fakes, callbackUrls: appCallbackUrls(webUrl(0)), controls: false })
	if (mode === 'scale') return network
	return {
		...network,
		handle(req, res, next) {
			if (req.method === 'POST' && /\/linkedin\/rest\/posts$/.test((req.url ?? '').split('?')[0]!)) {
				const end = res.end.bind(res) as (...args: Array<unknown>) => typeof res
				res.end = ((...args: Array<unknown>) => {
					setTimeout(() => end(...args), rand(200, 1500))
					return res
				}) as typeof res.end
			}
			return network.handle(req, res, next)
		},
	}
}, sandboxPort)

const commonEnv: Record<string, string> = Object.fromEntries(
	Object.entries({
		...process.env,
		APP_ENV: 'development',
		DEMO_USERS: 'false',
		DATABASE_URL: drillUrl,
		DATA_DIR: dataDir,
		APP_SECRET: appSecret,
		HOST: '127.0.0.1',
		WORKER_IN_PROCESS: 'false',
		SANDBOX_API_BASE: sandbox.base,
		LOG_LEVEL: process.env.DRILL_LOG_LEVEL ?? 'warn',
		PUBLISH_TIMEOUT_MS: '10000',
		// The workers' images are absolute URLs of the first web process.
		APP_URL: webUrl(0),
		PORT: String(webPorts[0]),
		WORKER_CONCURRENCY: mode === 'scale' ? (process.env.DRILL_WORKER_CONCURRENCY ?? '8') : '4',
	}).filter((e): e is [string, string] => typeof e[1] === 'string'),
)
const env = readEnv({ ...commonEnv, LOG_LEVEL: 'silent' })
const { services } = composeServices({ env, db, logger: createLogger('silent') })

async function connectedUser(index: number) {
	const email = `drill-${index}-${randomBytes(4).toString('hex')}@beispiel.ch`
	const password = `drill-passwort-${randomBytes(6).toString('hex')}`
	const userId = await services.accounts.createConfirmedUser({ email, password, fullName: `Drill Nutzer ${index}` })
	const { url } = await services.publishing.startConnect(userId, 'linkedin')
	const { code, state } = await approveConsent(url.replace(`${env.APP_URL}/sandbox`, sandbox.base))
	const result = await services.publishing.completeConnect(userId, 'linkedin', { state: state!, code: code! })
	if (!result.ok) throw new Error(`connect failed: ${result.error}`)
	return { userId, email, password }
}

const samples: Array<Sample> = []
const acks: Array<Ack> = []
const manager = createProcessManager({ env: commonEnv, logDir, pool, log })
const pack = await db.selectFrom('credit_packs').select(['id', 'credits']).orderBy('credits').executeTakeFirstOrThrow()
const load = createLoad({ packId: pack.id, record: (s) => samples.push(s), acks })

let exitCode = 0
try {
	if (mode === 'scale') await scaleDrill()
	else {
		await faultDrill(profiles[mode])
		await webProcessesPhase()
	}
} catch (error) {
	exitCode = 1
	print(`\nDrill abgebrochen: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
} finally {
	await manager.stopAll().catch(() => {})
	await sandbox.close().catch(() => {})
	await db.destroy().catch(() => {})
	if (ownDatabase && !flag('keep')) {
		const cleanup = new pg.Client({ connectionString: serverUrl })
		await cleanup
			.connect()
			.then(() => cleanup.query(`drop database if exists ${dbName} with (force)`))
			.catch((e: unknown) => log(`drop database failed: ${String(e)}`))
		await cleanup.end().catch(() => {})
	} else if (ownDatabase) log(`database kept: ${drillUrl}`)
	await local?.stop().catch(() => {})
}
printChecks()
print(`logs of the processes: ${path.relative(root, logDir)}`)
print(`drill ${mode}: ${((Date.now() - started) / 1000).toFixed(0)} s`)
if (checks.some((c) => c.ok === false)) exitCode = 1
process.exit(exitCode)

// ---------------------------------------------------------------------------------------------
// Fault drill

async function faultDrill(profile: (typeof profiles)['full']) {
	const userCount = Number(option('users') ?? profile.users)
	const users: Array<VirtualUser> = []
	for (let i = 0; i < userCount; i++) {
		const u = await connectedUser(i)
		users.push({ index: i, ...u, browser: new Browser({ user: i, base: webUrl(0), web: 'web-1', record: (s) => samples.push(s) }), signedIn: false })
	}
	log(`${userCount} users, each with a sandbox LinkedIn account; sandbox network at ${sandbox.base}`)

	const web = await manager.start('web-1', 'web', { PORT: String(webPorts[0]), APP_URL: webUrl(0) }, webPorts[0])
	const worker = await manager.start('worker-1', 'worker')
	log(`web-1 (pid ${web.pids[0]}) at ${web.url}, worker-1 (pid ${worker.pids[0]}); starts took ${web.startMs[0]} / ${worker.startMs[0]} ms`)

	// Posts the worker must publish during the drill: planned through the content module, each due a
	// few seconds after it was written (the planning form only offers half-hour slots).
	const dueMarkers: Array<{ marker: string; userId: string; dueAt: number }> = []
	let loadRunning = true
	const scheduler = (async () => {
		while (loadRunning) {
			const u = users[Math.floor(Math.random() * users.length)]!
			const marker = newMarker()
			const dueAt = Date.now() + rand(2000, 10_000)
			try {
				await services.content.createPost(u.userId, { platform: 'linkedin', content: { base: `Geplant in der Übung ${marker}`, platforms: {} }, status: 'scheduled', scheduledAt: new Date(dueAt), timeZone: 'Europe/Zurich' })
				dueMarkers.push({ marker, userId: u.userId, dueAt })
			} catch {
				// the database is down (second phase): nothing was planned
			}
			await sleep(rand(600, 1400))
		}
	})()

	const runners = users.map((u) => load.run(u, () => !loadRunning))

	// Phase 1: SIGKILLs of the web process and the worker at random moments.
	const phase1Start = Date.now()
	const kills: Array<{ at: number; target: string }> = []
	const slot = profile.killPhaseMs / profile.kills
	for (let k = 0; k < profile.kills; k++) {
		const at = phase1Start + k * slot + rand(0.2, 0.8) * slot
		await sleep(Math.max(0, at - Date.now()))
		const both = mode === 'full' && k === profile.kills - 1
		const targets: Array<ManagedProcess> = both ? [web, worker] : k % 2 === 0 ? [worker] : [web]
		log(`SIGKILL ${targets.map((t) => `${t.label} (pid ${t.pids.at(-1)})`).join(' + ')}`)
		const t = Date.now()
		await Promise.all(targets.map((p) => manager.killAndRestart(p, rand(0, 1500))))
		for (const p of targets) kills.push({ at: t, target: p.label })
		log(`  restarted: ${targets.map((p) => `${p.label} pid ${p.pids.at(-1)} (ready after ${((Date.now() - t) / 1000).toFixed(1)} s)`).join(', ')}`)
	}
	await sleep(Math.max(0, phase1Start + profile.killPhaseMs - Date.now()))

	// Phase 2: Postgres restarted mid-load. The same web process and worker must carry on.
	const outages: Array<{ downAt: number; upAt: number }> = []
	const events: Array<{ at: number; topic: string }> = []
	const webPid = web.pids.at(-1)!
	const workerPid = worker.pids.at(-1)!
	const eventStream = listenToEvents(users[0]!, events)
	let dbPhaseNote = ''
	if (local?.owned && local.restart) {
		const phase2Start = Date.now()
		const slot2 = profile.dbPhaseMs / profile.dbRestarts
		for (let k = 0; k < profile.dbRestarts; k++) {
			await sleep(Math.max(0, phase2Start + k * slot2 + rand(0.2, 0.4) * slot2 - Date.now()))
			log(`Postgres stopped (fast shutdown), ${profile.dbDownMs / 1000} s down`)
			const downAt = Date.now()
			await local.restart(profile.dbDownMs)
			const upAt = Date.now()
			outages.push({ downAt, upAt })
			log(`Postgres back after ${((upAt - downAt) / 1000).toFixed(1)} s`)
		}
		await sleep(Math.max(0, phase2Start + profile.dbPhaseMs - Date.now()))
	} else {
		dbPhaseNote = process.env.DATABASE_URL ? 'DATABASE_URL is not the drill’s to restart' : 'the embedded Postgres belongs to another process'
		log(`database restart skipped: ${dbPhaseNote}`)
	}

	// Load stops; every due post gets a grace period to be published (or visibly failed).
	loadRunning = false
	const loadEnd = Date.now()
	log('load stopped; waiting for the due posts ...')
	await Promise.all(runners)
	await scheduler
	const userIds = users.map((u) => u.userId)
	const graceStart = Date.now()
	// The drill plans posts up to 10 s ahead: the checks wait for those too (and for any publish in
	// flight), or a post published while the checks read the network would count as a mismatch.
	const settleUntil = Math.max(loadEnd, ...dueMarkers.map((d) => d.dueAt))
	let open = Infinity
	while (Date.now() - graceStart < profile.graceMs) {
		open = await openDueDeliveries(userIds, settleUntil)
		if (open === 0) break
		await sleep(1000)
	}
	const settledAfter = Date.now() - graceStart
	log(open === 0 ? `all due posts settled ${(settledAfter / 1000).toFixed(1)} s after the load stopped` : `${open} due posts still open after ${profile.graceMs / 1000} s`)
	eventStream.stop()

	// -------------------------------------------------------------------------------------------
	// Checks

	await checkAcknowledged()
	await checkCreatedOnce(userIds)
	await checkPublishedOnce(userIds)
	await checkLedger(userIds)
	await checkDue(userIds, loadEnd, open, settledAfter, profile.graceMs, dueMarkers.length)
	checkNoHang()
	checkCrashes()

	if (outages.length) {
		const during = samples.filter((s) => outages.some((o) => s.startedAt < o.upAt + 1000 && s.startedAt + s.ms > o.downAt))
		const bad = during.filter((s) => ['refused', 'reset', 'timeout', 'error'].includes(s.outcome) || (s.outcome === 'server_error' && !s.german) || s.ms > OUTAGE_ANSWER_LIMIT_MS)
		const german = during.filter((s) => s.outcome === 'server_error' && s.german && s.ms <= OUTAGE_ANSWER_LIMIT_MS)
		const statuses = countBy(german, (s) => String(s.status))
		check(
			'database outage: German error, no hang',
			during.length > 0 && bad.length === 0,
			`${during.length} requests during ${outages.length} outage(s): ${german.length} answered with a German error (${fmtCounts(statuses)}), ${during.length - german.length - bad.length} answered normally, ` +
				`slowest ${Math.max(0, ...during.map((s) => s.ms))} ms (limit ${OUTAGE_ANSWER_LIMIT_MS} ms)${bad.length ? `; NOT OK: ${bad.slice(0, 3).map((s) => `${s.action} ${s.outcome} ${s.status ?? ''} ${s.ms} ms ${s.detail ?? ''}`).join(' | ')}` : ''}`,
		)
		const lastUp = outages.at(-1)!.upAt
		const firstOk = samples.filter((s) => s.startedAt >= lastUp && (s.outcome === 'ok' || s.outcome === 'redirect')).sort((a, b) => a.startedAt + a.ms - (b.startedAt + b.ms))[0]
		check(
			'same web process recovers',
			web.pids.at(-1) === webPid && web.child !== null && !!firstOk,
			`web-1 pid ${webPid}${web.child === null ? ' (ended)' : web.pids.at(-1) === webPid ? ' (unchanged)' : ` changed to ${web.pids.at(-1)}`}; first successful request ${firstOk ? `${((firstOk.startedAt + firstOk.ms - lastUp) / 1000).toFixed(1)} s` : 'never'} after Postgres was back`,
		)
		const resync = events.find((e) => e.at > lastUp && e.topic === '*')
		const change = events.find((e) => e.at > lastUp && e.topic !== '*')
		check(
			'live events reconnect (LISTEN)',
			!!resync && !!change,
			`event stream of user 1 on web-1: resync ${resync ? `${((resync.at - lastUp) / 1000).toFixed(1)} s` : 'never'} and a change ${change ? `('${change.topic}') ${((change.at - lastUp) / 1000).toFixed(1)} s` : 'never'} after Postgres was back`,
		)
		const resumed = await db
			.selectFrom('post_deliveries')
			.select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('published_at').as('first')])
			.where('user_id', 'in', userIds)
			.where('status', '=', 'published')
			.where('published_at', '>', new Date(lastUp))
			.executeTakeFirstOrThrow()
		check(
			'worker resumes',
			worker.pids.at(-1) === workerPid && worker.child !== null && Number(resumed.n) > 0,
			`worker-1 pid ${workerPid}${worker.child === null ? ' (ended)' : worker.pids.at(-1) === workerPid ? ' (unchanged)' : ' (changed)'}; ${resumed.n} deliveries published after Postgres was back, the first ${resumed.first ? `${((new Date(resumed.first).getTime() - lastUp) / 1000).toFixed(1)} s` : '-'} after`,
		)
	} else {
		check('database outage', null, `skipped: ${dbPhaseNote}`)
	}

	const byAction = countBy(samples, (s) => s.action)
	print()
	print(`load: ${samples.length} requests (${fmtCounts(byAction)}), ${acks.length} acknowledged writes (${fmtCounts(countBy(acks, (a) => a.kind))})`)
	print(`outcomes: ${fmtCounts(countBy(samples, (s) => s.outcome))}`)
	print(`kills: ${kills.map((k) => k.target).join(', ')}; process starts (ms): ${manager.processes.map((p) => `${p.label} ${p.startMs.join('/')}`).join('; ')}`)
}

/** The server as production starts it on one machine: a primary and two web processes (ADR 0027). */
async function webProcessesPhase() {
	print()
	log('web processes: the production start with WEB_PROCESSES=2')
	const email = `drill-cluster-${randomBytes(4).toString('hex')}@beispiel.ch`
	const password = `drill-passwort-${randomBytes(6).toString('hex')}`
	const userId = await services.accounts.createConfirmedUser({ email, password, fullName: 'Drill Cluster' })
	const signedIn = await services.accounts.signIn({ email, password }, { ip: 'drill-cluster', userAgent: 'drill' })
	if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.error}`)
	const cookie = (await createSessionCookie({ isProduction: true, cookieSecret: deriveCookieSecret(appSecret) }).serialize(signedIn.token)).split(';')[0]!
	const [port] = await freePorts(1, Number(process.env.DRILL_PORT_FROM ?? 3500), 3599, new Set([sandboxPort!, ...webPorts]))
	await webProcessesDrill({ env: commonEnv, port: port!, cookie, notify: () => notifyChange(db, { userId, topic: 'posts' }), logFile: path.join(logDir, 'web-processes.log'), log, check })
}

/** user 1's /events stream on web-1, reopened when it breaks (as EventSource does). */
function listenToEvents(u: VirtualUser, events: Array<{ at: number; topic: string }>) {
	let stopped = false
	const controller = new AbortController()
	void (async () => {
		while (!stopped) {
			try {
				const cookie = [...u.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
				const response = await fetch(`${u.browser.base}/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal })
				if (!response.ok || !response.body) throw new Error(`events ${response.status}`)
				const decoder = new TextDecoder()
				let buffer = ''
				for await (const chunk of response.body) {
					buffer += decoder.decode(chunk as Uint8Array, { stream: true })
					let end
					while ((end = buffer.indexOf('\n\n')) >= 0) {
						const block = buffer.slice(0, end)
						buffer = buffer.slice(end + 2)
						const data = /^data: (.*)$/m.exec(block)?.[1]
						if (/^event: change$/m.test(block) && data) events.push({ at: Date.now(), topic: (JSON.parse(data) as { topic: string }).topic })
					}
				}
			} catch {
				// reconnect below
			}
			if (!stopped) await sleep(1000)
		}
	})()
	return {
		stop() {
			stopped = true
			controller.abort()
		},
	}
}

async function openDueDeliveries(userIds: Array<string>, until: number) {
	const row = await db
		.selectFrom('post_deliveries')
		.select((eb) => eb.fn.countAll<number>().as('n'))
		.where('user_id', 'in', userIds)
		.where((eb) => eb.or([eb.and([eb('status', '=', 'scheduled'), eb('scheduled_at', '<=', new Date(until))]), eb('status', '=', 'publishing')]))
		.executeTakeFirstOrThrow()
	return Number(row.n)
}

async function checkAcknowledged() {
	const missing: Array<string> = []
	const byKind = countBy(acks, (a) => a.kind)
	for (const ack of acks) {
		if (ack.kind === 'draft') {
			const row = await db.selectFrom('drafts').select('id').where('user_id', '=', ack.userId).where('content', 'like', `%${ack.marker}%`).executeTakeFirst()
			if (!row) missing.push(`draft ${ack.marker}`)
		} else if (ack.kind === 'scheduled' || ack.kind === 'publish') {
			const row = await db
				.selectFrom('posts')
				.innerJoin('post_deliveries', 'post_deliveries.post_id', 'posts.id')
				.select(['posts.id', 'post_deliveries.status', 'posts.status as post_status'])
				.where('posts.user_id', '=', ack.userId)
				.where('posts.content', 'like', `%${ack.marker}%`)
				.executeTakeFirst()
			if (!row) missing.push(`${ack.kind} ${ack.marker}`)
			else if (ack.kind === 'scheduled' && row.status !== 'scheduled') missing.push(`scheduled ${ack.marker} is ${row.status}`)
		} else if (ack.kind === 'generation') {
			const row = await db.selectFrom('generations').select('status').where('id', '=', ack.generationId).where('user_id', '=', ack.userId).executeTakeFirst()
			if (row?.status !== 'succeeded') missing.push(`generation ${ack.generationId} ${row?.status ?? 'missing'}`)
		} else if (ack.kind === 'purchase') {
			const payment = await db.selectFrom('payments').select(['id', 'status']).where('provider_session_id', '=', ack.sessionId).where('user_id', '=', ack.userId).executeTakeFirst()
			const ledger = payment
				? await db.selectFrom('credit_transactions').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', ack.userId).where('reference', '=', `payment:${payment.id}`).executeTakeFirstOrThrow()
				: { n: 0 }
			if (payment?.status !== 'paid' || Number(ledger.n) !== 1) missing.push(`purchase ${ack.sessionId}: ${payment?.status ?? 'missing'}, ${ledger.n} ledger rows`)
		}
	}
	check('every acknowledged write is present', acks.length > 0 && missing.length === 0, `${acks.length} acknowledged (${fmtCounts(byKind)}), missing ${missing.length}${missing.length ? `: ${missing.slice(0, 4).join('; ')}` : ''}`)
}

/**
 * Drafts and posts carry a request id and a write whose answer was lost is sent again with it: every
 * marker is stored once (a resend that created again would store it twice).
 */
async function checkCreatedOnce(userIds: Array<string>) {
	const [drafts, posts] = await Promise.all([
		db.selectFrom('drafts').select('content').where('user_id', 'in', userIds).where('content', 'like', '%DRILL%').execute(),
		db.selectFrom('posts').select('content').where('user_id', 'in', userIds).where('content', 'like', '%DRILL%').execute(),
	])
	const perMarker = new Map<string, number>()
	for (const row of [...drafts, ...posts]) {
		const marker = MARKER.exec(row.content)?.[0]
		if (marker) perMarker.set(marker, (perMarker.get(marker) ?? 0) + 1)
	}
	const twice = [...perMarker].filter(([, n]) => n > 1)
	const resent = acks.filter((a) => 'attempts' in a && a.attempts > 1).length
	check(
		'no write created twice',
		twice.length === 0,
		`${perMarker.size} drafts and posts written, ${resent} acknowledged after a resend with the same request id; stored twice: ${twice.length}${twice.length ? ` (${twice.slice(0, 3).map(([m]) => m).join(', ')})` : ''}`,
	)
}

/** The sandbox's posts against post_deliveries: one network post per delivery at most, and every published delivery's post exists. */
async function checkPublishedOnce(userIds: Array<string>) {
	const deliveries = await db
		.selectFrom('post_deliveries')
		.innerJoin('posts', 'posts.id', 'post_deliveries.post_id')
		.select(['post_deliveries.id', 'post_deliveries.status', 'post_deliveries.external_id', 'posts.content'])
		.where('post_deliveries.user_id', 'in', userIds)
		.execute()
	const byMarker = new Map<string, (typeof deliveries)[number]>()
	for (const d of deliveries) {
		const marker = MARKER.exec(d.content)?.[0]
		if (marker) byMarker.set(marker, d)
	}
	const perMarker = new Map<string, number>()
	for (const post of store.posts) {
		const marker = MARKER.exec(post.text)?.[0]
		if (marker) perMarker.set(marker, (perMarker.get(marker) ?? 0) + 1)
	}
	const twice = [...perMarker].filter(([, n]) => n > 1)
	const sandboxIds = new Set(store.posts.map((p) => p.id))
	const published = deliveries.filter((d) => d.status === 'published')
	const lost = published.filter((d) => !d.external_id || !sandboxIds.has(d.external_id))
	const hidden = [...perMarker.keys()].filter((m) => {
		const status = byMarker.get(m)?.status
		return status !== 'published' && status !== 'unconfirmed'
	})
	check(
		'no delivery published twice',
		twice.length === 0 && lost.length === 0 && hidden.length === 0,
		`${store.posts.length} posts on the sandbox network for ${published.length} published deliveries; twice: ${twice.length}, published without a network post: ${lost.length}, on the network but shown as not published: ${hidden.length}${hidden.length ? ` (${hidden.slice(0, 3).map((m) => `${m}=${byMarker.get(m)?.status ?? '?'}`).join(', ')})` : ''}`,
	)
}

async function checkLedger(userIds: Array<string>) {
	const rows = await sql<{ id: string; balance: number; ledger: number; rows: number }>`
		select p.id, p.credits_remaining as balance, coalesce(sum(t.credits_amount), 0)::int as ledger, count(t.id)::int as rows
		from profiles p left join credit_transactions t on t.user_id = p.id
		where p.id in (${sql.join(userIds)})
		group by p.id, p.credits_remaining`.execute(db)
	const off = rows.rows.filter((r) => Number(r.balance) !== Number(r.ledger))
	const interrupted = await db.selectFrom('generations').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', 'in', userIds).where('status', '=', 'running').executeTakeFirstOrThrow()
	check(
		'ledger sums equal balances',
		off.length === 0 && rows.rows.length === userIds.length,
		`${rows.rows.length} users, ${rows.rows.reduce((s, r) => s + r.rows, 0)} ledger rows; differences: ${off.length}${off.length ? ` (${off.map((r) => `${r.balance} vs ${r.ledger}`).join(', ')})` : ''}; generations cut off by a kill (reserved, refunded by the 15-minute reclaim): ${interrupted.n}`,
	)
}

async function checkDue(userIds: Array<string>, loadEnd: number, open: number, settledAfter: number, graceMs: number, planned: number) {
	const rows = await db
		.selectFrom('post_deliveries')
		.select(['status', 'error_code'])
		.where('user_id', 'in', userIds)
		.where('scheduled_at', '<=', new Date(loadEnd))
		.execute()
	const statuses = countBy(rows, (r) => r.status)
	const reasons = countBy(
		rows.filter((r) => r.status === 'failed' || r.status === 'unconfirmed'),
		(r) => r.error_code ?? '?',
	)
	check(
		'every due post published or visibly failed',
		open === 0 && rows.length > 0,
		`${rows.length} due (${planned} planned by the drill, the rest 'Jetzt posten'): ${fmtCounts(statuses)}${Object.keys(reasons).length ? ` (reasons: ${fmtCounts(reasons)})` : ''}; ${open === 0 ? `settled ${(settledAfter / 1000).toFixed(1)} s after the load (grace ${graceMs / 1000} s)` : `${open} still open after the grace of ${graceMs / 1000} s`}`,
	)
}

function checkNoHang() {
	const hung = samples.filter((s) => s.outcome === 'timeout')
	const slowest = [...samples].sort((a, b) => b.ms - a.ms)[0]
	check(
		'no request hung',
		hung.length === 0,
		`${samples.length} requests, timeouts (${REQUEST_TIMEOUT_MS / 1000} s, generations ${GENERATION_TIMEOUT_MS / 1000} s): ${hung.length}; slowest ${slowest ? `${slowest.ms} ms (${slowest.action})` : '-'}; refused or cut off while a process was killed: ${samples.filter((s) => s.outcome === 'refused' || s.outcome === 'reset').length}`,
	)
}

function checkCrashes() {
	const crashes = manager.processes.flatMap((p) => p.unexpectedExits.map((e) => `${p.label} pid ${e.pid} code ${e.code}`))
	check('no process ended on its own', crashes.length === 0, crashes.length ? crashes.join('; ') : `${manager.processes.map((p) => `${p.label}: ${p.starts} starts, ${p.kills} SIGKILLs`).join('; ')}`)
}

// ---------------------------------------------------------------------------------------------
// Scale-out check

async function scaleDrill() {
	const total = Number(option('deliveries') ?? 10_000)
	// LinkedIn takes at most 150 posts per member in 24 hours (the planning preflight refuses more): 100 per user.
	const userCount = Number(option('users') ?? Math.max(10, Math.ceil(total / 100)))
	const users: Array<{ userId: string; email: string; password: string }> = []
	for (let i = 0; i < userCount; i++) users.push(await connectedUser(i))
	log(`${userCount} users with a sandbox LinkedIn account`)

	const webs = [
		await manager.start('web-1', 'web', { PORT: String(webPorts[0]), APP_URL: webUrl(0) }, webPorts[0]),
		await manager.start('web-2', 'web', { PORT: String(webPorts[1]), APP_URL: webUrl(1) }, webPorts[1]),
	]
	const workers = [await manager.start('worker-1', 'worker'), await manager.start('worker-2', 'worker')]
	log(`web-1 pid ${webs[0]!.pids[0]}, web-2 pid ${webs[1]!.pids[0]}, worker-1 pid ${workers[0]!.pids[0]}, worker-2 pid ${workers[1]!.pids[0]} (concurrency ${commonEnv.WORKER_CONCURRENCY} each) on one Postgres`)

	// Visitors on both web processes while the workers publish: drafts, signed in through the form.
	let loadRunning = true
	const visitors = Array.from({ length: 4 }, (_, i) => {
		const web = webs[i % 2]!
		const u = users[i]!
		const vu: VirtualUser = { index: i, ...u, browser: new Browser({ user: i, base: web.url!, web: web.label, record: (s) => samples.push(s) }), signedIn: false }
		return (async () => {
			while (loadRunning) {
				if (!vu.signedIn && !(await load.signIn(vu))) {
					await sleep(500)
					continue
				}
				await load.actions.draft!(vu)
				await sleep(rand(200, 600))
			}
		})()
	})

	// The deliveries: posts planned through the content module, due spread over one minute that
	// starts when the writing is expected to be done (about 140 posts/s here; --lead=<s> overrides).
	const lead = Number(option('lead') ?? Math.ceil(total / 90) + 10) * 1000
	const windowStart = Date.now() + lead
	const windowMs = 60_000
	const markers: Array<string> = []
	const writeStart = Date.now()
	let next = 0
	let writtenLate = 0
	await Promise.all(
		Array.from({ length: 24 }, async () => {
			while (next < total) {
				const i = next++
				const marker = newMarker()
				markers.push(marker)
				const dueAt = windowStart + Math.floor((i / total) * windowMs)
				await services.content.createPost(users[i % users.length]!.userId, {
					platform: 'linkedin',
					content: { base: `Skalierung ${marker} Nr. ${i}`, platforms: {} },
					status: 'scheduled',
					scheduledAt: new Date(dueAt),
					timeZone: 'Europe/Zurich',
				})
				if (Date.now() > dueAt) writtenLate++
			}
		}),
	)
	const writeMs = Date.now() - writeStart
	log(`${total} posts written in ${(writeMs / 1000).toFixed(1)} s, due between +${(lead / 1000).toFixed(0)} s and +${((lead + windowMs) / 1000).toFixed(0)} s${writtenLate ? `; ${writtenLate} were written only after their due time (--lead to give more)` : ''}`)

	const userIds = users.map((u) => u.userId)
	const deadline = windowStart + windowMs + 10 * 60_000
	let settled = 0
	let lastLog = 0
	while (Date.now() < deadline) {
		const row = await db
			.selectFrom('post_deliveries')
			.select((eb) => [eb.fn.countAll<number>().filterWhere('status', 'in', ['published', 'failed', 'unconfirmed']).as('done'), eb.fn.countAll<number>().filterWhere('status', '=', 'published').as('published')])
			.where('user_id', 'in', userIds)
			.executeTakeFirstOrThrow()
		settled = Number(row.done)
		if (Date.now() - lastLog > 10_000) {
			log(`  ${row.published} published, ${settled} settled of ${total}`)
			lastLog = Date.now()
		}
		if (settled >= total) break
		await sleep(500)
	}
	loadRunning = false
	await Promise.all(visitors)
	const doneAt = Date.now()

	const rows = await db
		.selectFrom('post_deliveries')
		.select(['status', 'attempt_worker', 'scheduled_at', 'attempt_started_at', 'published_at', 'external_id', 'error_code'])
		.where('user_id', 'in', userIds)
		.execute()
	const published = rows.filter((r) => r.status === 'published')
	const statuses = countBy(rows, (r) => r.status)
	const lateness = published.map((r) => new Date(r.attempt_started_at!).getTime() - new Date(r.scheduled_at!).getTime()).sort((a, b) => a - b)
	const lastPublished = Math.max(...published.map((r) => new Date(r.published_at!).getTime()))
	const perMarker = new Map<string, number>()
	for (const post of store.posts) {
		const marker = MARKER.exec(post.text)?.[0]
		if (marker) perMarker.set(marker, (perMarker.get(marker) ?? 0) + 1)
	}
	const twice = [...perMarker.values()].filter((n) => n > 1).length
	const scalePosts = markers.filter((m) => perMarker.has(m)).length
	const externalIds = new Set(published.map((r) => r.external_id))

	check('all deliveries published', published.length === total, `${published.length} of ${total} published (${fmtCounts(statuses)})${settled < total ? `; ${total - settled} not settled after the deadline` : ''}`)
	check('none published twice', twice === 0 && scalePosts === total && externalIds.size === published.length, `${store.posts.length} posts on the sandbox network (${scalePosts} of the ${total} scale posts), posts with the same text: ${twice}, distinct external ids: ${externalIds.size}`)
	const share = countBy(published, (r) => {
		const pid = Number(/:(\d+)$/.exec(r.attempt_worker ?? '')?.[1])
		return manager.labelOfPid(pid) ?? r.attempt_worker ?? 'unknown'
	})
	const sharedFairly = workers.every((w) => (share[w.label] ?? 0) > 0)
	check(
		'both workers published (per-process share)',
		sharedFairly,
		Object.entries(share)
			.map(([label, n]) => `${label}: ${n} (${((n / Math.max(1, published.length)) * 100).toFixed(1)} %)`)
			.join(', '),
	)
	const webShare = countBy(
		samples.filter((s) => s.outcome === 'ok' || s.outcome === 'redirect'),
		(s) => s.web,
	)
	const webErrors = samples.filter((s) => s.outcome !== 'ok' && s.outcome !== 'redirect')
	check('both web processes served', webs.every((w) => (webShare[w.label] ?? 0) > 0) && webErrors.length === 0, `requests answered: ${fmtCounts(webShare)}; errors: ${webErrors.length}`)
	await checkAcknowledged()
	checkCrashes()

	const firstDue = windowStart
	print()
	print(`throughput: ${total} deliveries due over ${windowMs / 1000} s; the last published ${((lastPublished - firstDue) / 1000).toFixed(1)} s after the first was due (${(published.length / Math.max(1, (lastPublished - firstDue) / 1000)).toFixed(0)}/s)`)
	print(`start lateness (attempt start - due): p50 ${pct(lateness, 50)} ms, p99 ${pct(lateness, 99)} ms, max ${lateness.at(-1) ?? '-'} ms`)
	print(`writing the posts: ${(writeMs / 1000).toFixed(1)} s (${(total / (writeMs / 1000)).toFixed(0)}/s); all settled ${((doneAt - firstDue) / 1000).toFixed(1)} s after the first was due`)
}

// ---------------------------------------------------------------------------------------------
// Helpers

function countBy<T>(items: Array<T>, key: (item: T) => string) {
	const counts: Record<string, number> = {}
	for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1
	return counts
}

function fmtCounts(counts: Record<string, number>) {
	return (
		Object.entries(counts)
			.sort((a, b) => b[1] - a[1])
			.map(([k, n]) => `${k} ${n}`)
			.join(', ') || '-'
	)
}

function pct(sorted: Array<number>, p: number) {
	if (!sorted.length) return '-'
	return String(Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!))
}

function printChecks() {
	if (!checks.length) return
	const width = Math.max(...checks.map((c) => c.name.length))
	print()
	print(`${'check'.padEnd(width)}  result  detail`)
	print(`${'-'.repeat(width)}  ------  ${'-'.repeat(60)}`)
	for (const c of checks) print(`${c.name.padEnd(width)}  ${c.ok === null ? 'skip  ' : c.ok ? 'ok    ' : 'FAILED'}  ${c.detail}`)
	const failed = checks.filter((c) => c.ok === false).length
	print()
	print(`${checks.filter((c) => c.ok).length} passed, ${failed} failed${checks.some((c) => c.ok === null) ? `, ${checks.filter((c) => c.ok === null).length} skipped` : ''}`)
}
