import { sql } from 'kysely'
import { commitWithoutWaitingForDisk, executePrepared } from '#modules/core/db.server.ts'
import { createBatcher } from '#modules/core/batch.server.ts'
import { deliveryPostOf, postsForDeliverySql, postsForDelivery, type DeliveryPostRow } from '#modules/content/index.ts'
import { deliveryPages, deliveryPagesSql, pageFromJson, type DeliveryPage } from './pages.server.ts'
import { publishedWording } from './publication-events.ts'
import type { Published } from './ports.ts'
import type { Delivery, PublisherDeps } from './publisher-context.server.ts'

// The claim returns these columns by name, not `d.*`: a prepared statement whose result columns change
// (a migration adding a column while the worker runs) fails on every later call of its connection.
const DELIVERY_COLUMNS = [
	'id', 'post_id', 'user_id', 'platform', 'status', 'scheduled_at', 'retry_at', 'attempts', 'attempt_id', 'attempt_worker', 'attempt_started_at',
	'request_sent_at', 'checkpoint', 'channel_id', 'external_id', 'external_url', 'published_at', 'error_code', 'error_message', 'created_at', 'updated_at',
	'comment_status', 'comment_sent_at', 'comment_external_id', 'comment_url', 'comment_error_code', 'media_wait_since',
] as const satisfies ReadonlyArray<keyof Delivery>
// Every column of the table, checked when the generated types change (a new column must be added above).
const everyColumn: Exclude<keyof Delivery, (typeof DELIVERY_COLUMNS)[number]> extends never ? true : never = true
void everyColumn

const attemptKey = (row: { id: string; attempt_id: string | null }) => `${row.id}/${row.attempt_id}`

// The batched statements take their rows as typed arrays (`unnest`, one array a column), not as JSON:
// the planner then knows how many rows come and looks each delivery and post up by its key. With
// `json_to_recordset` it assumed 100 rows and read post_deliveries and posts whole for every batch.
// Their text is fixed, so they run as prepared statements (executePrepared): parsed once per connection.

/** Matches a batch's returned rows to its calls by key; a key named twice gets its row only once (the first call). */
function handOutOnce<C, R>(calls: ReadonlyArray<C>, rows: ReadonlyArray<R>, callKey: (call: C) => string, rowKey: (row: R) => string): Array<R | undefined> {
	const byKey = new Map(rows.map((row) => [rowKey(row), row]))
	return calls.map((call) => {
		const row = byKey.get(callKey(call))
		byKey.delete(callKey(call))
		return row
	})
}

/** A delivery's post and page, as sending needs them. */
export type Loaded = { post: ReturnType<typeof deliveryPostOf> | null; page: DeliveryPage | undefined }

export type DeliveryBatches = ReturnType<typeof createDeliveryBatches>

/** The publisher's statements that jobs starting or finishing together share (one round trip per batch). */
export function createDeliveryBatches(deps: PublisherDeps, registered: ReadonlyArray<string>) {
	return { claim: claimBatcher(deps, registered), load: loadBatcher(deps, registered), markSent: markSentBatcher(deps), published: publishedBatcher(deps) }
}

/**
 * Claims deliveries (scheduled -> publishing, a new attempt) in one statement for the jobs that
 * start together, and reads their posts and pages in the same statement (what sending needs; one
 * round trip less per batch); each job gets its row, or undefined when it was not claimable.
 * It commits without waiting for the disk (ADR 0056): nothing leaves before the sent marker, whose
 * synchronous commit flushes the claim too; a claim lost in a crash leaves the delivery scheduled.
 */
function claimBatcher({ db }: PublisherDeps, registered: ReadonlyArray<string>) {
	return createBatcher(async (wanted: Array<{ deliveryId: string; worker: string | null }>) => {
		const { rows } = await executePrepared(db, 'publishing_claim', sql<Delivery & { page: Parameters<typeof pageFromJson>[0] | null; post: DeliveryPostRow | null; no_flush: string }>`
			with c as (
				update post_deliveries d
				set status = 'publishing', attempt_id = gen_random_uuid(), attempt_worker = v.worker, attempt_started_at = now(), request_sent_at = null, attempts = d.attempts + 1
				from (select distinct on (x.id) x.id, x.worker from unnest(${wanted.map((w) => w.deliveryId)}::uuid[], ${wanted.map((w) => w.worker)}::text[]) as x(id, worker)) v
				where d.id = v.id and d.status = 'scheduled'
					-- A job left from before a reschedule to a later time must not publish early.
					and (d.scheduled_at is null or d.scheduled_at <= now() + interval '2 seconds')
				returning ${sql.join(DELIVERY_COLUMNS.map((column) => sql.ref(`d.${column}`)))}
			),
			pg as (${deliveryPagesSql(sql`select c.id::text as key, c.user_id, c.platform, c.channel_id as page_id, c.post_id from c`)}),
			po as (${postsForDeliverySql(sql`select post_id from c`)})
			select c.*, to_json(pg) as page, to_json(po) as post, ${commitWithoutWaitingForDisk} as no_flush from c left join pg on pg.key = c.id::text left join po on po.id = c.post_id`)
		const claimed = rows.map(({ page, post, no_flush: _, ...delivery }) => ({ delivery: delivery as Delivery, loaded: { post: post ? deliveryPostOf(registered, post) : null, page: page ? pageFromJson(page) : undefined } satisfies Loaded }))
		return handOutOnce(wanted, claimed, (w) => w.deliveryId, (row) => row.delivery.id)
	})
}

/** A post and page of each delivery, two queries (side by side) for the deliveries loaded together. */
function loadBatcher({ db }: PublisherDeps, registered: ReadonlyArray<string>) {
	return createBatcher(async (deliveries: Array<Delivery>): Promise<Array<Loaded>> => {
		const [posts, pages] = await Promise.all([postsForDelivery(db, registered, deliveries.map((d) => d.post_id)), deliveryPages(db, deliveries)])
		return deliveries.map((d, i) => ({ post: posts.get(d.post_id) ?? null, page: pages[i] }))
	})
}

/**
 * `request_sent_at` of the attempts about to send, in one statement: true for each attempt whose
 * marker was written (still its attempt, still publishing), which then, and only then, may send.
 * Its commit waits for the disk (ADR 0056): after a crash the marker must say a request may have left.
 */
function markSentBatcher({ db }: PublisherDeps) {
	return createBatcher(async (attempts: Array<Delivery>) => {
		const { rows } = await executePrepared(db, 'publishing_mark_sent', sql<{ id: string; attempt_id: string }>`
			update post_deliveries d set request_sent_at = now()
			from unnest(${attempts.map((d) => d.id)}::uuid[], ${attempts.map((d) => d.attempt_id)}::uuid[]) as v(id, attempt_id)
			where d.id = v.id and d.attempt_id = v.attempt_id and d.status = 'publishing'
			returning d.id, d.attempt_id`)
		return handOutOnce(attempts, rows, attemptKey, attemptKey).map(Boolean)
	})
}

/**
 * Records confirmed posts in one statement (one round trip, atomic) for the attempts that finished
 * together: each delivery only while the attempt is still its own (attempt_id, status), and for those
 * that changed, their publications in the outbox. Each call gets whether its delivery was recorded now
 * and the drain of its publications (posts, activity, webhooks: each consumer's own statement), to
 * await before it returns. The drain runs after the batch, so the next batch's statement goes while it
 * runs; drains go one at a time (the events of batches that finished meanwhile together), so the
 * consumers' statements of one process never wait on each other's row locks. It commits without
 * waiting for the disk (ADR 0056): a record lost in a crash leaves the attempt publishing with its
 * durable sent marker, and the sweep reconciles it (the post is found on the network, never resent).
 * A delivery whose post has a first comment (`comment`) gets its comment 'pending' in the same update
 * (first-comment.server.ts sends it next): no statement more for the others.
 */
function publishedBatcher({ db, logger, outbox }: PublisherDeps) {
	const drain = createBatcher(async (batches: Array<ReadonlyArray<number>>) => {
		await outbox.drain(batches.flat())
		return batches.map(() => undefined)
	})
	return createBatcher(async (items: Array<{ delivery: Delivery; published: Published; comment?: boolean }>) => {
		const at = new Date()
		const worded = items.map(({ delivery, published }) => publishedWording(delivery, published.url, at))
		// A delivery named twice in the batch is updated once: the row it returns carries that call's wording.
		const { rows } = await executePrepared(db, 'publishing_published', sql<{ recorded: Array<number>; events: Array<number> }>`
			with d as (
				update post_deliveries d
				set status = 'published', external_id = v.external_id, external_url = v.url, published_at = ${at}, error_code = null, error_message = null, comment_status = coalesce(d.comment_status, v.comment_status)
				from unnest(${items.map((_, i) => i)}::int[], ${items.map(({ delivery }) => delivery.id)}::uuid[], ${items.map(({ delivery }) => delivery.attempt_id)}::uuid[], ${items.map(({ published }) => published.externalId)}::text[], ${items.map(({ published }) => published.url)}::text[],
					${worded.map((w) => w.activity)}::jsonb[], ${worded.map((w) => w.webhook)}::json[], ${items.map(({ comment }) => (comment ? 'pending' : null))}::text[]) as v(i, id, attempt_id, external_id, url, activity, webhook, comment_status)
				where d.id = v.id and d.attempt_id = v.attempt_id and d.status in ('publishing', 'unconfirmed')
				returning v.i, d.id, d.post_id, d.user_id, d.channel_id, d.platform, d.published_at, v.url, v.activity, v.webhook
			),
			${outbox.recordSql('o', sql`select id as delivery_id, post_id, user_id, channel_id, platform, 'published' as kind, published_at as at, url, null::text as code, null::text as reason, activity, webhook from d`)}
			select coalesce((select json_agg(i) from d), '[]') as recorded, coalesce((select json_agg(id) from o), '[]') as events, ${commitWithoutWaitingForDisk} as no_flush`)
		const recorded = new Set(rows[0]?.recorded ?? [])
		items.forEach(({ delivery }, i) => recorded.has(i) && logger.info('delivery_published', { deliveryId: delivery.id, platform: delivery.platform }))
		const events = rows[0]?.events ?? []
		const drained = events.length ? drain(events) : Promise.resolve(undefined)
		return items.map((_, i) => ({ recorded: recorded.has(i), drained }))
	})
}
