import { exportBillingData } from './export.server.ts'
import { z } from 'zod'
import type { Mailer, SubscriptionType } from '#modules/accounts/index.ts'
import type { AdminActor } from '#modules/activity/index.ts'
import type { Clock } from '#modules/core/clock.server.ts'
import type { Db } from '#modules/core/db.server.ts'
import { defineJob, handleJob } from '#modules/core/jobs.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { hitRateLimit } from '#modules/core/rate-limit.server.ts'
import { findItem, loadCatalogue, type ItemRef } from './catalogue.server.ts'
import { startCheckout } from './checkout.server.ts'
import { deleteDiscountCode, listDiscountCodes, localNow, saveDiscountCode, setDiscountCodeActive } from './discount-admin.server.ts'
import { listPlanLimits, setPlanChannelLimit } from './plan-admin.server.ts'
import { applyDiscount, findDiscountCode, heldUses, type DiscountResult } from './discounts.server.ts'
import { createEnterpriseMailTask, submitEnterpriseRequest } from './enterprise.server.ts'
import { applyPaymentEvent, runAllowances, type FulfilResult } from './fulfil.server.ts'
import { addMonths } from './periods.ts'
import { WebhookSignatureError, type PaymentProvider } from './ports.ts'
import { createCancelReplacedTask, createRefundTask, TEST_CHECKOUT_PROVIDER } from './refunds.server.ts'
import type { DiscountCodeInput, EnterpriseRequestInput } from './schema.ts'
import { checkoutStatus, currentSubscription, getPendingCheckout, listPayments } from './queries.server.ts'

export { TEST_CHECKOUT_PROVIDER }

export const monthlyAllowanceJob = defineJob({ id: 'billing_monthly_allowance', schema: z.object({}).passthrough(), maxAttempts: 3 })

export type BillingDeps = {
	db: Db
	/** null: no payment provider (production without STRIPE_SECRET_KEY): checkouts are refused. */
	provider: PaymentProvider | null
	mailer: Mailer
	salesEmail: string
	appUrl: string
	logger: Logger
	clock: Clock
}

export function createBillingService(deps: BillingDeps) {
	const { db, provider, logger, clock } = deps
	const providerId = provider?.id ?? null
	const testMode = provider?.testMode ?? false

	/**
	 * validate_discount_code (with the uses other users' open checkouts hold, as the checkout start
	 * counts them); with a user, at most 30 checks per 15 minutes (codes cannot be guessed by trying).
	 */
	async function validateDiscount(input: { code: string; item: ItemRef; userId?: string }): Promise<DiscountResult | null | 'rate_limited'> {
		if (input.userId && !(await hitRateLimit(db, `discount:${input.userId}`, 30, 15 * 60)).allowed) return 'rate_limited'
		const item = await findItem(db, input.item)
		if (!item) return null
		const now = clock.now()
		const row = await findDiscountCode(db, input.code)
		const result = applyDiscount(row, item, now, row ? await heldUses(db, row.id, input.userId ?? null, now) : 0)
		const { discountRappen: _d, finalRappen: _f, ...shape } = result
		return shape
	}

	/** Completes an offline test checkout through the very same fulfilment as a provider's webhook. */
	async function completeTestCheckout(userId: string, sessionId: string): Promise<FulfilResult> {
		if (!testMode || providerId !== TEST_CHECKOUT_PROVIDER) return 'unknown_session'
		const pending = await getPendingCheckout(db, userId, providerId, sessionId)
		if (!pending) return 'unknown_session'
		const now = clock.now()
		const subscription = pending.kind === 'subscription' ? { id: `tc_sub_${pending.id}`, customerId: null, period: { start: now, end: addMonths(now, 1) } } : undefined
		return applyPaymentEvent(db, providerId, { id: `${sessionId}:completed`, type: 'checkout.session.completed', payload: { sessionId }, action: { kind: 'checkout_completed', sessionId, paid: true, subscription } }, now)
	}

	/**
	 * 'Abbrechen' in the test checkout: only a pending checkout is cancelled; a paid one (in another
	 * tab, or paid while this request waited) stays paid and answers 'paid'.
	 */
	async function cancelTestCheckout(userId: string, sessionId: string): Promise<'cancelled' | 'paid' | 'unknown'> {
		if (!testMode || providerId !== TEST_CHECKOUT_PROVIDER) return 'unknown'
		const pending = await getPendingCheckout(db, userId, providerId, sessionId)
		if (pending) {
			const result = await applyPaymentEvent(db, providerId, { id: `${sessionId}:expired`, type: 'checkout.session.expired', payload: { sessionId }, action: { kind: 'checkout_expired', sessionId } }, clock.now())
			if (result === 'expired') return 'cancelled'
		}
		return (await checkoutStatus(db, userId, providerId, sessionId)) === 'paid' ? 'paid' : 'unknown'
	}

	/**
	 * A provider's webhook: the signature is checked on the raw body (400 when it fails), then the
	 * event is applied once. A failure while applying answers 500, so the provider delivers again.
	 */
	async function handleWebhook(rawBody: string, signature: string | null): Promise<{ status: 200 | 400 | 404 | 500; result?: FulfilResult }> {
		if (!provider?.parseWebhook) return { status: 404 }
		let event
		try {
			event = await provider.parseWebhook(rawBody, signature)
		} catch (error) {
			if (error instanceof WebhookSignatureError) {
				logger.warn('payment_webhook_refused', { provider: provider.id, reason: error.message })
				return { status: 400 }
			}
			logger.error('payment_webhook_unreadable', { provider: provider.id, error: error instanceof Error ? error.message : String(error) })
			return { status: 500 }
		}
		try {
			const result = await applyPaymentEvent(db, provider.id, event, clock.now())
			logger.info('payment_webhook', { provider: provider.id, type: event.type, result })
			return { status: 200, result }
		} catch (error) {
			logger.error('payment_webhook_failed', { provider: provider.id, type: event.type, error: error instanceof Error ? error.message : String(error) })
			return { status: 500 }
		}
	}

	const runMonthlyAllowances = () => runAllowances(db, { now: clock.now(), selfRenewing: [TEST_CHECKOUT_PROVIDER], addMonths })

	return {
		/** Which provider runs checkouts; testMode shows 'Testmodus – keine echte Zahlung'. */
		provider: { id: providerId, testMode, available: provider !== null },
		catalogue: () => loadCatalogue(db),
		/** Billing's part of the user's data export. */
		exportData: (userId: string) => exportBillingData(db, userId),
		/** The pricing page: catalogue and the user's live subscription. */
		pricing: async (userId: string) => ({ catalogue: await loadCatalogue(db), subscription: await currentSubscription(db, userId), testMode, available: provider !== null }),
		/** validate_discount_code for a package of the catalogue; null for an unknown package. */
		validateDiscount,
		startCheckout: (user: { id: string; email: string; subscriptionType: SubscriptionType }, input: { item: ItemRef; code?: string }) =>
			startCheckout({ db, provider, logger, appUrl: deps.appUrl, now: clock.now() }, user, input),
		/** The test checkout page's summary of the user's own pending checkout; null otherwise. */
		testCheckout: (userId: string, sessionId: string) => (testMode && providerId ? getPendingCheckout(db, userId, providerId, sessionId) : Promise.resolve(null)),
		completeTestCheckout,
		cancelTestCheckout,
		/** The status of the user's own test checkout ('paid', 'expired', ...); null for another user's or none. */
		testCheckoutStatus: (userId: string, sessionId: string) => (testMode && providerId ? checkoutStatus(db, userId, providerId, sessionId) : Promise.resolve(null)),
		handleWebhook,
		listPayments: (userId: string, limit = 50) => listPayments(db, userId, limit),
		/**
		 * Stores and mails an enterprise request (once per request id); at most 5 per user and hour.
		 * null: rate limited; 'conflict': the request id was used for other input.
		 */
		submitEnterpriseRequest: async (userId: string | null, input: EnterpriseRequestInput, requestId?: string) => {
			if (userId && !(await hitRateLimit(db, `enterprise:${userId}`, 5, 3600)).allowed) return null
			return submitEnterpriseRequest(db, userId, input, requestId)
		},
		runMonthlyAllowances,
		/** 'Rabattcodes verwalten': callers must have passed requireAdmin; every change is audited. */
		discountCodes: {
			list: (timeZone: string) => listDiscountCodes(db, clock.now(), timeZone),
			/** Now in `timeZone` as a datetime-local value (the form's default start). */
			localNow: (timeZone: string) => localNow(clock.now(), timeZone),
			/** A new code (no id) once per request id. */
			save: (actor: AdminActor, input: DiscountCodeInput, timeZone: string, requestId?: string) => saveDiscountCode(db, actor, input, { now: clock.now(), timeZone, requestId }),
			setActive: (actor: AdminActor, id: string, active: boolean) => setDiscountCodeActive(db, actor, id, active),
			remove: (actor: AdminActor, id: string) => deleteDiscountCode(db, actor, id),
		},
		/** The admin's 'Tarife': each plan's channel limit. */
		plans: {
			list: () => listPlanLimits(db),
			setChannelLimit: (actor: AdminActor, planId: string, channelLimit: number) => setPlanChannelLimit(db, actor, planId, channelLimit),
		},
		tasks: [
			createEnterpriseMailTask({ db, mailer: deps.mailer, salesEmail: deps.salesEmail, logger }),
			createRefundTask({ db, provider, logger }),
			createCancelReplacedTask({ provider, logger }),
			handleJob(monthlyAllowanceJob, async () => {
				const result = await runMonthlyAllowances()
				if (result.granted || result.ended) logger.info('monthly_allowances', result)
			}),
		],
		/** Hourly: a period that starts is granted within the hour. */
		crontab: `17 * * * * ${monthlyAllowanceJob.id}`,
	}
}

export type BillingService = ReturnType<typeof createBillingService>
