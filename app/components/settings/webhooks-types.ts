import type { WebhookAttemptView, WebhookEndpointView } from '#modules/webhooks/events.ts'
import type { Notice } from '#app/components/use-fetcher-notice.ts'

/** The webhooks panel's loader data: the user's endpoints, each with its newest log rows. */
export type WebhooksPanelData = { endpoints: Array<WebhookEndpointView & { log: Array<WebhookAttemptView> }>; max: number }

/** The answer of a 'webhook-…' intent; `secret` only right after 'Webhook hinzufügen' (shown once). */
export type WebhookReply = {
	ok: boolean
	intent: string
	notice: Notice
	errors?: Partial<Record<'url' | 'events' | 'description', string>>
	secret?: string | null
	endpointId?: string
}
