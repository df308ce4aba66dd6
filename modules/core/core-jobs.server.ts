import { z } from 'zod'
import type { Db } from './db.server.ts'
import { defineJob, handleJob } from './jobs.server.ts'
import { pruneRequestKeys } from './request-keys.server.ts'

// Housekeeping of the tables core owns, run by the worker like the modules' jobs.

/** Daily at 03:17: request ids older than REQUEST_KEY_DAYS are forgotten (docs/decisions/0001). */
export const pruneRequestKeysJob = defineJob({ id: 'core_prune_request_keys', schema: z.object({}).passthrough(), maxAttempts: 1 })

export const coreCrontab = '17 3 * * * core_prune_request_keys'

export function coreTasks(db: Db) {
	return [handleJob(pruneRequestKeysJob, async () => void (await pruneRequestKeys(db)))]
}
