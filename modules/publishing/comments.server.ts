import { sql } from 'kysely'
import type { Db, Trx } from '#modules/core/db.server.ts'
import type { SecretBox } from '#modules/core/crypto.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { PlatformError, type Platform, type PlatformAdapter, type PlatformComment, type PublishTarget } from './ports.ts'
import type { Publisher } from './publisher.server.ts'
import { authCodeOf } from './messages.ts'
import { deliveryPage } from './pages.server.ts'
import { targetOf } from './tokens.server.ts'
import { adapterFor, type PlatformAdapters } from './registry.ts'

// Comments on the user's published posts and exactly-once replies to them (the auto-reply tool).
// A reply is claimed first (a 'sending' row, committed before the network call); unique
// (delivery_id, comment_id) makes a second or concurrent run find it taken. A row a crash left
// 'sending' is reconciled: the reply is looked for on the network ('sent' when found), else
// 'unknown' — it is never sent blindly again.

export type PublishedDelivery = { id: string; postId: string; platform: Platform; externalId: string; publishedAt: Date }

export type CommentsResult = { ok: true; comments: Array<PlatformComment> } | { ok: false; error: string }

export type ReplyOutcome = 'sent' | 'failed' | 'unknown'

export type ReplyInput = {
	userId: string
	deliveryId: string
	comment: Pick<PlatformComment, 'id' | 'authorName' | 'text'>
	template: string
	text: string
	/** Called in the transaction that settles the reply ('sent', 'failed', 'unknown'): the caller's record (tool run, log). */
	record?: (trx: Trx, outcome: ReplyOutcome, detail: { replyId: string | null; errorCode: string | null }) => Promise<void>
}

/** 'taken': another run claimed this comment before (answered, failed or in flight). */
export type ReplyResult = { status: ReplyOutcome | 'taken' | 'not_found'; replyId?: string | null; errorCode?: string | null }

/** A reply left 'sending' this long is a crashed attempt (a live one finishes within the publish timeout). */
export const STALE_SENDING_MS = 5 * 60_000

export function createCommentReplies(deps: { db: Db; adapters: PlatformAdapters; box: SecretBox; logger: Logger; publisher: Publisher; faultPoint?: (point: 'before_send' | 'after_send') => void }) {
	const { db, adapters, box, logger, publisher } = deps

	/** The user's published delivery with the page and token it went out with. */
	async function load(userId: string, deliveryId: string) {
		const delivery = await db
			.selectFrom('post_deliveries')
			.select(['id', 'post_id', 'platform', 'external_id', 'channel_id', 'published_at'])
			.where('id', '=', deliveryId)
			.where('user_id', '=', userId)
			.where('status', '=', 'published')
			.where('external_id', 'is not', null)
			.executeTakeFirst()
		if (!delivery) return null
		const page = await deliveryPage(db, { user_id: userId, platform: delivery.platform, channel_id: delivery.channel_id, post_id: delivery.post_id })
		return { delivery, page: page ?? null }
	}

	type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>

	const pageTarget = (page: NonNullable<Loaded['page']>): PublishTarget => targetOf(box, page)

	/** Runs an adapter call with the delivery's token; an expired token is refreshed once. */
	async function withTarget<T>(userId: string, deliveryId: string, run: (adapter: PlatformAdapter, target: PublishTarget, externalId: string) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
		let loaded = await load(userId, deliveryId)
		if (!loaded) return { ok: false, error: 'not_found' }
		let refreshed = false
		for (;;) {
			if (!loaded.page) return { ok: false, error: 'not_connected' }
			if (loaded.page.token_status !== 'active') return { ok: false, error: 'reconnect_required' }
			const platform = loaded.delivery.platform as Platform
			try {
				return { ok: true, value: await run(adapterFor(adapters, platform), pageTarget(loaded.page), loaded.delivery.external_id!) }
			} catch (error) {
				if (!(error instanceof PlatformError)) throw error
				if (error.kind === 'auth_expired' && !refreshed) {
					refreshed = true
					if ((await publisher.refreshToken(loaded.page.token_id, platform)) === true) {
						loaded = (await load(userId, deliveryId))!
						continue
					}
				}
				throw error
			}
		}
	}

	async function settle(row: { id: string }, input: ReplyInput, outcome: ReplyOutcome, detail: { replyId: string | null; errorCode: string | null }) {
		return db.transaction().execute(async (trx) => {
			const updated = await trx
				.updateTable('comment_replies')
				.set({ status: outcome, reply_external_id: detail.replyId, error_code: detail.errorCode, sent_at: outcome === 'sent' ? sql<Date>`now()` : null })
				.where('id', '=', row.id)
				// An in-flight attempt may still confirm a reply that a reconcile had to call unknown.
				.where('status', 'in', outcome === 'sent' ? ['sending', 'unknown'] : ['sending'])
				.returning('id')
				.executeTakeFirst()
			if (updated) await input.record?.(trx, outcome, detail)
			return Boolean(updated)
		})
	}

	/** A crashed attempt: look for the reply on the network; found → 'sent', otherwise 'unknown' (never resent). */
	async function reconcile(input: ReplyInput, row: { id: string; reply_text: string }): Promise<ReplyResult> {
		try {
			const found = await withTarget(input.userId, input.deliveryId, (adapter, target, externalId) => adapter.findReply(target, externalId, input.comment.id, row.reply_text))
			if (found.ok && found.value) {
				await settle(row, input, 'sent', { replyId: found.value.externalId, errorCode: null })
				return { status: 'sent', replyId: found.value.externalId }
			}
		} catch (error) {
			logger.warn('reply_reconcile_failed', { deliveryId: input.deliveryId, error: error instanceof Error ? error.message : String(error) })
			// Nobody knows yet: try again on a later run.
			return { status: 'taken' }
		}
		await settle(row, input, 'unknown', { replyId: null, errorCode: 'unconfirmed' })
		return { status: 'unknown', errorCode: 'unconfirmed' }
	}

	return {
		/** The user's deliveries published on these platforms within the last `sinceDays` days (newest first). */
		async recentPublishedDeliveries(userId: string, platforms: Array<Platform>, sinceDays: number): Promise<Array<PublishedDelivery>> {
			if (!platforms.length) return []
			const rows = await db
				.selectFrom('post_deliveries')
				.select(['id', 'post_id', 'platform', 'external_id', 'published_at'])
				.where('user_id', '=', userId)
				.where('status', '=', 'published')
				.where('external_id', 'is not', null)
				.where('platform', 'in', platforms)
				.where('published_at', '>', sql<Date>`now() - ${`${sinceDays} days`}::interval`)
				.orderBy('published_at', 'desc')
				.limit(200)
				.execute()
			return rows.map((r) => ({ id: r.id, postId: r.post_id, platform: r.platform as Platform, externalId: r.external_id!, publishedAt: r.published_at! }))
		},

		/**
		 * Comments on the user's published delivery since it was published, without the account's own
		 * comments and without the replies this app wrote. Another user's delivery is 'not_found'.
		 */
		async listComments(userId: string, deliveryId: string): Promise<CommentsResult> {
			try {
				const result = await withTarget(userId, deliveryId, async (adapter, target, externalId) => {
					const published = await db.selectFrom('post_deliveries').select('published_at').where('id', '=', deliveryId).executeTakeFirstOrThrow()
					return adapter.listComments(target, externalId, new Date(published.published_at!.getTime() - 5 * 60_000))
				})
				if (!result.ok) return result
				const ours = await db.selectFrom('comment_replies').select('reply_external_id').where('delivery_id', '=', deliveryId).where('reply_external_id', 'is not', null).execute()
				const replies = new Set(ours.map((r) => r.reply_external_id))
				return { ok: true, comments: result.value.filter((c) => !c.own && !replies.has(c.id)) }
			} catch (error) {
				if (error instanceof PlatformError) return { ok: false, error: error.kind === 'auth_expired' ? authCodeOf(error) : error.code }
				throw error
			}
		},

		/**
		 * Comment ids of the delivery that need no more work: answered, failed, unknown or in flight.
		 * A reply a crash left 'sending' is not among them, so the next run reconciles it.
		 */
		async repliedComments(userId: string, deliveryId: string): Promise<Set<string>> {
			const rows = await db
				.selectFrom('comment_replies')
				.select('comment_id')
				.where('user_id', '=', userId)
				.where('delivery_id', '=', deliveryId)
				.where((eb) => eb.or([eb('status', '<>', 'sending'), eb('created_at', '>', new Date(Date.now() - STALE_SENDING_MS))]))
				.execute()
			return new Set(rows.map((r) => r.comment_id))
		},

		/**
		 * Answers a comment exactly once. Claims the reply (a committed 'sending' row) before the call;
		 * a comment claimed before is 'taken' — unless its row was left 'sending' by a crash, which is
		 * reconciled instead of sent again.
		 */
		async replyToComment(input: ReplyInput): Promise<ReplyResult> {
			const loaded = await load(input.userId, input.deliveryId)
			if (!loaded) return { status: 'not_found' }
			const claimed = await db
				.insertInto('comment_replies')
				.values({
					user_id: input.userId,
					delivery_id: input.deliveryId,
					platform: loaded.delivery.platform,
					comment_id: input.comment.id.slice(0, 500),
					comment_author: input.comment.authorName.slice(0, 300),
					comment_text: input.comment.text.slice(0, 5000),
					template: input.template.slice(0, 500),
					reply_text: input.text.slice(0, 5000),
					status: 'sending',
				})
				.onConflict((oc) => oc.columns(['delivery_id', 'comment_id']).doNothing())
				.returning(['id', 'reply_text'])
				.executeTakeFirst()
			if (!claimed) {
				const existing = await db
					.selectFrom('comment_replies')
					.select(['id', 'reply_text', 'status', 'created_at'])
					.where('delivery_id', '=', input.deliveryId)
					.where('comment_id', '=', input.comment.id)
					.where('user_id', '=', input.userId)
					.executeTakeFirst()
				if (existing?.status === 'sending' && Date.now() - existing.created_at.getTime() > STALE_SENDING_MS) return reconcile(input, existing)
				return { status: 'taken' }
			}
			try {
				deps.faultPoint?.('before_send')
				const result = await withTarget(input.userId, input.deliveryId, (adapter, target, externalId) => adapter.replyToComment(target, externalId, input.comment.id, claimed.reply_text))
				deps.faultPoint?.('after_send')
				if (!result.ok) {
					await settle(claimed, input, 'failed', { replyId: null, errorCode: result.error })
					return { status: 'failed', errorCode: result.error }
				}
				await settle(claimed, input, 'sent', { replyId: result.value.externalId, errorCode: null })
				return { status: 'sent', replyId: result.value.externalId }
			} catch (error) {
				if (!(error instanceof PlatformError)) throw error
				if (error.kind === 'unknown_outcome') return reconcile(input, claimed)
				if (error.kind === 'transient' || error.kind === 'rate_limited') {
					// Nothing was created: release the claim, a later run tries again.
					await db.deleteFrom('comment_replies').where('id', '=', claimed.id).where('status', '=', 'sending').execute()
					return { status: 'failed', errorCode: error.code }
				}
				const code = error.kind === 'auth_expired' ? authCodeOf(error) : error.kind === 'permission_missing' ? 'permission_missing' : error.code
				await settle(claimed, input, 'failed', { replyId: null, errorCode: code })
				return { status: 'failed', errorCode: code }
			}
		},
	}
}

export type CommentReplies = ReturnType<typeof createCommentReplies>
