import type { Platform } from './ports.ts'
import { createDeliveryBatches } from './delivery-batches.server.ts'
import type { PublisherContext, PublisherDeps } from './publisher-context.server.ts'
import { precheckDelivery } from './precheck-delivery.server.ts'
import { publishDelivery } from './publish-delivery.server.ts'
import { refreshToken } from './refresh-token.server.ts'

export type { PublisherDeps } from './publisher-context.server.ts'

/**
 * Publishes deliveries, exactly once (each step in its own file, sharing one PublisherContext):
 * 1. claim it (scheduled -> publishing) before any network call (publish-delivery, delivery-batches);
 * 2. mark `request_sent_at` right before the creating request, save checkpoints as the network answers (send-delivery);
 * 3. record the external id at once; on an unknown outcome, or when a crashed attempt is found
 *    half-done, look for the post on the network instead of sending it again (reconcile-delivery).
 */
export function createPublisher(deps: PublisherDeps) {
	const registered = Object.keys(deps.adapters)
	const ctx: PublisherContext = { ...deps, registered, inFlight: new Set(), batches: createDeliveryBatches(deps, registered) }
	return {
		publishDelivery: (deliveryId: string, signal?: AbortSignal, worker: string | null = null) => publishDelivery(ctx, deliveryId, signal, worker),
		refreshToken: (tokenId: string, platform: Platform) => refreshToken(ctx, tokenId, platform),
		precheckDelivery: (deliveryId: string) => precheckDelivery(ctx, deliveryId),
	}
}

export type Publisher = ReturnType<typeof createPublisher>
