import { randomBytes } from 'node:crypto'
import type { PaymentProvider } from '#modules/billing/index.ts'

/**
 * The offline default: a local checkout page (/pricing/test-checkout/<id>, 'Testmodus – keine echte
 * Zahlung') whose 'pay' completes through billing's fulfilment, like a provider's webhook would.
 */
export function createTestCheckout(): PaymentProvider {
	return {
		id: 'test-checkout',
		testMode: true,
		parseWebhook: null,
		refund: null,
		cancelSubscription: null,
		async createCheckout() {
			const sessionId = `tc_${randomBytes(18).toString('base64url')}`
			return { sessionId, url: `/pricing/test-checkout/${sessionId}` }
		},
	}
}
