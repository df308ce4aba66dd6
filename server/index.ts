// First: NODE_ENV must be set before React is loaded.
import './node-env.ts'
import cluster from 'node:cluster'
import { handleStopSignalsOurselves } from '#modules/core/embedded-postgres.server.ts'
import { readEnv } from '#modules/core/env.server.ts'
import { startWorker } from '#modules/core/jobs.server.ts'
import { createLogger, errorFields } from '#modules/core/logger.server.ts'
import { migrateToLatest } from '#modules/core/migrate.server.ts'
import { nextDeliveryDueInMs } from '#modules/publishing/index.ts'
import { composeServices } from './compose.ts'
import { openDatabase } from './database.ts'
import { ensureDemoUsers } from './demo.ts'
import { seedReferenceData } from './seed.ts'
import { startWebProcesses } from './web-processes.ts'
import { startWebServer } from './web.ts'

const dev = process.argv.includes('--dev')
const env = readEnv()
const logger = createLogger(env.LOG_LEVEL)
const print = (line: string) => process.stdout.write(line + '\n')

process.on('unhandledRejection', (reason) => logger.error('unhandled_rejection', errorFields(reason)))

// 'single': one process serves the web and runs the jobs (development, WEB_PROCESSES=1).
// 'primary': migrates, runs the jobs and starts WEB_PROCESSES web processes ('web') on the same port.
const role = cluster.isWorker ? 'web' : !dev && env.WEB_PROCESSES > 1 ? 'primary' : 'single'

const database = await openDatabase(env, (message) => logger.info('database', { message }), { jobs: role === 'web' ? 0 : env.WORKER_CONCURRENCY })
if (role !== 'web') {
	await migrateToLatest(database.db, database.pool)
	await seedReferenceData(database.db)
}
// Live events are fanned out by the processes that hold the event streams: not by the primary.
const { services, tasks, crontab, sandbox } = composeServices({ env, db: database.db, logger, databaseUrl: role === 'primary' ? undefined : database.url })
if (role === 'primary' && sandbox) {
	throw new Error('WEB_PROCESSES > 1 needs every platform configured: the sandbox network (Testmodus) keeps its posts in one process')
}
if (role !== 'primary') await services.liveEvents.start()
if (role !== 'web' && !env.isProduction && (env.DEMO_USERS ?? env.APP_ENV === 'development')) {
	await ensureDemoUsers(services.accounts, env.dataDir, print)
}
const runner = role !== 'web' && env.WORKER_IN_PROCESS ? await startWorker({ pool: database.pool, tasks, crontab, concurrency: env.WORKER_CONCURRENCY, logger, nextDueInMs: nextDeliveryDueInMs }) : null

function announce() {
	const processes = role === 'primary' ? `, ${env.WEB_PROCESSES} Webprozesse` : ''
	print(`Postwerk läuft auf ${env.APP_URL}${database.embedded ? ' (eingebettetes Postgres)' : ''}${processes}`)
	if (services.devMailbox) print(`Dev-Postfach: ${env.APP_URL}/dev/mailbox`)
}

let stopWeb: () => Promise<void>
if (role === 'primary') {
	// The web processes use this process's database (the embedded one is started here) and run no jobs.
	const processes = startWebProcesses({
		count: env.WEB_PROCESSES,
		env: { DATABASE_URL: database.url, WORKER_IN_PROCESS: 'false' },
		logger,
		onListening: announce,
		onFailed: (reason) => {
			logger.error('web_processes_failed', { reason })
			void shutdown('start failed', 1)
		},
	})
	stopWeb = processes.stop
} else {
	const server = await startWebServer({ env, logger, services, sandbox, dev, onListening: role === 'single' ? announce : undefined })
	stopWeb = async () => {
		server.close()
		server.closeAllConnections()
	}
}

const SHUTDOWN_LIMIT_MS = 15_000
let stopping = false
async function shutdown(signal: string, code = 0) {
	if (stopping) return
	stopping = true
	logger.info('shutdown', { signal })
	// A job that does not end in time must not keep the process (its lock is released by the others).
	setTimeout(() => process.exit(code), SHUTDOWN_LIMIT_MS).unref()
	await stopWeb().catch(() => {})
	await runner?.stop().catch(() => {})
	await services.liveEvents.close().catch(() => {})
	await database.close().catch(() => {})
	process.exit(code)
}

handleStopSignalsOurselves()
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
