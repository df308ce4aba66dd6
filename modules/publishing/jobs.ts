import { z } from 'zod'
import { defineJob } from '#modules/core/jobs.server.ts'

// Publishing's jobs (definitions; handlers are bound in the composition root). Task names use
// letters, digits and underscores only: graphile-worker's crontab accepts nothing else.

/** Publishes one delivery at its instant. Job key `publish:<deliveryId>`: rescheduling replaces it. */
export const publishDeliveryJob = defineJob({
	id: 'publishing_publish_delivery',
	schema: z.object({ deliveryId: z.uuid() }),
	// Retries are the delivery's own (with Retry-After, backoff and jitter); a job that throws is a bug.
	maxAttempts: 3,
})

/** One hour before a delivery is due: does its account still work? Warns the user if not. */
export const precheckDeliveryJob = defineJob({
	id: 'publishing_precheck_delivery',
	schema: z.object({ deliveryId: z.uuid() }),
	maxAttempts: 3,
})

export const publishJobKey = (deliveryId: string) => `publish:${deliveryId}`
export const precheckJobKey = (deliveryId: string) => `precheck:${deliveryId}`

const cronPayload = z.object({}).passthrough()

export const sweepJob = defineJob({ id: 'publishing_sweep', schema: cronPayload, maxAttempts: 1 })
export const refreshTokensJob = defineJob({ id: 'publishing_refresh_tokens', schema: cronPayload, maxAttempts: 1 })
export const syncMetricsJob = defineJob({ id: 'publishing_sync_metrics', schema: cronPayload, maxAttempts: 2 })

/** graphile-worker crontab (UTC): the sweep every minute, token refresh hourly, metrics daily at 03:00. */
export const publishingCrontab = ['* * * * * publishing_sweep', '17 * * * * publishing_refresh_tokens', '0 3 * * * publishing_sync_metrics'].join('\n')
