import { sql } from 'kysely'
import type { Db } from '#modules/core/db.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { setPostEngagement } from '#modules/content/index.ts'
import { enqueueDelivery } from './deliveries.server.ts'
import { PlatformError, type Platform, type PostMetrics } from './ports.ts'
import type { Publisher } from './publisher.server.ts'
import type { Outbox } from './outbox.server.ts'
import type { SecretBox } from '#modules/core/crypto.server.ts'
import { openToken, targetOf } from './tokens.server.ts'
import { adapterFor, type PlatformAdapters, type PlatformCatalog } from './registry.ts'
import { openCommentDeliveries } from './open-comment.server.ts'

const OVERDUE_SECONDS = 30
const STUCK_MINUTES = 10
const REFRESH_WITHIN_DAYS = 3

/** The safety nets that run as jobs: overdue and stuck deliveries, token refresh, metrics and followers. */
export function createMaintenance({ db, adapters, platforms, box, publisher, outbox, logger }: { db: Db; adapters: PlatformAdapters; platforms: PlatformCatalog; box: SecretBox; publisher: Publisher; outbox: Outbox; logger: Logger }) {
	return {
		/**
		 * Re-enqueues overdue deliveries (same job key: no duplicates), settles attempts that crashed, sends
		 * or reconciles the first comments they left open, and drains the publications a crash or a failing consumer left in the outbox (old consumed ones deleted).
		 */
		async sweep() {
			const overdue = await db
				.selectFrom('post_deliveries')
				.select('id')
				.where('status', '=', 'scheduled')
				.where('scheduled_at', '<', sql<Date>`now() - ${`${OVERDUE_SECONDS} seconds`}::interval`)
				.limit(500)
				.execute()
			if (overdue.length) {
				await db.transaction().execute(async (trx) => {
					for (const row of overdue) await enqueueDelivery(trx, row.id, new Date())
				})
				logger.warn('sweep_requeued', { count: overdue.length })
			}
			const stuck = await db
				.selectFrom('post_deliveries')
				.select('id')
				.where('status', '=', 'publishing')
				.where('attempt_started_at', '<', sql<Date>`now() - ${`${STUCK_MINUTES} minutes`}::interval`)
				.limit(100)
				.execute()
			for (const row of stuck) await publisher.publishDelivery(row.id)
			// First comments a job left open (killed between the post and its comment, or after the comment's marker).
			const comments = await openCommentDeliveries(db)
			for (const row of comments) await publisher.publishDelivery(row.id)
			if (comments.length) logger.warn('sweep_first_comments', { count: comments.length })
			const publications = await outbox.sweep()
			if (publications.drained) logger.warn('sweep_publications_drained', publications)
			return { requeued: overdue.length, settled: stuck.length, comments: comments.length, publications }
		},

		/** Refreshes tokens before they expire; a token that cannot be refreshed is flagged once it is due. */
		async refreshTokens() {
			const due = await db
				.selectFrom('social_tokens')
				.select(['id', 'platform', 'expires_at'])
				.where('status', '=', 'active')
				.where('expires_at', '<', sql<Date>`now() + ${`${REFRESH_WITHIN_DAYS} days`}::interval`)
				.execute()
			for (const token of due) {
				const stillValid = token.expires_at && token.expires_at.getTime() > Date.now()
				if (stillValid) {
					// Refresh where the platform allows it; one that needs a refresh token and has none (LinkedIn
					// outside the partner programme) keeps working until it expires.
					const row = await db.selectFrom('social_tokens').selectAll().where('id', '=', token.id).executeTakeFirstOrThrow()
					if (!openToken(box, row).refreshToken && platforms.get(token.platform)?.refresh === 'refresh-token') continue
				}
				await publisher.refreshToken(token.id, token.platform as Platform)
			}
			return due.length
		},

		/** Engagement of recently published posts and follower counts of all connected pages. */
		async syncMetrics(userId?: string) {
			const pages = await db
				.selectFrom('channels')
				.innerJoin('social_tokens', 'social_tokens.id', 'channels.social_token_id')
				.select(['channels.id', 'channels.user_id', 'channels.is_default', 'channels.platform', 'channels.page_id', 'channels.access_token_encrypted as page_token', 'social_tokens.id as token_id', 'social_tokens.account_id', 'social_tokens.access_token_encrypted', 'social_tokens.refresh_token_encrypted', 'social_tokens.expires_at', 'social_tokens.scopes', 'social_tokens.server'])
				.where('social_tokens.status', '=', 'active')
				.$if(Boolean(userId), (q) => q.where('channels.user_id', '=', userId!))
				.execute()
			let failures = 0
			for (const page of pages) {
				const target = targetOf(box, page)
				try {
					const count = await adapterFor(adapters, page.platform).followerCount(target)
					if (count !== null) await db.updateTable('channels').set({ follower_count: count }).where('id', '=', page.id).execute()
				} catch (error) {
					failures++
					logger.warn('followers_sync_failed', { platform: page.platform, error: error instanceof PlatformError ? error.code : String(error) })
				}
			}
			await sql`update social_tokens t set follower_count = coalesce((select sum(follower_count) from channels p where p.social_token_id = t.id), 0), last_synced_at = now()
				where status = 'active' ${userId ? sql`and user_id = ${userId}` : sql``}`.execute(db)

			const deliveries = await db
				.selectFrom('post_deliveries')
				.select(['post_deliveries.post_id', 'post_deliveries.user_id', 'post_deliveries.platform', 'post_deliveries.external_id', 'post_deliveries.channel_id'])
				.where('post_deliveries.status', '=', 'published')
				.where('post_deliveries.published_at', '>', sql<Date>`now() - interval '30 days'`)
				.$if(Boolean(userId), (q) => q.where('post_deliveries.user_id', '=', userId!))
				.execute()
			const totals = new Map<string, PostMetrics>()
			for (const delivery of deliveries) {
				// A delivery without a chosen page went out through the user's default page for the platform.
				const page = delivery.channel_id
					? pages.find((p) => p.id === delivery.channel_id)
					: pages.find((p) => p.user_id === delivery.user_id && p.platform === delivery.platform && p.is_default)
				if (!page || !delivery.external_id) continue
				const target = targetOf(box, page)
				try {
					const metrics = await adapterFor(adapters, delivery.platform).postMetrics(target, delivery.external_id)
					if (!metrics) continue
					const sum = totals.get(delivery.post_id) ?? { views: 0, likes: 0, comments: 0, shares: 0 }
					totals.set(delivery.post_id, { views: sum.views + metrics.views, likes: sum.likes + metrics.likes, comments: sum.comments + metrics.comments, shares: sum.shares + metrics.shares })
				} catch (error) {
					failures++
					logger.warn('metrics_sync_failed', { platform: delivery.platform, error: error instanceof PlatformError ? error.code : String(error) })
				}
			}
			for (const [postId, metrics] of totals) await setPostEngagement(db, postId, metrics)
			return { pages: pages.length, posts: totals.size, failures }
		},
	}
}
