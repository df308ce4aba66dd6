import { sql, type RawBuilder } from 'kysely'
import type { Db } from '#modules/core/db.server.ts'
import { errorFields, type Logger } from '#modules/core/logger.server.ts'
import type { PublicationConsumer, PublicationEvent } from '#modules/core/publications.server.ts'

/** A row pending this long was left by a drain that did not finish (a crash, a consumer that threw): the sweep drains it. */
export const OUTBOX_STALE_SECONDS = 30
const SWEEP_LIMIT = 500
const KEEP_CONSUMED = '1 day'

// Named, not `o.*`: a prepared consumer statement whose result columns change fails on its connection.
const EVENT_COLUMNS = ['id', 'delivery_id', 'post_id', 'user_id', 'channel_id', 'platform', 'kind', 'at', 'url', 'code', 'reason', 'activity', 'webhook'] as const satisfies ReadonlyArray<keyof PublicationEvent>

/**
 * Publishing's outbox of publications (ADR 0049): the publisher records each one in the statement that
 * settles its delivery (recordSql), then drains it: every registered consumer (content, activity,
 * webhooks) does its part in one statement with its claim, so each does it exactly once.
 */
export function createOutbox({ db, consumers, logger }: { db: Db; consumers: ReadonlyArray<PublicationConsumer>; logger: Logger }) {
	const names = consumers.map((c) => c.name)
	if (new Set(names).size !== names.length) throw new Error(`publication consumers need distinct names: ${names.join(', ')}`)

	/**
	 * The outbox rows for a caller's statement (a data-modifying CTE), pending for every registered
	 * consumer. `source` selects delivery_id, post_id, user_id, channel_id, platform, kind, at, url, code,
	 * reason, activity (jsonb), webhook (json). Returns the rows' ids, for drain.
	 */
	function recordSql(source: RawBuilder<unknown>) {
		return sql<{ id: number }>`
			insert into publication_outbox (delivery_id, post_id, user_id, channel_id, platform, kind, at, url, code, reason, activity, webhook, pending)
			select s.delivery_id, s.post_id, s.user_id, s.channel_id, s.platform, s.kind, s.at, s.url, s.code, s.reason, s.activity, s.webhook, ${names}::text[]
			from (${source}) s
			returning id`
	}

	/**
	 * The rows of `ids` still pending for `name`, its name removed. Locked in id order first: consumers
	 * draining the same rows side by side wait for each other instead of deadlocking; a row another drain
	 * claimed for the same consumer meanwhile is checked again after the wait and left out.
	 */
	function claim(name: string, ids: ReadonlyArray<number>) {
		return sql<PublicationEvent>`
			update publication_outbox o set pending = array_remove(o.pending, ${name}::text)
			from (select id from publication_outbox where id = any(${ids}::bigint[]) and ${name}::text = any(pending) order by id for no key update) l
			where o.id = l.id
			returning ${sql.join(EVENT_COLUMNS.map((column) => sql.ref(`o.${column}`)))}`
	}

	/** Rows left pending for a while for a registered consumer, oldest first. */
	async function stale() {
		const { rows } = await sql<{ id: number }>`
			select id from publication_outbox
			where pending <> '{}' and pending && ${names}::text[] and created_at < now() - ${`${OUTBOX_STALE_SECONDS} seconds`}::interval
			order by created_at limit ${SWEEP_LIMIT}`.execute(db)
		return rows.map((r) => r.id)
	}

	/**
	 * Every consumer consumes the rows of `ids` (side by side); without ids, the rows pending longer than
	 * OUTBOX_STALE_SECONDS. A consumer that throws is logged, never rethrown: its rows stay pending for it.
	 */
	async function drain(ids?: ReadonlyArray<number>) {
		const due = ids ?? (await stale())
		if (due.length === 0 || consumers.length === 0) return { events: due.length, failed: 0 }
		const outcomes = await Promise.allSettled(consumers.map((consumer) => consumer.consume(db, claim(consumer.name, due))))
		let failed = 0
		outcomes.forEach((outcome, i) => {
			if (outcome.status === 'fulfilled') return
			failed++
			logger.error('publication_consumer_failed', { consumer: consumers[i]!.name, events: due.length, ...errorFields(outcome.reason) })
		})
		return { events: due.length, failed }
	}

	return {
		recordSql,
		drain,
		/** The sweep's part: drains what was left pending, deletes consumed rows older than a day (and rows only unregistered consumers still name). */
		async sweep() {
			const drained = await drain()
			const deleted = await sql`
				delete from publication_outbox
				where created_at < now() - ${KEEP_CONSUMED}::interval and not (pending && ${names}::text[])`.execute(db)
			return { drained: drained.events, failed: drained.failed, deleted: Number(deleted.numAffectedRows ?? 0) }
		},
	}
}

export type Outbox = ReturnType<typeof createOutbox>
