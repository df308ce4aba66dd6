import { randomUUID } from 'node:crypto'
import { sql, type Selectable } from 'kysely'
import { executePrepared, type DB, type Db } from '#modules/core/db.server.ts'
import type { SecretBox } from '#modules/core/crypto.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { createBatcher } from '#modules/core/batch.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import { DEAD_WORKER_SECONDS } from '#modules/core/jobs.server.ts'
import { isSpelling, spell } from '#modules/core/spelling.ts'
import { logActivity } from '#modules/activity/index.ts'
import { deliveryPostOf, imageFor, postForDelivery, postsForDeliverySql, postsForDelivery, textFor, truncate, type DeliveryPostRow } from '#modules/content/index.ts'
import type { Mailer } from '#modules/accounts/index.ts'
import type { FileStore } from '#modules/core/files.server.ts'
import { enqueueDelivery } from './deliveries.server.ts'
import { descriptorOf, type PlatformDescriptor } from './descriptor.ts'
import { deliveryPages, deliveryPagesSql, pageFromJson } from './pages.server.ts'
import { authCodeOf, channelLabel, fill, platformName, reasonFor, texts } from './messages.ts'
import type { Outbox } from './outbox.server.ts'
import { failedWording, publishedWording, unconfirmedWording, type PublicationWording } from './publication-events.ts'
import { deliveryChannelName } from './post-channels.server.ts'
import { preflight } from './preflight.ts'
import { imageFacts, preflightMessage } from './preflight.server.ts'
import { createRequestGuard, PlatformError, type Platform, type PublishContent, type PublishTarget, type Published } from './ports.ts'
import { openToken, sealToken, targetOf } from './tokens.server.ts'
import { adapterFor, type PlatformAdapters } from './registry.ts'

export type PublisherDeps = {
	db: Db
	adapters: PlatformAdapters
	/** The registered platforms' rules: each delivery is checked against them before anything is sent. */
	descriptors: ReadonlyArray<PlatformDescriptor>
	/** The stored files (the preflight reads a post's image from here); null: only what the URL tells. */
	files?: FileStore | null
	box: SecretBox
	logger: Logger
	mailer: Mailer
	appUrl: string
	/** Publishing's outbox: each publication is recorded there and drained to its consumers. */
	outbox: Outbox
	/** Test hook: called at named points of a publish (fault injection for crash tests). */
	faultPoint?: (point: 'before_send' | 'after_send') => void
}

type Delivery = Selectable<DB['post_deliveries']>

// The claim returns these columns by name, not `d.*`: a prepared statement whose result columns change
// (a migration adding a column while the worker runs) fails on every later call of its connection.
const DELIVERY_COLUMNS = [
	'id', 'post_id', 'user_id', 'platform', 'status', 'scheduled_at', 'retry_at', 'attempts', 'attempt_id', 'attempt_worker', 'attempt_started_at',
	'request_sent_at', 'checkpoint', 'channel_id', 'external_id', 'external_url', 'published_at', 'error_code', 'error_message', 'created_at', 'updated_at',
] as const satisfies ReadonlyArray<keyof Delivery>
// Every column of the table, checked when the generated types change (a new column must be added above).
const everyColumn: Exclude<keyof Delivery, (typeof DELIVERY_COLUMNS)[number]> extends never ? true : never = true
void everyColumn

/** The attempt changed hands before the creating request left: this one must not send. */
class AttemptTakenOver extends Error {
	constructor(deliveryId: string) {
		super(`attempt of delivery ${deliveryId} was taken over`)
	}
}

export const MAX_DELIVERY_ATTEMPTS = 5
/** An attempt of another live worker younger than this may still be waiting for the network (the sweep's limit). */
export const ATTEMPT_IN_FLIGHT_MINUTES = 10
/**
 * Kept with a delivery's checkpoints when an attempt's outcome was unknown (a 5xx, no answer, a crash)
 * and the post was not found: when that attempt started. The next attempt looks again from there before it sends.
 */
const RESEND_AFTER = 'resendAfterUnknownOutcomeSince'
/** After a request that got no answer: the second look for the post waits this long after the request. */
export const SILENT_LOOK_AGAIN_MS = 60_000
const BASE_BACKOFF_MS = 5_000
const MAX_BACKOFF_MS = 15 * 60_000

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

/** Exponential backoff with full jitter, at least what the platform asked for. */
export function retryDelay(attempt: number, retryAfterMs: number | null) {
	const exp = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempt - 1))
	const jittered = exp / 2 + Math.random() * (exp / 2)
	return Math.max(retryAfterMs ?? 0, Math.round(jittered))
}

/**
 * Publishes one delivery, exactly once:
 * 1. claim it (scheduled -> publishing) before any network call;
 * 2. mark `request_sent_at` right before the creating request, save checkpoints as the network answers;
 * 3. record the external id at once; on an unknown outcome, or when a crashed attempt is found
 *    half-done, look for the post on the network instead of sending it again.
 */
export function createPublisher(deps: PublisherDeps) {
	const { db, adapters, box, logger, outbox } = deps
	// Every registered platform has an adapter: a post's images count for these.
	const registered = Object.keys(adapters)
	// The attempts this process is sending right now: a second job for one of them must not reconcile it.
	const inFlight = new Set<string>()

	/**
	 * Whether a 'publishing' attempt found by a second job may still be under way: sent by this process
	 * and not finished, or by another worker that is alive and started it recently. Only a finished or
	 * abandoned attempt may be reconciled (else a post still in flight is reported as unconfirmed).
	 */
	async function mayStillBeSending(current: Delivery, worker: string | null) {
		if (current.attempt_id && inFlight.has(current.attempt_id)) return true
		if (!worker || !current.attempt_worker || current.attempt_worker === worker) return false
		const alive = await db
			.selectFrom('worker_heartbeats')
			.select('worker_id')
			.where('worker_id', '=', current.attempt_worker)
			.where('beat_at', '>', sql<Date>`now() - ${`${DEAD_WORKER_SECONDS} seconds`}::interval`)
			.executeTakeFirst()
		const started = current.attempt_started_at?.getTime() ?? 0
		return Boolean(alive) && Date.now() - started < ATTEMPT_IN_FLIGHT_MINUTES * 60_000
	}

	/**
	 * Claims deliveries (scheduled -> publishing, a new attempt) in one statement for the jobs that
	 * start together, and reads their posts and pages in the same statement (what sending needs; one
	 * round trip less per batch); each job gets its row, or undefined when it was not claimable.
	 */
	const claimBatch = createBatcher(async (wanted: Array<{ deliveryId: string; worker: string | null }>) => {
		const { rows } = await executePrepared(db, 'publishing_claim', sql<Delivery & { page: Parameters<typeof pageFromJson>[0] | null; post: DeliveryPostRow | null }>`
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
			select c.*, to_json(pg) as page, to_json(po) as post from c left join pg on pg.key = c.id::text left join po on po.id = c.post_id`)
		const claimed = rows.map(({ page, post, ...delivery }) => ({ delivery: delivery as Delivery, loaded: { post: post ? deliveryPostOf(registered, post) : null, page: page ? pageFromJson(page) : undefined } }))
		return handOutOnce(wanted, claimed, (w) => w.deliveryId, (row) => row.delivery.id)
	})

	const claim = (deliveryId: string, worker: string | null) => claimBatch({ deliveryId, worker })

	type Loaded = Awaited<ReturnType<typeof loadBatch>>

	/** A post and page of each delivery, two queries (side by side) for the deliveries loaded together. */
	const loadBatch = createBatcher(async (deliveries: Array<Delivery>) => {
		const [posts, pages] = await Promise.all([postsForDelivery(db, registered, deliveries.map((d) => d.post_id)), deliveryPages(db, deliveries)])
		return deliveries.map((d, i) => ({ post: posts.get(d.post_id) ?? null, page: pages[i] }))
	})

	/**
	 * `request_sent_at` of the attempts about to send, in one statement: true for each attempt whose
	 * marker was written (still its attempt, still publishing), which then, and only then, may send.
	 */
	const markSentBatch = createBatcher(async (attempts: Array<Delivery>) => {
		const { rows } = await executePrepared(db, 'publishing_mark_sent', sql<{ id: string; attempt_id: string }>`
			update post_deliveries d set request_sent_at = now()
			from unnest(${attempts.map((d) => d.id)}::uuid[], ${attempts.map((d) => d.attempt_id)}::uuid[]) as v(id, attempt_id)
			where d.id = v.id and d.attempt_id = v.attempt_id and d.status = 'publishing'
			returning d.id, d.attempt_id`)
		return handOutOnce(attempts, rows, attemptKey, attemptKey).map(Boolean)
	})

	/** Loads what the call needs; a missing account or page fails the delivery with a German reason. */
	async function target(delivery: Delivery, preloaded?: Loaded): Promise<{ target: PublishTarget; tokenId: string; content: PublishContent; title: string; imageUrl: string | null } | { error: string }> {
		const { post, page } = preloaded ?? (await loadBatch(delivery))
		if (!post) return { error: 'not_found' }
		const imageUrl = imageFor(post, delivery.platform as Platform)
		if (!page) return { error: 'not_connected' }
		if (page.token_status !== 'active') return { error: 'reconnect_required' }
		return {
			tokenId: page.token_id,
			title: post.title,
			target: targetOf(box, page),
			content: { text: textFor(post.content, delivery.platform as Platform, page.page_row_id), imageUrl: absoluteUrl(imageUrl) },
			imageUrl,
		}
	}

	function absoluteUrl(url: string | null) {
		if (!url) return null
		return url.startsWith('/') ? `${deps.appUrl}${url}` : url
	}

	/**
	 * Records confirmed posts in one statement (one round trip, atomic) for the attempts that finished
	 * together: each delivery only while the attempt is still its own (attempt_id, status), and for those
	 * that changed, their publications in the outbox. The outbox is drained before the calls return
	 * (posts, activity, webhooks: each consumer's own statement). true for each delivery recorded now.
	 */
	const publishedBatch = createBatcher(async (items: Array<{ delivery: Delivery; published: Published }>) => {
		const at = new Date()
		const worded = items.map(({ delivery, published }) => publishedWording(delivery, published.url, at))
		// A delivery named twice in the batch is updated once: the row it returns carries that call's wording.
		const { rows } = await executePrepared(db, 'publishing_published', sql<{ recorded: Array<number>; events: Array<number> }>`
			with d as (
				update post_deliveries d
				set status = 'published', external_id = v.external_id, external_url = v.url, published_at = ${at}, error_code = null, error_message = null
				from unnest(${items.map((_, i) => i)}::int[], ${items.map(({ delivery }) => delivery.id)}::uuid[], ${items.map(({ delivery }) => delivery.attempt_id)}::uuid[], ${items.map(({ published }) => published.externalId)}::text[], ${items.map(({ published }) => published.url)}::text[],
					${worded.map((w) => w.activity)}::jsonb[], ${worded.map((w) => w.webhook)}::json[]) as v(i, id, attempt_id, external_id, url, activity, webhook)
				where d.id = v.id and d.attempt_id = v.attempt_id and d.status in ('publishing', 'unconfirmed')
				returning v.i, d.id, d.post_id, d.user_id, d.channel_id, d.platform, d.published_at, v.url, v.activity, v.webhook
			),
			${outbox.recordSql('o', sql`select id as delivery_id, post_id, user_id, channel_id, platform, 'published' as kind, published_at as at, url, null::text as code, null::text as reason, activity, webhook from d`)}
			select coalesce((select json_agg(i) from d), '[]') as recorded, coalesce((select json_agg(id) from o), '[]') as events`)
		const recorded = new Set(rows[0]?.recorded ?? [])
		items.forEach(({ delivery }, i) => recorded.has(i) && logger.info('delivery_published', { deliveryId: delivery.id, platform: delivery.platform }))
		await outbox.drain(rows[0]?.events ?? [])
		return items.map((_, i) => recorded.has(i))
	})

	/**
	 * Ends an attempt failed or unconfirmed (only while it is still its own and in one of `from`) and
	 * records the publication in the outbox, in one statement; then drains it. true when it changed.
	 */
	async function settle(delivery: Delivery, change: { status: 'failed' | 'unconfirmed'; code: string; reason: string; from: ReadonlyArray<string> }, worded: PublicationWording, at: Date) {
		const { rows } = await executePrepared(db, 'publishing_settled', sql<{ id: number }>`
			with d as (
				update post_deliveries set status = ${change.status}, error_code = ${change.code}, error_message = ${change.reason}
				where id = ${delivery.id} and attempt_id = ${delivery.attempt_id} and status = any(${change.from}::text[])
				returning id, post_id, user_id, channel_id, platform
			),
			${outbox.recordSql('o', sql`select id as delivery_id, post_id, user_id, channel_id, platform, ${change.status}::text as kind, ${at}::timestamptz as at, null::text as url, ${change.code}::text as code, ${change.reason}::text as reason, ${worded.activity}::jsonb as activity, ${worded.webhook}::json as webhook from d`)}
			select id from o`)
		await outbox.drain(rows.map((r) => r.id))
		return rows.length > 0
	}

	async function markPublished(delivery: Delivery, published: Published) {
		await publishedBatch({ delivery, published })
	}

	async function fail(delivery: Delivery, code: string, title: string | null, reason = reasonFor(code)) {
		const at = new Date()
		const changed = await settle(delivery, { status: 'failed', code, reason, from: ['publishing', 'scheduled'] }, failedWording(delivery, code, reason, at), at)
		if (!changed) return
		logger.warn('delivery_failed', { deliveryId: delivery.id, platform: delivery.platform, code })
		await mailFailure(delivery, title, reason).catch((error: unknown) => logger.error('delivery_mail_failed', { error: String(error) }))
	}

	/** A short German mail to the user (greeting, lines, a link back into the app). */
	// `write` gets the texts' templates in the user's spelling (ADR 0013), before titles and names go in.
	async function mailUser(userId: string, write: (sp: (template: string) => string) => { subject: string; lines: Array<string> }, path: string) {
		const user = await db.selectFrom('users').innerJoin('profiles', 'profiles.id', 'users.id').select(['users.email', 'users.spelling', 'profiles.full_name']).where('users.id', '=', userId).executeTakeFirst()
		if (!user) return
		const sp = (template: string) => spell(template, isSpelling(user.spelling) ? user.spelling : 'de')
		const { subject, lines } = write(sp)
		const all = [`Hallo ${(user.full_name || user.email).replace(/[\r\n]+/g, ' ')},`, '', ...lines, '', sp(texts.mail.open), `${deps.appUrl}${path}`]
		const escape = (l: string) => l.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
		await deps.mailer.send({ to: user.email, subject, text: all.join('\n'), html: `<p>${all.map(escape).join('<br>')}</p>` })
	}

	async function mailFailure(delivery: Delivery, title: string | null, reason: string) {
		// 'E-Mail bei fehlgeschlagenen Posts' in the settings (users.notify_failed_posts).
		const wanted = await db.selectFrom('users').select('notify_failed_posts').where('id', '=', delivery.user_id).executeTakeFirst()
		if (!wanted?.notify_failed_posts) return
		// The channel too: with two accounts on one network the user must know which one failed.
		const platform = channelLabel(delivery.platform, await deliveryChannelName(db, delivery.id))
		const named = title?.trim() || (await postName(delivery))
		await mailUser(delivery.user_id, (sp) => ({ subject: fill(sp(texts.mail.failedSubject), { platform }), lines: [fill(sp(texts.mail.failedIntro), { title: named, platform }), fill(sp(texts.mail.reason), { reason: sp(reason) })] }), '/posts')
	}

	/** A failure mail always names the post: its title, else the start of its text for that network. */
	async function postName(delivery: Delivery) {
		const post = await postForDelivery(db, registered, delivery.post_id)
		if (!post) return texts.mail.untitled
		return post.title.trim() || truncate(textFor(post.content, delivery.platform as Platform), 60) || texts.mail.untitled
	}

	/** Back to 'scheduled' with a new job at the retry instant (the running job then ends normally). */
	async function retryLater(delivery: Delivery, error: PlatformError, atLeastMs = 0) {
		const delay = Math.max(atLeastMs, retryDelay(delivery.attempts, error.retryAfterMs))
		const at = new Date(Date.now() + delay)
		await db.transaction().execute(async (trx) => {
			const row = await trx
				.updateTable('post_deliveries')
				.set({ status: 'scheduled', retry_at: at, scheduled_at: at, error_code: error.code, error_message: reasonFor(error.kind === 'rate_limited' ? 'rate_limited' : 'transient') })
				.where('id', '=', delivery.id)
				.where('attempt_id', '=', delivery.attempt_id)
				.where('status', '=', 'publishing')
				.returning('id')
				.executeTakeFirst()
			if (!row) return
			await enqueueDelivery(trx, delivery.id, at)
			await logActivity(trx, {
				userId: delivery.user_id,
				logType: 'post_publication',
				title: fill(texts.activity.retrying, { platform: platformName(delivery.platform) }),
				description: reasonFor(error.kind === 'rate_limited' ? 'rate_limited' : 'transient'),
				status: 'warning',
				metadata: { postId: delivery.post_id, deliveryId: delivery.id, platform: delivery.platform, code: error.code, retryAt: at.toISOString() },
			})
		})
		logger.info('delivery_retry', { deliveryId: delivery.id, platform: delivery.platform, delayMs: delay, kind: error.kind })
	}

	async function markUnconfirmed(delivery: Delivery, title: string | null) {
		const reason = reasonFor('unconfirmed')
		const at = new Date()
		const changed = await settle(delivery, { status: 'unconfirmed', code: 'unconfirmed', reason, from: ['publishing'] }, unconfirmedWording(delivery, reason, at), at)
		// A mail only for a change that happened (another attempt may have published it meanwhile).
		if (changed) await mailFailure(delivery, title, reason).catch((error: unknown) => logger.error('delivery_mail_failed', { error: String(error) }))
	}

	/**
	 * A token refresh under a row lock (concurrent jobs must not burn a rotating refresh token twice).
	 * true: refreshed; false: the account needs reconnecting (flagged and the user told);
	 * 'later': the platform refused for now (too early, unreachable), the token stays as it is.
	 */
	async function refreshToken(tokenId: string, platform: Platform): Promise<boolean | 'later'> {
		return db.transaction().execute(async (trx) => {
			const row = await trx.selectFrom('social_tokens').selectAll().where('id', '=', tokenId).forUpdate().executeTakeFirstOrThrow()
			try {
				const fresh = await adapterFor(adapters, platform).refreshToken(openToken(box, row))
				await trx.updateTable('social_tokens').set({ ...sealToken(box, fresh), last_refreshed_at: new Date(), status: 'active', reconnect_reason: null }).where('id', '=', tokenId).execute()
				// Page tokens (Facebook) hang on the user token: read them again with the fresh one.
				const pages = await adapterFor(adapters, platform).listPages({ accountId: row.account_id, accessToken: fresh.accessToken, server: row.server, scopes: fresh.scopes })
				for (const page of pages) {
					if (!page.accessToken) continue
					await trx
						.updateTable('channels')
						.set({ access_token_encrypted: box.seal(page.accessToken) })
						.where('social_token_id', '=', tokenId)
						.where('page_id', '=', page.pageId)
						.execute()
				}
				return true
			} catch (error) {
				if (error instanceof PlatformError && error.kind !== 'auth_expired' && error.kind !== 'permission_missing') return 'later' as const
				const code = error instanceof PlatformError ? error.code : 'reconnect_required'
				await trx.updateTable('social_tokens').set({ status: 'reconnect_required', reconnect_reason: reasonFor(code) }).where('id', '=', tokenId).execute()
				await logActivity(trx, { userId: row.user_id, logType: 'social_connection', title: fill(texts.activity.reconnect, { platform: platformName(platform) }), description: reasonFor(code), status: 'warning', metadata: { platform } })
				await notifyChange(trx, { userId: row.user_id, topic: 'connections' })
				return false
			}
		})
	}

	const checkpointOf = (delivery: Delivery) => (delivery.checkpoint ?? {}) as Record<string, string>

	/** Since when to look for the post: the first attempt whose outcome was unknown, else this attempt. */
	function reconcileSince(delivery: Delivery) {
		const earlier = checkpointOf(delivery)[RESEND_AFTER]
		return earlier ? new Date(earlier) : (delivery.attempt_started_at ?? delivery.created_at)
	}

	/** The post on the network, null when it is not there, undefined when nobody can tell (the lookup failed). */
	async function lookFor(delivery: Delivery, loaded: { target: PublishTarget; content: PublishContent }) {
		try {
			return await adapterFor(adapters, delivery.platform).findPublished(loaded.target, loaded.content, checkpointOf(delivery), reconcileSince(delivery))
		} catch (error) {
			logger.warn('reconcile_failed', { deliveryId: delivery.id, error: error instanceof Error ? error.message : String(error) })
			return undefined
		}
	}

	/**
	 * After an unknown outcome (a 5xx, a request without an answer, or a crashed attempt): the post is
	 * looked for, never sent blindly. When it is not there, the delivery waits and looks once more before
	 * it sends again (with the saved checkpoints as `previous`, so networks with a key dedupe it): after a
	 * server error the usual backoff, after silence until SILENT_LOOK_AGAIN_MS since the request (a request
	 * the network was still working on shows up by then). It ends 'unconfirmed' only when nobody can tell
	 * (the lookup failed) or the attempts are used up. See docs/decisions/0017-unknown-outcomes.md.
	 */
	async function reconcile(delivery: Delivery, cause?: PlatformError) {
		const loaded = await target(delivery)
		if ('error' in loaded) return markUnconfirmed(delivery, null)
		const found = await lookFor(delivery, loaded)
		if (found) return markPublished(delivery, found)
		if (found === null && delivery.attempts < MAX_DELIVERY_ATTEMPTS) {
			await saveCheckpoint(delivery, { [RESEND_AFTER]: reconcileSince(delivery).toISOString() })
			const answered = cause?.status !== undefined && cause.status !== null && cause.status >= 500
			const sentAt = delivery.request_sent_at?.getTime() ?? Date.now()
			const wait = answered ? 0 : Math.max(0, sentAt + SILENT_LOOK_AGAIN_MS - Date.now())
			return retryLater(delivery, cause ?? new PlatformError({ kind: 'unknown_outcome', code: 'unknown_outcome', message: 'attempt ended without an answer' }), wait)
		}
		return markUnconfirmed(delivery, loaded.title)
	}

	async function saveCheckpoint(delivery: Delivery, data: Record<string, string>) {
		await db
			.updateTable('post_deliveries')
			.set({ checkpoint: sql`checkpoint || ${JSON.stringify(data)}::jsonb` })
			.where('id', '=', delivery.id)
			.where('attempt_id', '=', delivery.attempt_id)
			.execute()
		delivery.checkpoint = { ...(delivery.checkpoint as object), ...data }
	}

	async function send(delivery: Delivery, signal?: AbortSignal, preloaded?: Loaded): Promise<void> {
		const attempt = delivery.attempt_id!
		inFlight.add(attempt)
		try {
			return await sendAttempt(delivery, signal, preloaded)
		} finally {
			inFlight.delete(attempt)
		}
	}

	async function sendAttempt(delivery: Delivery, signal?: AbortSignal, preloaded?: Loaded): Promise<void> {
		const platform = delivery.platform as Platform
		const loaded = await target(delivery, preloaded)
		if ('error' in loaded) return fail(delivery, loaded.error, null)
		if (checkpointOf(delivery)[RESEND_AFTER]) {
			// An earlier attempt's server error: the post may have landed since; look once more before sending again.
			const found = await lookFor(delivery, loaded)
			if (found) return markPublished(delivery, found)
			if (found === undefined) return markUnconfirmed(delivery, loaded.title)
		}
		// The network's rules once more (the text or image may have changed since planning): a post it
		// would refuse fails here with the rule's reason, without a request. An empty text was confirmed when planned.
		const descriptor = descriptorOf(deps.descriptors, platform)
		if (descriptor) {
			const problem = preflight(descriptor, { text: loaded.content.text, image: await imageFacts(loaded.imageUrl, deps.files ?? null) }).find((p) => p.severity === 'error')
			if (problem) return fail(delivery, problem.code, loaded.title, preflightMessage(descriptor, problem))
		}
		let refreshed = false
		for (;;) {
			try {
				const markSent = async () => {
					deps.faultPoint?.('before_send')
					// Another worker took this attempt over (this one was taken for dead): it sends, not we.
					if (!(await markSentBatch(delivery))) throw new AttemptTakenOver(delivery.id)
				}
				const published = await createRequestGuard.run({ beforeCreate: markSent }, () => adapterFor(adapters, platform).publish(loaded.target, loaded.content, {
					signal,
					previous: { ...checkpointOf(delivery) },
					checkpoint: (data) => saveCheckpoint(delivery, data),
				}))
				deps.faultPoint?.('after_send')
				return markPublished(delivery, published)
			} catch (error) {
				if (error instanceof AttemptTakenOver) {
					logger.warn('delivery_attempt_taken_over', { deliveryId: delivery.id })
					return
				}
				if (!(error instanceof PlatformError)) throw error
				if (error.kind === 'auth_expired' && !refreshed) {
					refreshed = true
					const outcome = await refreshToken(loaded.tokenId, platform)
					if (outcome === 'later' && delivery.attempts < MAX_DELIVERY_ATTEMPTS) return retryLater(delivery, error)
					if (outcome === true) {
						const again = await target(delivery)
						if ('error' in again) return fail(delivery, again.error, loaded.title)
						loaded.target = again.target
						continue
					}
					return fail(delivery, authCodeOf(error), loaded.title)
				}
				if (error.kind === 'auth_expired') return fail(delivery, authCodeOf(error), loaded.title)
				if (error.kind === 'unknown_outcome') return reconcile(delivery, error)
				if ((error.kind === 'rate_limited' || error.kind === 'transient') && delivery.attempts < MAX_DELIVERY_ATTEMPTS) return retryLater(delivery, error)
				return fail(delivery, error.kind === 'transient' || error.kind === 'rate_limited' || error.kind === 'quota_exhausted' || error.kind === 'permission_missing' ? error.kind : error.code, loaded.title)
			}
		}
	}

	return {
		/**
		 * The job handler: claim, then send; a half-done earlier attempt is reconciled, never resent.
		 * `worker` names the process making the attempt (kept on the delivery: who published it).
		 */
		async publishDelivery(deliveryId: string, signal?: AbortSignal, worker: string | null = null) {
			const claimed = await claim(deliveryId, worker)
			if (claimed) return send(claimed.delivery, signal, claimed.loaded)
			const current = await db.selectFrom('post_deliveries').selectAll().where('id', '=', deliveryId).executeTakeFirst()
			if (current?.status !== 'publishing') return
			if (await mayStillBeSending(current, worker)) {
				logger.info('delivery_in_flight', { deliveryId, attemptWorker: current.attempt_worker })
				return
			}
			// A crashed attempt. Without request_sent_at nothing left for the network: send again.
			if (!current.request_sent_at) {
				const reclaimed = await db
					.updateTable('post_deliveries')
					.set({ attempt_id: randomUUID(), attempt_worker: worker, attempt_started_at: sql`now()` })
					.where('id', '=', deliveryId)
					.where('status', '=', 'publishing')
					.where('request_sent_at', 'is', null)
					.where('attempt_id', '=', current.attempt_id)
					.returningAll()
					.executeTakeFirst()
				if (reclaimed) return send(reclaimed, signal)
				return
			}
			return reconcile(current)
		},
		reconcile,
		refreshToken,

		/**
		 * One hour before a delivery is due: a cheap read with its token (refreshing once if needed).
		 * When the account no longer works, the user is warned while there is still time to reconnect.
		 */
		async precheckDelivery(deliveryId: string) {
			const delivery = await db.selectFrom('post_deliveries').selectAll().where('id', '=', deliveryId).where('status', '=', 'scheduled').executeTakeFirst()
			if (!delivery) return
			const loaded = await target(delivery)
			let problem: string | null = 'error' in loaded ? loaded.error : null
			if (!('error' in loaded)) {
				const platform = delivery.platform as Platform
				try {
					await adapterFor(adapters, platform).followerCount(loaded.target)
				} catch (error) {
					if (error instanceof PlatformError && error.kind === 'auth_expired') {
						problem = (await refreshToken(loaded.tokenId, platform)) === false ? authCodeOf(error) : null
					}
				}
			}
			if (!problem) return
			const post = await postForDelivery(db, registered, delivery.post_id)
			const platform = channelLabel(delivery.platform, await deliveryChannelName(db, delivery.id))
			await logActivity(db, {
				userId: delivery.user_id,
				logType: 'post_scheduling',
				title: fill(texts.activity.precheckFailed, { platform }),
				description: reasonFor(problem),
				status: 'warning',
				metadata: { postId: delivery.post_id, deliveryId, platform: delivery.platform, code: problem },
			})
			await mailUser(delivery.user_id, (sp) => ({ subject: fill(sp(texts.mail.precheckSubject), { platform }), lines: [fill(sp(texts.mail.precheckIntro), { title: post?.title ?? '', platform })] }), '/accounts').catch((error: unknown) =>
				logger.error('precheck_mail_failed', { error: String(error) }),
			)
		},
	}
}

export type Publisher = ReturnType<typeof createPublisher>
