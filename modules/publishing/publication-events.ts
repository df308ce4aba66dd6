import { boundedEntry } from '#modules/activity/index.ts'
import type { PublicationActivity, PublicationWebhook } from '#modules/core/publications.server.ts'
import { fill, platformName, texts } from './messages.ts'

/** What a publication record needs of its delivery. */
type DeliveryFacts = { id: string; post_id: string; platform: string; channel_id: string | null }

/**
 * A publication's activity entry and webhook event, as stored in the outbox (the webhook body as text:
 * JSON of a json column). The entry is bounded here, so the activity consumer inserts it as it is.
 */
export type PublicationWording = { activity: string; webhook: string }

function wording(type: string, at: Date, activity: PublicationActivity, data: Record<string, unknown>): PublicationWording {
	const webhook: PublicationWebhook = { type, timestamp: at.toISOString(), data }
	return { activity: JSON.stringify(boundedEntry(activity)), webhook: JSON.stringify(webhook) }
}

const eventData = (delivery: DeliveryFacts) => ({ postId: delivery.post_id, deliveryId: delivery.id, network: delivery.platform, channelId: delivery.channel_id })

export function publishedWording(delivery: DeliveryFacts, url: string | null, at: Date) {
	return wording(
		'post.published',
		at,
		{ title: fill(texts.activity.published, { platform: platformName(delivery.platform) }), description: url ?? '', status: 'success', metadata: { postId: delivery.post_id, deliveryId: delivery.id, platform: delivery.platform, url } },
		{ ...eventData(delivery), state: 'published', url, publishedAt: at.toISOString() },
	)
}

export function failedWording(delivery: DeliveryFacts, code: string, reason: string, at: Date) {
	return wording(
		'post.failed',
		at,
		{ title: fill(texts.activity.failed, { platform: platformName(delivery.platform) }), description: reason, status: 'error', metadata: { postId: delivery.post_id, deliveryId: delivery.id, platform: delivery.platform, code } },
		{ ...eventData(delivery), state: 'failed', code, reason },
	)
}

export function unconfirmedWording(delivery: DeliveryFacts, reason: string, at: Date) {
	return wording(
		'post.unconfirmed',
		at,
		{ title: fill(texts.activity.unconfirmed, { platform: platformName(delivery.platform) }), description: reason, status: 'warning', metadata: { postId: delivery.post_id, deliveryId: delivery.id, platform: delivery.platform } },
		{ ...eventData(delivery), state: 'unconfirmed', reason },
	)
}
