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
	const body = JSON.stringify({ type, timestamp: new Date().toISOString(), data })
	await sql`
		with messages as (
			insert into webhook_messages (id, endpoint_id, user_id, event_type, body)
			select 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.id, e.user_id, ${type}, ${body}
			from webhook_endpoints e
			where e.user_id = ${userId} and e.enabled and ${type} = any(e.events)
			returning id
		)
		select graphile_worker.add_job(${deliverWebhookJob.id}, json_build_object('messageId', m.id), max_attempts := ${deliverWebhookJob.maxAttempts}) from messages m`.execute(db)
}
