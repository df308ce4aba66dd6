import Stripe from 'stripe'
import { WebhookSignatureError, type CheckoutRequest, type PaymentEvent, type PaymentEventAction, type PaymentProvider, type SubscriptionPeriod } from '#modules/billing/index.ts'

/** Pinned: what stripe@23.1.0 speaks; the webhook endpoint must use the same version. */
export const STRIPE_API_VERSION = '2026-10-28.endive'

export type StripeConfig = {
	secretKey: string
	webhookSecret: string
	/** Default https://api.stripe.com; tests point it at tests/fakes/stripe.ts. */
	apiBase?: string
	/** Seconds a webhook signature stays valid (Stripe's default 300). */
	toleranceSeconds?: number
}

export function createStripeClient(config: Pick<StripeConfig, 'secretKey' | 'apiBase'>) {
	const base = config.apiBase ? new URL(config.apiBase) : null
	return new Stripe(config.secretKey, {
		apiVersion: STRIPE_API_VERSION,
		maxNetworkRetries: 2,
		timeout: 20_000,
		...(base
			? {
					host: base.hostname,
					port: base.port || (base.protocol === 'http:' ? 80 : 443),
					protocol: base.protocol === 'http:' ? 'http' : 'https',
				}
			: {}),
	})
}

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {})
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'object' && v && typeof (v as Obj).id === 'string' ? ((v as Obj).id as string) : null)
const seconds = (v: unknown) => (typeof v === 'number' ? new Date(v * 1000) : null)

/** Stripe Checkout Sessions in CHF (payment mode for credit packs, subscription mode for plans). */
export function createStripeProvider(config: StripeConfig): PaymentProvider {
	const stripe = createStripeClient(config)

	async function createCheckout(request: CheckoutRequest) {
		const key = `checkout:${request.paymentId}`
		const common = {
			client_reference_id: request.userId,
			customer_email: request.email,
			success_url: request.successUrl,
			cancel_url: request.cancelUrl,
			metadata: { payment_id: request.paymentId, item_id: request.itemId },
			...(request.expiresAt ? { expires_at: Math.floor(request.expiresAt.getTime() / 1000) } : {}),
		}
		let session
		if (request.mode === 'payment') {
			session = await stripe.checkout.sessions.create(
				{
					...common,
					mode: 'payment',
					line_items: [{ quantity: 1, price_data: { currency: 'chf', unit_amount: request.amountRappen, product_data: { name: request.productName } } }],
				},
				{ idempotencyKey: key },
			)
		} else {
			const full = request.recurringAmountRappen ?? request.amountRappen
			const discount = full - request.amountRappen
			// A discount lowers the first payment only: a one-time coupon for this checkout.
			const coupon =
				discount > 0
					? await stripe.coupons.create({ amount_off: discount, currency: 'chf', duration: 'once', max_redemptions: 1 }, { idempotencyKey: `coupon:${request.paymentId}` })
					: null
			session = await stripe.checkout.sessions.create(
				{
					...common,
					mode: 'subscription',
					line_items: [
						{
							quantity: 1,
							price_data: { currency: 'chf', unit_amount: full, recurring: { interval: 'month' }, product_data: { name: request.productName } },
						},
					],
					subscription_data: { metadata: { payment_id: request.paymentId, plan_id: request.itemId } },
					...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
				},
				{ idempotencyKey: key },
			)
		}
		if (!session.url) throw new Error('Stripe returned a checkout session without url')
		return { sessionId: session.id, url: session.url }
	}

	async function subscriptionPeriod(subscriptionId: string): Promise<{ customerId: string | null; period: SubscriptionPeriod }> {
		const sub = obj(await stripe.subscriptions.retrieve(subscriptionId))
		const item = obj((obj(sub.items).data as Array<unknown> | undefined)?.[0])
		const start = seconds(item.current_period_start)
		const end = seconds(item.current_period_end)
		if (!start || !end) throw new Error(`subscription ${subscriptionId} has no current period`)
		return { customerId: str(sub.customer), period: { start, end } }
	}

	async function toAction(type: string, object: Obj): Promise<PaymentEventAction> {
		switch (type) {
			case 'checkout.session.completed':
			case 'checkout.session.async_payment_succeeded': {
				const sessionId = str(object.id)
				if (!sessionId) return { kind: 'ignored' }
				const paid = object.payment_status === 'paid' || object.payment_status === 'no_payment_required'
				const subscriptionId = object.mode === 'subscription' ? str(object.subscription) : null
				if (subscriptionId && paid) {
					const details = await subscriptionPeriod(subscriptionId)
					return { kind: 'checkout_completed', sessionId, paid, subscription: { id: subscriptionId, customerId: str(object.customer) ?? details.customerId, period: details.period } }
				}
				return { kind: 'checkout_completed', sessionId, paid }
			}
			case 'checkout.session.expired': {
				const sessionId = str(object.id)
				return sessionId ? { kind: 'checkout_expired', sessionId } : { kind: 'ignored' }
			}
			case 'checkout.session.async_payment_failed': {
				const sessionId = str(object.id)
				return sessionId ? { kind: 'checkout_failed', sessionId } : { kind: 'ignored' }
			}
			case 'invoice.paid': {
				// Since API version 2025-03-31.basil the subscription is under parent.subscription_details.
				const subscriptionId = str(obj(obj(object.parent).subscription_details).subscription)
				const line = obj((obj(object.lines).data as Array<unknown> | undefined)?.[0])
				const start = seconds(obj(line.period).start)
				const end = seconds(obj(line.period).end)
				if (!subscriptionId || !start || !end) return { kind: 'ignored' }
				return {
					kind: 'invoice_paid',
					subscriptionId,
					period: { start, end },
					initial: object.billing_reason === 'subscription_create',
					invoiceId: str(object.id),
					amountRappen: typeof object.amount_paid === 'number' ? object.amount_paid : null,
				}
			}
			case 'customer.subscription.updated': {
				const subscriptionId = str(object.id)
				if (!subscriptionId) return { kind: 'ignored' }
				const item = obj((obj(object.items).data as Array<unknown> | undefined)?.[0])
				const start = seconds(item.current_period_start)
				const end = seconds(item.current_period_end)
				return {
					kind: 'subscription_updated',
					subscriptionId,
					status: String(object.status ?? ''),
					cancelAtPeriodEnd: object.cancel_at_period_end === true,
					period: start && end ? { start, end } : null,
				}
			}
			case 'customer.subscription.deleted': {
				const subscriptionId = str(object.id)
				return subscriptionId ? { kind: 'subscription_deleted', subscriptionId } : { kind: 'ignored' }
			}
			default:
				return { kind: 'ignored' }
		}
	}

	async function parseWebhook(rawBody: string, signature: string | null): Promise<PaymentEvent> {
		if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header')
		let event
		try {
			event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret, config.toleranceSeconds ?? 300)
		} catch (error) {
			throw new WebhookSignatureError(error instanceof Error ? error.message : 'invalid signature')
		}
		const object = obj(obj(event.data).object)
		return { id: event.id, type: event.type, payload: event, action: await toAction(event.type, object) }
	}

	async function refund(input: { sessionId: string; paymentId: string }) {
		const session = obj(await stripe.checkout.sessions.retrieve(input.sessionId))
		const subscriptionId = str(session.subscription)
		if (subscriptionId) await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel:${input.paymentId}` })
		const paymentIntent = str(session.payment_intent)
		if (paymentIntent) await stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey: `refund:${input.paymentId}` })
		else if (!subscriptionId) throw new Error(`checkout ${input.sessionId} has no payment to refund`)
	}

	async function cancelSubscription(subscriptionId: string) {
		await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel:${subscriptionId}` })
	}

	return { id: 'stripe', testMode: false, createCheckout, parseWebhook, refund, cancelSubscription }
}
