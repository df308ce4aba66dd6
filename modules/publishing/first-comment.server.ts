import { sql } from 'kysely'
import { logActivity } from '#modules/activity/index.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import { deliveryTarget } from './delivery-target.server.ts'
import { authCodeOf, fill, platformName, reasonFor, texts } from './messages.ts'
import { createRequestGuard, PlatformError, type Platform, type PostedComment, type PublishTarget } from './ports.ts'
import type { Delivery, PublisherContext } from './publisher-context.server.ts'
import { refreshToken } from './refresh-token.server.ts'
import { adapterFor } from './registry.ts'

// The first comment, a step of the post's delivery (issue 39 item 5, ADR 0053 and its addendum). After
// the post's published record (which set comment_status 'pending') the same job sends the comment:
// 'pending' -> 'sent' with `comment_sent_at` right before the creating request leaves (a synchronous
// commit: from then on a request may have left), then 'published' with its id and link. A lost
// answer or a crash after the marker is looked for under the post (our own comment with this text),
// never sent blindly: found, 'published'; not found after a server error, sent once more; after a
// timeout or a crash, 'unconfirmed'. A failed comment never fails the post: it has its own state, a
// German reason and an activity entry.

/** What sending the comment needs: where, under which post, what, and the token to refresh. */
export type CommentJob = { target: PublishTarget; tokenId: string; externalId: string; text: string }

type Settled = 'published' | 'failed' | 'unconfirmed'

/** Another attempt claimed the comment (or it is no longer pending): this one must not send. */
class CommentTaken extends Error {}

/** How far the looks under the post reach back before the marker (the network's clock may differ from ours). */
const LOOK_BACK_MS = 10 * 60_000

/** Sends the comment of a delivery just recorded published (its comment 'pending'). */
export async function sendFirstComment(ctx: PublisherContext, delivery: Delivery, job: CommentJob): Promise<void> {
	ctx.faultPoint?.('before_comment')
	let marker: Date | null = null
	let refreshed = false
	let resent = false
	for (;;) {
		const claim = async () => {
			// The first send claims the pending comment; a second one (after a refusal that created nothing) renews its own marker.
			const claimed = await claimComment(ctx, delivery.id, marker)
			if (!claimed) throw new CommentTaken()
			marker = claimed
		}
		try {
			const posted = await createRequestGuard.run({ beforeCreate: claim }, () => adapterFor(ctx.adapters, delivery.platform).commentOnPost(job.target, job.externalId, job.text))
			ctx.faultPoint?.('after_comment')
			return void (await settleComment(ctx, delivery, 'published', { posted }))
		} catch (error) {
			if (error instanceof CommentTaken) return ctx.logger.info('first_comment_taken', { deliveryId: delivery.id })
			if (!(error instanceof PlatformError)) throw error
			if (error.kind === 'auth_expired' && !refreshed) {
				refreshed = true
				if ((await refreshToken(ctx, job.tokenId, delivery.platform as Platform)) === true) {
					const again = await deliveryTarget(ctx, delivery)
					if (!('error' in again)) {
						job = { ...job, target: again.target }
						continue
					}
				}
			}
			// Nothing left, or the network answered that it created nothing.
			if (!marker || (error.kind !== 'unknown_outcome' && !serverError(error))) return void (await settleComment(ctx, delivery, 'failed', { code: codeOf(error) }))
			// The request may have left: look before anything else.
			const found = await lookForComment(ctx, delivery, job, marker)
			if (found) return void (await settleComment(ctx, delivery, 'published', { posted: found }))
			if (found === null && serverError(error) && !resent) {
				resent = true
				continue
			}
			return void (await settleComment(ctx, delivery, 'unconfirmed', { code: 'unconfirmed' }))
		}
	}
}

/**
 * A comment whose attempt ended without its outcome (a worker killed after the marker): looked for
 * under the post; found, 'published', else 'unconfirmed' (it may still have landed: never resent).
 */
export async function reconcileFirstComment(ctx: PublisherContext, delivery: Delivery, job: CommentJob) {
	const found = await lookForComment(ctx, delivery, job, delivery.comment_sent_at ?? delivery.published_at ?? new Date())
	await settleComment(ctx, delivery, found ? 'published' : 'unconfirmed', found ? { posted: found } : { code: 'unconfirmed' })
}

/** Our own comment with this text under the post: found, null when it is not there, undefined when nobody can tell. */
async function lookForComment(ctx: PublisherContext, delivery: Delivery, job: CommentJob, since: Date): Promise<PostedComment | null | undefined> {
	try {
		const comments = await adapterFor(ctx.adapters, delivery.platform).listComments(job.target, job.externalId, new Date(since.getTime() - LOOK_BACK_MS))
		const wanted = comparable(job.text)
		const ours = comments.find((c) => c.own && comparable(c.text) === wanted)
		return ours ? { externalId: ours.id, url: null } : null
	} catch (error) {
		ctx.logger.warn('first_comment_lookup_failed', { deliveryId: delivery.id, error: error instanceof Error ? error.message : String(error) })
		return undefined
	}
}

/** A comment as networks list it back: line breaks, spacing and Unicode forms may differ from what was sent. */
const comparable = (text: string) => text.normalize('NFC').replace(/\s+/gu, ' ').trim()

const serverError = (error: PlatformError) => error.status !== null && error.status >= 500

function codeOf(error: PlatformError) {
	if (error.kind === 'auth_expired') return authCodeOf(error)
	const generic = error.kind === 'transient' || error.kind === 'rate_limited' || error.kind === 'quota_exhausted' || error.kind === 'permission_missing'
	return generic ? error.kind : error.code
}

/**
 * 'sent' and the marker, only while the comment is still pending (or, renewing, still this attempt's
 * marker, kept to the millisecond so the one read back matches): the new marker, or null when another
 * attempt has it. Its commit waits for the disk.
 */
async function claimComment({ db }: PublisherContext, deliveryId: string, previous: Date | null): Promise<Date | null> {
	const row = await db
		.updateTable('post_deliveries')
		.set({ comment_status: 'sent', comment_sent_at: sql<Date>`date_trunc('milliseconds', clock_timestamp())` })
		.where('id', '=', deliveryId)
		.where('status', '=', 'published')
		.$if(previous === null, (q) => q.where('comment_status', '=', 'pending'))
		.$if(previous !== null, (q) => q.where('comment_status', '=', 'sent').where('comment_sent_at', '=', previous!))
		.returning('comment_sent_at')
		.executeTakeFirst()
	return row?.comment_sent_at ?? null
}

/** The German reason of a comment that failed or stayed unconfirmed (the card, the API and the activity entry show it). */
export function commentReason(code: string | null) {
	if (code === 'unconfirmed') return texts.firstComment.unconfirmed
	const own = (texts.firstComment.reasons as Record<string, string>)[code ?? '']
	return fill(texts.firstComment.failed, { reason: own ?? reasonFor(code) })
}

/** Records the comment's outcome (only from 'pending' or 'sent'; a found one also from 'unconfirmed') and, for a failure, its activity entry. */
export async function settleComment(ctx: PublisherContext, delivery: Delivery, outcome: Settled, detail: { posted?: PostedComment; code?: string }) {
	const changed = await ctx.db.transaction().execute(async (trx) => {
		const row = await trx
			.updateTable('post_deliveries')
			.set({
				comment_status: outcome,
				comment_external_id: detail.posted?.externalId ?? null,
				comment_url: detail.posted?.url ?? null,
				comment_error_code: detail.code ?? null,
			})
			.where('id', '=', delivery.id)
			.where('comment_status', 'in', outcome === 'published' ? ['pending', 'sent', 'unconfirmed'] : ['pending', 'sent'])
			.returning('id')
			.executeTakeFirst()
		if (!row) return false
		// Meine Posts shows the comment's state per channel: the user's open pages read it again.
		await notifyChange(trx, { userId: delivery.user_id, topic: 'posts' })
		if (outcome === 'published') return true
		const platform = platformName(delivery.platform)
		await logActivity(trx, {
			userId: delivery.user_id,
			logType: 'post_publication',
			title: fill(outcome === 'failed' ? texts.firstComment.activityFailed : texts.firstComment.activityUnconfirmed, { platform }),
			description: commentReason(detail.code ?? null),
			status: 'warning',
			metadata: { postId: delivery.post_id, deliveryId: delivery.id, platform: delivery.platform, code: detail.code ?? null, firstComment: outcome },
		})
		return true
	})
	if (changed) ctx.logger[outcome === 'published' ? 'info' : 'warn'](`first_comment_${outcome}`, { deliveryId: delivery.id, platform: delivery.platform, code: detail.code })
}
