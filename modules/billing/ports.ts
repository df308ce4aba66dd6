// The PaymentProvider port: what billing needs from a payment service. adapters/payments/stripe
// implements it against Stripe; adapters/payments/test-checkout is the offline default (a local
// checkout page in 'Testmodus' that completes through the very same fulfilment as the webhook).

export type CheckoutMode = 'payment' | 'subscription'

export type CheckoutRequest = {
	/** Our payments row: the idempotency key of the provider call is derived from it. */
	paymentId: string
	userId: string
	email: string
	mode: CheckoutMode
	/** What the user pays now, in Rappen, from the server-side catalogue (never from the client). */
	amountRappen: number
	/** Full recurring price in Rappen (subscriptions); a discount lowers only the first payment. */
	recurringAmountRappen?: number
	productName: string
	/** Plan id or credit pack id of the catalogue. */
	itemId: string
	successUrl: string
	cancelUrl: string
	/** When the checkout can no longer be paid (a discounted one: when its code's hold ends). */
	expiresAt?: Date
}

export type CheckoutSession = { sessionId: string; url: string }

export type SubscriptionPeriod = { start: Date; end: Date }

/** A provider's webhook event, reduced to what fulfilment acts on. */
export type PaymentEventAction =
	| {
			kind: 'checkout_completed'
			sessionId: string
			paid: boolean
			subscription?: { id: string; customerId: string | null; period: SubscriptionPeriod }
	  }
	| { kind: 'checkout_expired'; sessionId: string }
	/** A delayed payment method (e.g. a bank debit) failed after the checkout. */
	| { kind: 'checkout_failed'; sessionId: string }
	| { kind: 'invoice_paid'; subscriptionId: string; period: SubscriptionPeriod; initial: boolean; invoiceId: string | null; amountRappen: number | null }
	| { kind: 'subscription_updated'; subscriptionId: string; status: string; cancelAtPeriodEnd: boolean; period: SubscriptionPeriod | null }
	| { kind: 'subscription_deleted'; subscriptionId: string }
	| { kind: 'ignored' }

export type PaymentEvent = { id: string; type: string; payload: unknown; action: PaymentEventAction }

/** Thrown by `parseWebhook` when the signature is missing, wrong or too old (answered with 400). */
export class WebhookSignatureError extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'WebhookSignatureError'
	}
}

export type PaymentProvider = {
	/** Stored in payments.provider: 'stripe' or 'test-checkout'. */
	id: string
	/** The offline test checkout (shown as 'Testmodus – keine echte Zahlung'). */
	testMode: boolean
	createCheckout: (request: CheckoutRequest) => Promise<CheckoutSession>
	/**
	 * Gives the money of a completed checkout back (a discount code used up by others at the same
	 * moment); a subscription is cancelled too. null: nothing was charged (test checkout).
	 */
	refund: ((input: { sessionId: string; paymentId: string }) => Promise<void>) | null
	/** Ends a provider subscription at once (it was replaced by a new plan); null: nothing to end (test checkout). */
	cancelSubscription: ((subscriptionId: string) => Promise<void>) | null
	/** Verifies the signature on the raw body and reads the event; null when the provider has no webhooks. */
	parseWebhook: ((rawBody: string, signature: string | null) => Promise<PaymentEvent>) | null
}
