import { descriptorOf } from './descriptor.ts'
import type { Loaded } from './delivery-batches.server.ts'
import { checkpointOf, fail, markPublished, markUnconfirmed, MAX_DELIVERY_ATTEMPTS, retryLater, saveCheckpoint } from './delivery-outcomes.server.ts'
import { deliveryTarget, MEDIA_PROCESSING, type DeliveryTarget } from './delivery-target.server.ts'
import { authCodeOf } from './messages.ts'
import { preflight } from './preflight.ts'
import { mediaItemsOf, preflightMessage, type MediaItemFacts } from './preflight.server.ts'
import { createRequestGuard, PlatformError, type Platform, type PublishMedia } from './ports.ts'
import type { Delivery, PublisherContext } from './publisher-context.server.ts'
import { lookFor, mustLookBeforeResend, reconcile } from './reconcile-delivery.server.ts'
import { waitForMedia } from './media-wait.server.ts'
import { refreshToken } from './refresh-token.server.ts'
import { adapterFor } from './registry.ts'

/** The attempt changed hands before the creating request left: this one must not send. */
class AttemptTakenOver extends Error {
	constructor(deliveryId: string) {
		super(`attempt of delivery ${deliveryId} was taken over`)
	}
}

/** Sends a claimed attempt (kept in flight meanwhile: a second job for it must not reconcile it). */
export async function sendDelivery(ctx: PublisherContext, delivery: Delivery, signal?: AbortSignal, preloaded?: Loaded): Promise<void> {
	const attempt = delivery.attempt_id!
	ctx.inFlight.add(attempt)
	try {
		return await sendAttempt(ctx, delivery, signal, preloaded)
	} finally {
		ctx.inFlight.delete(attempt)
	}
}

async function sendAttempt(ctx: PublisherContext, delivery: Delivery, signal?: AbortSignal, preloaded?: Loaded): Promise<void> {
	const loaded = await deliveryTarget(ctx, delivery, preloaded)
	if ('error' in loaded) {
		// Our own processing is no failed attempt: it waits (bounded by time) and is re-queued when the job ends.
		if (loaded.error === MEDIA_PROCESSING) return waitForMedia(ctx, delivery)
		return fail(ctx, delivery, loaded.error, null)
	}
	if (mustLookBeforeResend(delivery)) {
		// An earlier attempt's server error: the post may have landed since; look once more before sending again.
		const found = await lookFor(ctx, delivery, loaded)
		if (found) return markPublished(ctx, delivery, found, loaded)
		if (found === undefined) return markUnconfirmed(ctx, delivery, loaded.title)
	}
	const refused = await preflightRefusal(ctx, delivery, loaded)
	if (refused) return fail(ctx, delivery, refused.code, loaded.title, refused.reason)
	let refreshed = false
	for (;;) {
		try {
			const published = await publishOnce(ctx, delivery, loaded, signal)
			ctx.faultPoint?.('after_send')
			return markPublished(ctx, delivery, published, loaded)
		} catch (error) {
			if (error instanceof AttemptTakenOver) {
				ctx.logger.warn('delivery_attempt_taken_over', { deliveryId: delivery.id })
				return
			}
			if (!(error instanceof PlatformError)) throw error
			if (error.kind === 'auth_expired' && !refreshed) {
				refreshed = true
				const outcome = await refreshToken(ctx, loaded.tokenId, delivery.platform as Platform)
				if (outcome === 'later' && delivery.attempts < MAX_DELIVERY_ATTEMPTS) return retryLater(ctx, delivery, error)
				if (outcome === true) {
					const again = await deliveryTarget(ctx, delivery)
					if ('error' in again) return fail(ctx, delivery, again.error, loaded.title)
					loaded.target = again.target
					continue
				}
				return fail(ctx, delivery, authCodeOf(error), loaded.title)
			}
			return settleRefusal(ctx, delivery, loaded, error)
		}
	}
}

/**
 * The network's rules once more (the text or image may have changed since planning): a post it would
 * refuse fails with the rule's reason, without a request. An empty text was confirmed when planned.
 */
async function preflightRefusal(ctx: PublisherContext, delivery: Delivery, loaded: DeliveryTarget) {
	const descriptor = descriptorOf(ctx.descriptors, delivery.platform as Platform)
	if (!descriptor) return null
	const items = await mediaItemsOf(loaded.content.media.map(factsOfItem), ctx.files ?? null)
	const problem = preflight(descriptor, { text: loaded.content.text, image: null, media: { items, firstComment: null, channelKind: null } }).find((p) => p.severity === 'error')
	return problem ? { code: problem.code, reason: preflightMessage(descriptor, problem) } : null
}

/** What the port's item says of itself, for the preflight (an image's missing figures are read from the file). */
function factsOfItem(item: PublishMedia): MediaItemFacts {
	const size = item.kind === 'document' ? { width: null, height: null } : { width: item.width ?? null, height: item.height ?? null }
	const contentType = item.kind === 'video' ? (item.contentType ?? null) : item.kind === 'document' ? 'application/pdf' : null
	return {
		kind: item.kind,
		url: item.url,
		altText: item.altText,
		...size,
		contentType,
		sizeBytes: item.kind === 'image' ? null : (item.sizeBytes ?? null),
		durationMs: item.kind === 'video' ? (item.durationMs ?? null) : null,
		pages: item.kind === 'document' ? (item.pages ?? null) : null,
	}
}

/** The creating request, marked sent right before it leaves (only while the attempt is still this one's). */
function publishOnce(ctx: PublisherContext, delivery: Delivery, loaded: DeliveryTarget, signal?: AbortSignal) {
	const markSent = async () => {
		ctx.faultPoint?.('before_send')
		// Another worker took this attempt over (this one was taken for dead): it sends, not we.
		if (!(await ctx.batches.markSent(delivery))) throw new AttemptTakenOver(delivery.id)
	}
	return createRequestGuard.run({ beforeCreate: markSent }, () =>
		adapterFor(ctx.adapters, delivery.platform as Platform).publish(loaded.target, loaded.content, {
			signal,
			previous: { ...checkpointOf(delivery) },
			checkpoint: (data) => saveCheckpoint(ctx, delivery, data),
		}),
	)
}

/** A refusal the token refresh does not cure: reconciled, retried later or failed with its reason. */
function settleRefusal(ctx: PublisherContext, delivery: Delivery, loaded: DeliveryTarget, error: PlatformError) {
	if (error.kind === 'auth_expired') return fail(ctx, delivery, authCodeOf(error), loaded.title)
	if (error.kind === 'unknown_outcome') return reconcile(ctx, delivery, error)
	if ((error.kind === 'rate_limited' || error.kind === 'transient') && delivery.attempts < MAX_DELIVERY_ATTEMPTS) return retryLater(ctx, delivery, error)
	const generic = error.kind === 'transient' || error.kind === 'rate_limited' || error.kind === 'quota_exhausted' || error.kind === 'permission_missing'
	return fail(ctx, delivery, generic ? error.kind : error.code, loaded.title)
}
