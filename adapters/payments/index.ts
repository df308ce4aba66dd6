import type { PaymentProvider } from '#modules/billing/index.ts'
import { createStripeProvider } from './stripe/index.ts'
import { createTestCheckout } from './test-checkout/index.ts'

/**
 * The payment provider for the configuration: Stripe with a secret key, else the local test
 * checkout, which is never offered in production (there checkouts are refused without Stripe).
 */
export function createPaymentProvider(config: { secretKey?: string; webhookSecret?: string; apiBase?: string; isProduction: boolean }): PaymentProvider | null {
	if (config.secretKey && config.webhookSecret) {
		return createStripeProvider({ secretKey: config.secretKey, webhookSecret: config.webhookSecret, apiBase: config.apiBase })
	}
	return config.isProduction ? null : createTestCheckout()
}
