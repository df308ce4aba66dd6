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
	 * The outbox rows for a caller's statement, pending for every registered consumer: TWO data-modifying
	 * CTEs (`<name> as (insert into publication_outbox ...), <name>_pending as (insert into
	 * publication_pending ...)`) for the caller's WITH list, since a data-modifying statement cannot nest
	 * inside another CTE. `source` selects delivery_id, post_id, user_id, channel_id, platform, kind, at,
	 * url, code, reason, activity (jsonb), webhook (json). `<name>` returns the rows' ids, for drain.
	 */
	function recordSql(name: string, source: RawBuilder<unknown>) {
		return sql<{ id: number }>`
			${sql.id(name)} as (
				insert into publication_outbox (delivery_id, post_id, user_id, channel_id, platform, kind, at, url, code, reason, activity, webhook)
				select s.delivery_id, s.post_id, s.user_id, s.channel_id, s.platform, s.kind, s.at, s.url, s.code, s.reason, s.activity, s.webhook
				from (${source}) s
				returning id
			),
			${sql.id(`${name}_pending`)} as (
				insert into publication_pending (event_id, consumer)
				select r.id, c.consumer from ${sql.id(name)} r cross join unnest(${names}::text[]) c(consumer)
			)`
	}

	/**
	 * The rows of `ids` still pending for `name`, its pending rows deleted: one statement, for the
	 * consumer's WITH. Only `name`'s pending rows are written (the outbox rows are read, not locked), so
	 * consumers of different names run side by side. Claims of the same name lock in event order (no
	 * deadlock); the later one waits, and a row the earlier one deleted is left out (exactly once).
	 */
	function claim(name: string, ids: ReadonlyArray<number>) {
		return sql<PublicationEvent>`
			delete from publication_pending p
			using (select event_id from publication_pending where event_id = any(${ids}::bigint[]) and consumer = ${name}::text order by event_id for update) l, publication_outbox o
			where p.event_id = l.event_id and p.consumer = ${name}::text and o.id = l.event_id
			returning ${sql.join(EVENT_COLUMNS.map((column) => sql.ref(`o.${column}`)))}`
	}

	/** Publications pending for a registered consumer for a while, oldest first (walked in event order on publication_pending's key). */
	async function stale() {
		const { rows } = await sql<{ id: number }>`
			select p.event_id as id
			from publication_pending p join publication_outbox o on o.id = p.event_id
			where p.consumer = any(${names}::text[]) and o.created_at < now() - ${`${OUTBOX_STALE_SECONDS} seconds`}::interval
			group by p.event_id order by p.event_id limit ${SWEEP_LIMIT}`.execute(db)
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
		/**
		 * The sweep's part: drains what was left pending, deletes consumed rows older than a day (and rows
		 * only unregistered consumers still wait for: their pending rows go with them).
		 */
		async sweep() {
			const drained = await drain()
			const deleted = await sql`
				delete from publication_outbox o
				where o.created_at < now() - ${KEEP_CONSUMED}::interval
					and not exists (select from publication_pending p where p.event_id = o.id and p.consumer = any(${names}::text[]))`.execute(db)
			return { drained: drained.events, failed: drained.failed, deleted: Number(deleted.numAffectedRows ?? 0) }
		},
	}
}

export type Outbox = ReturnType<typeof createOutbox>
