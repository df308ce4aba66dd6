import { sql, type RawBuilder } from 'kysely'
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

type NewEvent = { userId: string; type: WebhookEvent; data: Record<string, unknown>; key?: string }

/**
 * A field the statement adds to each event's data, read from the event's `key` (a select of one
 * JSON value, e.g. a post's channels): read in the same statement as the rows it describes, and only
 * for the messages an endpoint subscribed to.
 */
export type AddedField = { field: string; value: (key: RawBuilder<string>) => RawBuilder<unknown> }

/** Several events (of one or more users) in one statement, like emitWebhookEvent each; `added`: see AddedField. */
export async function emitWebhookEvents(db: DbOrTrx, events: ReadonlyArray<NewEvent>, added?: AddedField) {
	if (events.length === 0) return
	const timestamp = new Date().toISOString()
	const rows = events.map((e) => ({ key: e.key ?? null, user_id: e.userId, type: e.type, body: JSON.stringify({ type: e.type, timestamp, data: e.data }) }))
	const body = added ? sql<string>`jsonb_set(x.body::jsonb, ${`{data,${added.field}}`}::text[], to_jsonb(${added.value(sql.ref<string>('x.key'))}))::text` : undefined
	const source = sql`select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(key text, user_id uuid, type text, body text)`
	await sql`with messages as (${webhookMessagesSql(source, body)}) select (${webhookJobsSql(sql`select id from messages`)})`.execute(db)
}

/**
 * The messages of events as a part of a caller's statement (a data-modifying CTE): `source` selects
 * (user_id, type, body) as `x`, one row an event; one message per enabled endpoint of the user that
 * subscribed to the type, its body `body` (an expression of x, evaluated only for those; default x.body).
 * Returns the messages' ids for webhookJobsSql.
 */
export function webhookMessagesSql(source: RawBuilder<unknown>, body: RawBuilder<string> = sql`x.body`) {
	return sql<{ id: string }>`
		insert into webhook_messages (id, endpoint_id, user_id, event_type, body)
		select 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.id, e.user_id, x.type, ${body}
		from (${source}) x
		join webhook_endpoints e on e.user_id = x.user_id and e.enabled and x.type = any(e.events)
		returning id`
}

/** Second half: one delivery job per message of `messages` (a select of their ids); one row, the count. */
export function webhookJobsSql(messages: RawBuilder<unknown>) {
	return sql<number>`select count(graphile_worker.add_job(${deliverWebhookJob.id}, json_build_object('messageId', m.id), max_attempts := ${deliverWebhookJob.maxAttempts}))::int from (${messages}) m`
}
