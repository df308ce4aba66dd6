// The contract between publishing's outbox and the modules that consume it (ADR 0049). It lives in
// core because content, activity and webhooks cannot import publishing: publishing imports them.
import type { RawBuilder } from 'kysely'
import type { Db } from './db.server.ts'

export type PublicationKind = 'published' | 'failed' | 'unconfirmed'

/** The activity entry of a publication, worded by the publisher (its texts bounded by activity's boundedEntry). */
export type PublicationActivity = {
	title: string
	description: string
	status: 'success' | 'error' | 'warning'
	metadata: Record<string, unknown>
}

/** The webhook event of a publication: its message body as sent, byte for byte. */
export type PublicationWebhook = { type: string; timestamp: string; data: Record<string, unknown> }

/** A row of publication_outbox as a claim returns it. */
export type PublicationEvent = {
	id: number
	delivery_id: string
	post_id: string
	user_id: string
	channel_id: string | null
	platform: string
	kind: PublicationKind
	at: Date
	url: string | null
	code: string | null
	reason: string | null
	activity: PublicationActivity
	/** A `json` column: its text is the webhook message body (`webhook::text`). */
	webhook: PublicationWebhook
}

/**
 * A module that does its part of each publication. `claimed` is a DELETE ... RETURNING of the rows
 * still pending for this consumer (it deletes the consumer's pending rows, and no other consumer's):
 * `consume` runs it as a CTE of ONE statement with its effect, so the effect and the mark commit
 * together, exactly once per row. A
 * consumer that throws leaves the rows pending for it (the publishing sweep drains them again).
 * The claim's text never changes (its values are parameters): the statement may run prepared.
 */
export type PublicationConsumer = {
	name: string
	consume(db: Db, claimed: RawBuilder<PublicationEvent>): Promise<void>
}
