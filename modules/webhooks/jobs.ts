import { z } from 'zod'
import { defineJob } from '#modules/core/jobs.server.ts'

/** One attempt of one message to its endpoint; the next attempt is its own job (RETRY_DELAYS_MS). */
export const deliverWebhookJob = defineJob({ id: 'webhooks_deliver', schema: z.object({ messageId: z.string().min(1).max(100) }), maxAttempts: 3 })

/** The mail 'Webhook deaktiviert' after repeated failures (once per switch-off). */
export const disabledMailJob = defineJob({ id: 'webhooks_disabled_mail', schema: z.object({ endpointId: z.uuid() }), maxAttempts: 8 })

/** Daily: messages and their attempts older than LOG_DAYS are deleted. */
export const pruneWebhookLogJob = defineJob({ id: 'webhooks_prune_log', schema: z.object({}).passthrough(), maxAttempts: 1 })

export const webhooksCrontab = '41 3 * * * webhooks_prune_log'

/**
 * The waits before the 2nd to 7th automatic attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h
 * (about 17.5 hours in all). The same webhook-id on every attempt.
 */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000]
export const MAX_AUTOMATIC_ATTEMPTS = RETRY_DELAYS_MS.length + 1

/** An endpoint is switched off when this many messages in a row failed every attempt … */
export const DISABLE_AFTER_FAILED_MESSAGES = 5
/** … or when it has failed without a success in between for this long. */
export const DISABLE_AFTER_FAILING_MS = 24 * 3600_000

export const LOG_DAYS = 30
export const DELIVERY_TIMEOUT_MS = 10_000
