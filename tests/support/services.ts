// Module services for integration tests, built by the real composition root on a test database.
import type { Kysely } from 'kysely'
import { readEnv } from '#modules/core/env.server.ts'
import type { DB } from '#modules/core/db.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import type { FaultPoint } from '#modules/publishing/index.ts'
import { composeServices } from '#server/compose.ts'

export function testServices(db: Kysely<DB>, overrides: Record<string, string> = {}, faultPoint?: (point: FaultPoint) => void) {
	const env = readEnv({
		APP_ENV: 'test',
		APP_SECRET: 'test-secret-test-secret-test-secret-0123',
		APP_URL: 'http://127.0.0.1:3999',
		DATA_DIR: '.data/test-unused',
		...overrides,
	})
	return composeServices({ env, db, logger: createLogger('silent'), faultPoint })
}

export const meta = { ip: '127.0.0.1', userAgent: 'vitest' }
