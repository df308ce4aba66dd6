import { checkpointOf, markPublished, markUnconfirmed, MAX_DELIVERY_ATTEMPTS, retryLater, saveCheckpoint } from './delivery-outcomes.server.ts'
import { deliveryTarget, type DeliveryTarget } from './delivery-target.server.ts'
import { PlatformError } from './ports.ts'
import type { Delivery, PublisherContext } from './publisher-context.server.ts'
import { adapterFor } from './registry.ts'

/**
 * Kept with a delivery's checkpoints when an attempt's outcome was unknown (a 5xx, no answer, a crash)
 * and the post was not found: when that attempt started. The next attempt looks again from there before it sends.
 */
const RESEND_AFTER = 'resendAfterUnknownOutcomeSince'
/** After a request that got no answer: the second look for the post waits this long after the request. */
export const SILENT_LOOK_AGAIN_MS = 60_000

/** Whether an earlier attempt's outcome was unknown and the post was not found then: look again before sending. */
export const mustLookBeforeResend = (delivery: Delivery) => Boolean(checkpointOf(delivery)[RESEND_AFTER])

/** Since when to look for the post: the first attempt whose outcome was unknown, else this attempt. */
function reconcileSince(delivery: Delivery) {
	const earlier = checkpointOf(delivery)[RESEND_AFTER]
	return earlier ? new Date(earlier) : (delivery.attempt_started_at ?? delivery.created_at)
}

/** The post on the network, null when it is not there, undefined when nobody can tell (the lookup failed). */
export async function lookFor(ctx: PublisherContext, delivery: Delivery, loaded: Pick<DeliveryTarget, 'target' | 'content'>) {
	try {
		return await adapterFor(ctx.adapters, delivery.platform).findPublished(loaded.target, loaded.content, checkpointOf(delivery), reconcileSince(delivery))
	} catch (error) {
		ctx.logger.warn('reconcile_failed', { deliveryId: delivery.id, error: error instanceof Error ? error.message : String(error) })
		return undefined
	}
}

/**
 * After an unknown outcome (a 5xx, a request without an answer, or a crashed attempt): the post is
 * looked for, never sent blindly. When it is not there, the delivery waits and looks once more before
 * it sends again (with the saved checkpoints as `previous`, so networks with a key dedupe it): after a
 * server error the usual backoff, after silence until SILENT_LOOK_AGAIN_MS since the request (a request
 * the network was still working on shows up by then). It ends 'unconfirmed' only when nobody can tell
 * (the lookup failed) or the attempts are used up. See docs/decisions/0017-unknown-outcomes.md.
 */
export async function reconcile(ctx: PublisherContext, delivery: Delivery, cause?: PlatformError) {
	const loaded = await deliveryTarget(ctx, delivery)
	if ('error' in loaded) return markUnconfirmed(ctx, delivery, null)
	const found = await lookFor(ctx, delivery, loaded)
	if (found) return markPublished(ctx, delivery, found, loaded)
	if (found === null && delivery.attempts < MAX_DELIVERY_ATTEMPTS) {
		await saveCheckpoint(ctx, delivery, { [RESEND_AFTER]: reconcileSince(delivery).toISOString() })
		const answered = cause?.status !== undefined && cause.status !== null && cause.status >= 500
		const sentAt = delivery.request_sent_at?.getTime() ?? Date.now()
		const wait = answered ? 0 : Math.max(0, sentAt + SILENT_LOOK_AGAIN_MS - Date.now())
		return retryLater(ctx, delivery, cause ?? new PlatformError({ kind: 'unknown_outcome', code: 'unknown_outcome', message: 'attempt ended without an answer' }), wait)
	}
	return markUnconfirmed(ctx, delivery, loaded.title)
}
