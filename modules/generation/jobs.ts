import { z } from 'zod'
import { defineJob } from '#modules/core/jobs.server.ts'

/** Every five minutes: generations cut off by a crash are failed and refunded. */
export const reclaimGenerationsJob = defineJob({ id: 'generation_reclaim', schema: z.object({}).passthrough(), maxAttempts: 1 })

export const generationCrontab = '*/5 * * * * generation_reclaim'
