// The events a user can subscribe an endpoint to (shared with the settings page).
export const WEBHOOK_EVENTS = ['post.published', 'post.failed', 'post.unconfirmed', 'post.scheduled', 'generation.completed', 'generation.failed', 'credits.low'] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** The type of the message 'Test senden' sends; no endpoint subscribes to it. */
export const TEST_EVENT = 'webhook.test'

export function isWebhookEvent(value: unknown): value is WebhookEvent {
	return typeof value === 'string' && (WEBHOOK_EVENTS as ReadonlyArray<string>).includes(value)
}

/** At most this many endpoints per user. */
export const MAX_ENDPOINTS_PER_USER = 10

/** A `credits.low` event is sent when a debit takes the balance below this many credits. */
export const LOW_CREDITS_THRESHOLD = 50

export type WebhookEndpointView = {
	id: string
	url: string
	description: string
	events: Array<WebhookEvent>
	enabled: boolean
	/** 'failures': switched off after repeated failed deliveries; 'user': by the user. */
	disabledReason: 'user' | 'failures' | null
	createdAt: string
	lastDelivery: { at: string; statusCode: number | null; ok: boolean } | null
}

export type WebhookAttemptView = {
	id: string
	messageId: string
	event: string
	attempt: number
	manual: boolean
	statusCode: number | null
	error: string | null
	durationMs: number
	at: string
	ok: boolean
}
