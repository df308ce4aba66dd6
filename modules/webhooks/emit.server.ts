import { sql } from 'kysely'
import type { DbOrTrx } from '#modules/core/db.server.ts'
import type { WebhookEvent } from './events.ts'
import { deliverWebhookJob } from './jobs.ts'

/**
 * Records an event for the user's enabled endpoints that subscribed to it and queues one delivery
 * job per endpoint, in one statement on the caller's handle: called inside the transaction that
 * makes the fact true, the messages commit (or roll back) with it. A user without such an endpoint
 * costs one index lookup and no job.
 */
export async function emitWebhookEvent(db: DbOrTrx, userId: string, type: WebhookEvent, data: Record<string, unknown>) {
	await emitWebhookEvents(db, [{ userId, type, data }])
}

/** Several events (of one or more users) in one statement, like emitWebhookEvent each. */
export async function emitWebhookEvents(db: DbOrTrx, events: ReadonlyArray<{ userId: string; type: WebhookEvent; data: Record<string, unknown> }>) {
	if (events.length === 0) return
	const timestamp = new Date().toISOString()
	const rows = events.map((e) => ({ user_id: e.userId, type: e.type, body: JSON.stringify({ type: e.type, timestamp, data: e.data }) }))
	await sql`
		with messages as (
			insert into webhook_messages (id, endpoint_id, user_id, event_type, body)
			select 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.id, e.user_id, x.type, x.body
			from json_to_recordset(${JSON.stringify(rows)}::json) as x(user_id uuid, type text, body text)
			join webhook_endpoints e on e.user_id = x.user_id and e.enabled and x.type = any(e.events)
			returning id
		)
		select graphile_worker.add_job(${deliverWebhookJob.id}, json_build_object('messageId', m.id), max_attempts := ${deliverWebhookJob.maxAttempts}) from messages m`.execute(db)
}
