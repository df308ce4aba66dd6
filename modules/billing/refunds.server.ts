import { sql } from 'kysely'
import { z } from 'zod'
import type { Db } from '#modules/core/db.server.ts'
import { defineJob, handleJob } from '#modules/core/jobs.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import type { PaymentProvider } from './ports.ts'

/** The offline test checkout: nothing is charged, so nothing is refunded. */
export const TEST_CHECKOUT_PROVIDER = 'test-checkout'

/**
 * Written in the fulfilment transaction when a paid checkout cannot be fulfilled (its discount
 * code was used up by others at the same moment): the provider gives the money back.
 */
export const refundPaymentJob = defineJob({ id: 'billing_refund_payment', schema: z.object({ paymentId: z.uuid() }), maxAttempts: 10 })

export function createRefundTask(deps: { db: Db; provider: PaymentProvider | null; logger: Logger }) {
	return handleJob(refundPaymentJob, async ({ paymentId }) => {
		const payment = await deps.db
			.selectFrom('payments')
			.select(['id', 'provider', 'provider_session_id', 'status', 'failure_reason'])
			.where('id', '=', paymentId)
			.executeTakeFirst()
		if (!payment || payment.status !== 'failed' || payment.failure_reason !== 'discount_exhausted' || !payment.provider_session_id) return
		if (!deps.provider?.refund || deps.provider.id !== payment.provider) {
			deps.logger.error('payment_refund_unavailable', { paymentId, provider: payment.provider })
			return
		}
		await deps.provider.refund({ sessionId: payment.provider_session_id, paymentId })
		await deps.db
			.updateTable('payments')
			.set({ status: 'refunded', paid_at: sql<Date>`coalesce(paid_at, now())` })
			.where('id', '=', paymentId)
			.where('status', '=', 'failed')
			.execute()
		deps.logger.warn('payment_refunded', { paymentId, reason: 'discount_exhausted' })
	})
}

/** Written when a new plan replaces a live provider subscription: the old one must stop billing. */
export const cancelReplacedSubscriptionJob = defineJob({
	id: 'billing_cancel_replaced_subscription',
	schema: z.object({ provider: z.string().min(1).max(50), subscriptionId: z.string().min(1).max(500) }),
	maxAttempts: 10,
})

export function createCancelReplacedTask(deps: { provider: PaymentProvider | null; logger: Logger }) {
	return handleJob(cancelReplacedSubscriptionJob, async ({ provider, subscriptionId }) => {
		if (!deps.provider?.cancelSubscription || deps.provider.id !== provider) {
			deps.logger.error('subscription_cancel_unavailable', { provider, subscriptionId })
			return
		}
		await deps.provider.cancelSubscription(subscriptionId)
		deps.logger.info('replaced_subscription_cancelled', { provider })
	})
}
