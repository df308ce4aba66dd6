export { createBillingService, monthlyAllowanceJob, TEST_CHECKOUT_PROVIDER, type BillingDeps, type BillingService } from './service.server.ts'
export type { Catalogue, CatalogueItem, CreditPack, ItemRef, Plan, PlanId } from './catalogue.server.ts'
export type { CheckoutResult } from './checkout.server.ts'
export type { DiscountResult } from './discounts.server.ts'
export type { FulfilResult } from './fulfil.server.ts'
export type { CurrentSubscription, PaymentRow, PendingCheckout } from './queries.server.ts'
export { salesTotals } from './queries.server.ts'
export { CheckoutSchema, EnterpriseRequestSchema, ValidateDiscountSchema, type EnterpriseRequestInput } from './schema.ts'
export {
	DISCOUNT_CODE_LENGTH,
	DISCOUNT_TYPES,
	DiscountCodeDeleteSchema,
	DiscountCodeFormSchema,
	DiscountCodeToggleSchema,
	generateDiscountCode,
	type DiscountCodeInput,
} from './schema.ts'
export type { AdminDiscountCode, SaveDiscountCodeResult } from './discount-admin.server.ts'
export {
	WebhookSignatureError,
	type CheckoutMode,
	type CheckoutRequest,
	type CheckoutSession,
	type PaymentEvent,
	type PaymentEventAction,
	type PaymentProvider,
	type SubscriptionPeriod,
} from './ports.ts'
export { channelLimitOf } from './channel-limit.server.ts'
export type { AdminPlan } from './plan-admin.server.ts'
export { PlanChannelLimitSchema } from './schema.ts'
