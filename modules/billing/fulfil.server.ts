import { setSubscriptionType, type SubscriptionType } from '#modules/accounts/index.ts'
import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { enqueue } from '#modules/core/jobs.server.ts'
import { grantCredits } from '#modules/credits/index.ts'
import { claimDiscountUse } from './discounts.server.ts'
import type { PaymentEvent, PaymentEventAction, SubscriptionPeriod } from './ports.ts'
import { cancelReplacedSubscriptionJob, refundPaymentJob, TEST_CHECKOUT_PROVIDER } from './refunds.server.ts'

export type FulfilResult =
	| 'fulfilled'
	| 'already_fulfilled'
	| 'duplicate_event'
	| 'unknown_session'
	| 'unknown_subscription'
	| 'not_pending'
	| 'not_paid'
	| 'discount_exhausted'
	| 'expired'
	| 'updated'
	| 'ignored'

/** Ledger types of the two grants (labels in locales/de/settings.json credits.types). */
export const PURCHASE_TYPE = 'purchase'
export const ALLOWANCE_TYPE = 'allowance'

/**
 * Applies one provider event exactly once: the event id goes into the payment_events inbox in the
 * same transaction as its effect, so a redelivered (or concurrently delivered) event is a no-op.
 */
export async function applyPaymentEvent(db: Db, provider: string, event: PaymentEvent, now: Date): Promise<FulfilResult> {
	return db.transaction().execute(async (trx) => {
		const inserted = await trx
			.insertInto('payment_events')
			.values({ provider, event_id: event.id, type: event.type, payload: JSON.stringify(event.payload ?? {}) })
			.onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
			.returning('id')
			.executeTakeFirst()
		if (!inserted) return 'duplicate_event'
		const result = await applyAction(trx, provider, event.action, now)
		await trx.updateTable('payment_events').set({ processed_at: now }).where('id', '=', inserted.id).execute()
		return result
	})
}

async function applyAction(trx: DbOrTrx, provider: string, action: PaymentEventAction, now: Date): Promise<FulfilResult> {
	switch (action.kind) {
		case 'checkout_completed':
			if (!action.paid) return 'not_paid'
			return completeCheckout(trx, provider, action.sessionId, action.subscription ?? null, now)
		case 'checkout_expired':
		case 'checkout_failed': {
			const row = await trx
				.updateTable('payments')
				.set(action.kind === 'checkout_failed' ? { status: 'failed', failure_reason: 'payment_failed' } : { status: 'expired' })
				.where('provider', '=', provider)
				.where('provider_session_id', '=', action.sessionId)
				.where('status', '=', 'pending')
				.returning('id')
				.executeTakeFirst()
			return row ? 'expired' : 'ignored'
		}
		case 'invoice_paid':
			return renewSubscription(trx, provider, action)
		case 'subscription_updated':
			return updateSubscription(trx, provider, action, now)
		case 'subscription_deleted':
			return endSubscription(trx, provider, action.subscriptionId, now)
		case 'ignored':
			return 'ignored'
	}
}

/**
 * Fulfils a paid checkout once per checkout (the payments row is locked and must still be pending):
 * claims the discount use (never beyond max uses), then adds the credit pack's credits with a
 * ledger row, or activates the plan and grants its first monthly credits.
 */
export async function completeCheckout(
	trx: DbOrTrx,
	provider: string,
	sessionId: string,
	subscription: { id: string; customerId: string | null; period: SubscriptionPeriod } | null,
	now: Date,
): Promise<FulfilResult> {
	const payment = await trx
		.selectFrom('payments')
		.select(['id', 'user_id', 'kind', 'plan_id', 'credit_pack_id', 'credits', 'amount_chf', 'discount_amount_chf', 'discount_code_id', 'status'])
		.where('provider', '=', provider)
		.where('provider_session_id', '=', sessionId)
		.forUpdate()
		.executeTakeFirst()
	if (!payment) return 'unknown_session'
	if (payment.status === 'paid') return 'already_fulfilled'
	if (payment.status !== 'pending') return 'not_pending'

	if (payment.discount_code_id) {
		const claimed = await claimDiscountUse(trx, payment.discount_code_id)
		if (!claimed) {
			await trx.updateTable('payments').set({ status: 'failed', failure_reason: 'discount_exhausted' }).where('id', '=', payment.id).execute()
			// The money was taken for a discount that is no longer there: give it back.
			if (provider !== TEST_CHECKOUT_PROVIDER && Number(payment.amount_chf) > 0) await enqueue(trx, refundPaymentJob, { paymentId: payment.id }, { jobKey: `refund:${payment.id}` })
			return 'discount_exhausted'
		}
		await trx
			.insertInto('discount_redemptions')
			.values({ discount_code_id: claimed.id, code: claimed.code, user_id: payment.user_id, payment_id: payment.id, amount_chf: payment.discount_amount_chf })
			.execute()
	}

	await trx
		.updateTable('payments')
		.set({ status: 'paid', paid_at: now, provider_subscription_id: subscription?.id ?? null })
		.where('id', '=', payment.id)
		.execute()

	if (payment.kind === 'credit_pack') {
		await grantCredits(trx, {
			userId: payment.user_id,
			amount: payment.credits,
			type: PURCHASE_TYPE,
			reference: `payment:${payment.id}`,
			priceChf: Number(payment.amount_chf),
		})
		return 'fulfilled'
	}

	const planId = payment.plan_id as SubscriptionType
	const period = subscription?.period
	if (!subscription || !period) throw new Error(`checkout ${sessionId} is a subscription without subscription details`)
	// A new plan replaces a live one (upgrade or downgrade through a new checkout).
	const replaced = await trx
		.updateTable('subscriptions')
		.set({ status: 'canceled', canceled_at: now })
		.where('user_id', '=', payment.user_id)
		.where('status', '<>', 'canceled')
		.where((eb) => eb.not(eb.and([eb('provider', '=', provider), eb('provider_subscription_id', '=', subscription.id)])))
		.returning(['provider', 'provider_subscription_id'])
		.execute()
	for (const old of replaced) {
		if (old.provider === TEST_CHECKOUT_PROVIDER) continue
		await enqueue(trx, cancelReplacedSubscriptionJob, { provider: old.provider, subscriptionId: old.provider_subscription_id }, { jobKey: `cancel:${old.provider}:${old.provider_subscription_id}` })
	}
	const row = await trx
		.insertInto('subscriptions')
		.values({
			user_id: payment.user_id,
			plan_id: planId,
			provider,
			provider_subscription_id: subscription.id,
			provider_customer_id: subscription.customerId,
			status: 'active',
			current_period_start: period.start,
			current_period_end: period.end,
		})
		.onConflict((oc) =>
			oc.columns(['provider', 'provider_subscription_id']).doUpdateSet({
				plan_id: planId,
				status: 'active',
				current_period_start: period.start,
				current_period_end: period.end,
			}),
		)
		.returning(['id', 'current_period_start'])
		.executeTakeFirstOrThrow()
	await setSubscriptionType(trx, payment.user_id, planId)
	await grantAllowance(trx, { subscriptionId: row.id, userId: payment.user_id, credits: payment.credits, periodStart: new Date(row.current_period_start), priceChf: Number(payment.amount_chf) })
	return 'fulfilled'
}

/** The monthly credits of one subscription period, at most once per period (the ledger reference). */
export async function grantAllowance(trx: DbOrTrx, input: { subscriptionId: string; userId: string; credits: number; periodStart: Date; priceChf: number }) {
	if (input.credits <= 0) return null
	return grantCredits(trx, {
		userId: input.userId,
		amount: input.credits,
		type: ALLOWANCE_TYPE,
		reference: `subscription:${input.subscriptionId}:${input.periodStart.toISOString()}`,
		priceChf: input.priceChf,
	})
}

async function lockSubscription(trx: DbOrTrx, provider: string, subscriptionId: string) {
	return trx
		.selectFrom('subscriptions')
		.innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
		.select([
			'subscriptions.id',
			'subscriptions.user_id',
			'subscriptions.plan_id',
			'subscriptions.status',
			'subscriptions.cancel_at_period_end',
			'subscriptions.current_period_start',
			'subscriptions.current_period_end',
			'plans.credits_per_month',
			'plans.price_chf',
		])
		.where('subscriptions.provider', '=', provider)
		.where('subscriptions.provider_subscription_id', '=', subscriptionId)
		.forUpdate('subscriptions')
		.executeTakeFirst()
}

/** A paid invoice: the period it pays for is now current and its allowance is granted (once). */
async function renewSubscription(trx: DbOrTrx, provider: string, action: Extract<PaymentEventAction, { kind: 'invoice_paid' }>): Promise<FulfilResult> {
	const { subscriptionId, period } = action
	const sub = await lockSubscription(trx, provider, subscriptionId)
	// The first invoice can arrive before checkout.session.completed, which grants that period itself.
	if (!sub || sub.status === 'canceled') return 'unknown_subscription'
	const newer = period.start.getTime() >= new Date(sub.current_period_start).getTime()
	if (newer) {
		await trx
			.updateTable('subscriptions')
			.set({ status: 'active', current_period_start: period.start, current_period_end: period.end })
			.where('id', '=', sub.id)
			.execute()
	}
	const priceChf = action.amountRappen !== null ? action.amountRappen / 100 : Number(sub.price_chf)
	// A renewal is a payment of its own (the first invoice belongs to the checkout's payment).
	if (!action.initial && action.invoiceId) {
		await trx
			.insertInto('payments')
			.values({
				user_id: sub.user_id,
				kind: 'subscription',
				plan_id: sub.plan_id,
				credits: sub.credits_per_month,
				amount_chf: priceChf,
				provider,
				provider_session_id: action.invoiceId,
				provider_subscription_id: subscriptionId,
				status: 'paid',
				paid_at: new Date(),
			})
			.onConflict((oc) => oc.column('provider_session_id').doNothing())
			.execute()
	}
	await grantAllowance(trx, { subscriptionId: sub.id, userId: sub.user_id, credits: sub.credits_per_month, periodStart: period.start, priceChf })
	return 'fulfilled'
}

const STATUS: Record<string, 'active' | 'past_due' | 'canceled'> = {
	active: 'active',
	trialing: 'active',
	past_due: 'past_due',
	unpaid: 'past_due',
	incomplete: 'past_due',
	paused: 'past_due',
	canceled: 'canceled',
	incomplete_expired: 'canceled',
}

async function updateSubscription(
	trx: DbOrTrx,
	provider: string,
	action: Extract<PaymentEventAction, { kind: 'subscription_updated' }>,
	now: Date,
): Promise<FulfilResult> {
	const sub = await lockSubscription(trx, provider, action.subscriptionId)
	if (!sub || sub.status === 'canceled') return 'unknown_subscription'
	const status = STATUS[action.status] ?? 'past_due'
	if (status === 'canceled') return endSubscription(trx, provider, action.subscriptionId, now)
	const period = action.period && action.period.start.getTime() >= new Date(sub.current_period_start).getTime() ? action.period : null
	await trx
		.updateTable('subscriptions')
		.set({
			status,
			cancel_at_period_end: action.cancelAtPeriodEnd,
			...(period ? { current_period_start: period.start, current_period_end: period.end } : {}),
		})
		.where('id', '=', sub.id)
		.execute()
	return 'updated'
}

/** The subscription ended: the user falls back to the free plan (credits already granted stay). */
export async function endSubscription(trx: DbOrTrx, provider: string, subscriptionId: string, now: Date): Promise<FulfilResult> {
	const sub = await lockSubscription(trx, provider, subscriptionId)
	if (!sub) return 'unknown_subscription'
	if (sub.status === 'canceled') return 'already_fulfilled'
	await trx.updateTable('subscriptions').set({ status: 'canceled', canceled_at: now }).where('id', '=', sub.id).execute()
	await fallBackToFree(trx, sub.user_id)
	return 'updated'
}

/** Free again unless another live subscription carries the user. */
async function fallBackToFree(trx: DbOrTrx, userId: string) {
	const live = await trx.selectFrom('subscriptions').select('plan_id').where('user_id', '=', userId).where('status', '<>', 'canceled').executeTakeFirst()
	await setSubscriptionType(trx, userId, (live?.plan_id as SubscriptionType | undefined) ?? 'free')
}

/**
 * The monthly allowance run: a subscription whose period ended is cancelled when it was set to
 * cancel at period end (the user falls back to free); a self-renewing one (the test checkout has
 * no provider to renew it) moves on to its next period. Every live subscription then gets the
 * allowance of its current period, once per period, however often this runs.
 */
export async function runAllowances(db: Db, input: { now: Date; selfRenewing: ReadonlyArray<string>; addMonths: (d: Date, n: number) => Date }) {
	const due = await db.selectFrom('subscriptions').select(['id', 'provider', 'provider_subscription_id']).where('status', '=', 'active').orderBy('id').execute()
	let granted = 0
	let ended = 0
	for (const candidate of due) {
		await db.transaction().execute(async (trx) => {
			const sub = await lockSubscription(trx, candidate.provider, candidate.provider_subscription_id)
			if (!sub || sub.status !== 'active') return
			let start = new Date(sub.current_period_start)
			let end = new Date(sub.current_period_end)
			if (end.getTime() <= input.now.getTime()) {
				if (sub.cancel_at_period_end) {
					await trx.updateTable('subscriptions').set({ status: 'canceled', canceled_at: end }).where('id', '=', sub.id).execute()
					await fallBackToFree(trx, sub.user_id)
					ended++
					return
				}
				if (!input.selfRenewing.includes(candidate.provider)) return // the provider's invoice.paid renews it
				while (end.getTime() <= input.now.getTime()) {
					start = end
					end = input.addMonths(end, 1)
				}
				await trx.updateTable('subscriptions').set({ current_period_start: start, current_period_end: end }).where('id', '=', sub.id).execute()
			}
			const balance = await grantAllowance(trx, { subscriptionId: sub.id, userId: sub.user_id, credits: sub.credits_per_month, periodStart: start, priceChf: Number(sub.price_chf) })
			if (balance !== null) granted++
		})
	}
	return { granted, ended }
}
