import { z } from 'zod'
import { defineJob } from '#modules/core/jobs.server.ts'

/** An uploaded video made publishable (ADR 0059): its variant, cover and thumbnail; media_variants says what is due. */
export const mediaProcessJob = defineJob({ id: 'media_process', schema: z.object({ uploadId: z.uuid() }), maxAttempts: 5 })

/** One job per upload at a time (a second enqueue replaces a waiting one). */
export const mediaProcessJobKey = (uploadId: string) => `media_process:${uploadId}`
