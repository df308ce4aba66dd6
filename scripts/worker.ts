// npm run worker: a job worker of its own (for deployments that run web and worker separately;
// set WORKER_IN_PROCESS=false on the web processes then).
import { readEnv } from '#modules/core/env.server.ts'
import { startWorker } from '#modules/core/jobs.server.ts'
import { createLogger, errorFields } from '#modules/core/logger.server.ts'
import { migrateToLatest } from '#modules/core/migrate.server.ts'
import { nextDeliveryDueInMs } from '#modules/publishing/index.ts'
import { composeServices } from '#server/compose.ts'
import { openDatabase } from '#server/database.ts'

const env = readEnv()
const logger = createLogger(env.LOG_LEVEL)
process.on('unhandledRejection', (reason) => logger.error('unhandled_rejection', errorFields(reason)))
const database = await openDatabase(env, (message) => logger.info('database', { message }))
await migrateToLatest(database.db, database.pool)
const { tasks, crontab } = composeServices({ env, db: database.db, logger })
const runner = await startWorker({ pool: database.pool, tasks, crontab, concurrency: env.WORKER_CONCURRENCY, logger, nextDueInMs: nextDeliveryDueInMs })
logger.info('worker_started', { concurrency: env.WORKER_CONCURRENCY })

async function stop() {
	await runner.stop().catch(() => {})
	await database.close()
	process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
