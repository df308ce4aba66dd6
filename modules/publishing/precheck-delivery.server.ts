import { logActivity } from '#modules/activity/index.ts'
import { postForDelivery } from '#modules/content/index.ts'
import { deliveryTarget, type DeliveryTarget } from './delivery-target.server.ts'
import { authCodeOf, channelLabel, fill, reasonFor, texts } from './messages.ts'
import { deliveryChannelName } from './post-channels.server.ts'
import { PlatformError, type Platform } from './ports.ts'
import type { Delivery, PublisherContext } from './publisher-context.server.ts'
import { mailUser } from './publisher-mail.server.ts'
import { refreshToken } from './refresh-token.server.ts'
import { adapterFor } from './registry.ts'

/**
 * One hour before a delivery is due: a cheap read with its token (refreshing once if needed).
 * When the account no longer works, the user is warned while there is still time to reconnect.
 */
export async function precheckDelivery(ctx: PublisherContext, deliveryId: string) {
	const delivery = await ctx.db.selectFrom('post_deliveries').selectAll().where('id', '=', deliveryId).where('status', '=', 'scheduled').executeTakeFirst()
	if (!delivery) return
	const loaded = await deliveryTarget(ctx, delivery)
	const problem = 'error' in loaded ? loaded.error : await accountProblem(ctx, delivery, loaded)
	if (!problem) return
	const post = await postForDelivery(ctx.db, ctx.registered, delivery.post_id)
	const platform = channelLabel(delivery.platform, await deliveryChannelName(ctx.db, delivery.id))
	await logActivity(ctx.db, {
		userId: delivery.user_id,
		logType: 'post_scheduling',
		title: fill(texts.activity.precheckFailed, { platform }),
		description: reasonFor(problem),
		status: 'warning',
		metadata: { postId: delivery.post_id, deliveryId, platform: delivery.platform, code: problem },
	})
	await mailUser(ctx, delivery.user_id, (sp) => ({ subject: fill(sp(texts.mail.precheckSubject), { platform }), lines: [fill(sp(texts.mail.precheckIntro), { title: post?.title ?? '', platform })] }), '/accounts').catch((error: unknown) =>
		ctx.logger.error('precheck_mail_failed', { error: String(error) }),
	)
}

/** The reason code when the account no longer works (after one refresh), else null. */
async function accountProblem(ctx: PublisherContext, delivery: Delivery, loaded: DeliveryTarget) {
	const platform = delivery.platform as Platform
	try {
		await adapterFor(ctx.adapters, platform).followerCount(loaded.target)
		return null
	} catch (error) {
		if (!(error instanceof PlatformError && error.kind === 'auth_expired')) return null
		return (await refreshToken(ctx, loaded.tokenId, platform)) === false ? authCodeOf(error) : null
	}
}
