import type { DbOrTrx } from '#modules/core/db.server.ts'
import { emitWebhookEvent } from '#modules/webhooks/index.ts'
import generationTexts from '#locales/de/generation.json' with { type: 'json' }

export type FailedGeneration = { generationId: string; kind: string | null; networks: ReadonlyArray<string>; code: string; refunded: number }

const messages = generationTexts.errors as Record<string, { message: string } | undefined>

/**
 * The 'generation.failed' webhook event, in the transaction that marks a content generation failed:
 * its own failure (generate) and one cut off by a crash (reclaimStaleGenerations) both end here.
 */
export function emitGenerationFailed(db: DbOrTrx, userId: string, failed: FailedGeneration) {
	const message = messages[failed.code]?.message ?? messages.failed?.message ?? null
	return emitWebhookEvent(db, userId, 'generation.failed', { ...failed, message })
}
