import type { Db } from '#modules/core/db.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { findItem, itemCredits, itemPrice, type CatalogueItem, type ItemRef } from './catalogue.server.ts'
import { CHECKOUT_HOLD_MINUTES, applyDiscount, findDiscountCode, heldUses, normalizeCode, type DiscountResult } from './discounts.server.ts'
import { toChf } from './money.ts'
import { applyPaymentEvent } from './fulfil.server.ts'
import type { PaymentProvider } from './ports.ts'

export type CheckoutResult =
	| { ok: true; url: string; paymentId: string }
	| { ok: false; reason: 'unknown_item' | 'already_subscribed' | 'provider_failed' | 'unavailable' }
	| { ok: false; reason: 'invalid_discount'; discount: DiscountResult }

function productName(item: CatalogueItem) {
	return item.kind === 'plan' ? `Postwerk ${item.plan.name}` : `${item.pack.credits} Credits`
}

/**
 * Starts a checkout: the price comes from the catalogue and the discount is re-validated here,
 * never taken from the client, and refused when open checkouts of other users hold its last uses
 * (a used-up code is refused here, not at payment); the pending payments row is written before
 * the provider is asked, so its id is the provider call's idempotency key.
 */
export async function startCheckout(
	deps: { db: Db; provider: PaymentProvider | null; logger: Logger; appUrl: string; now: Date },
	user: { id: string; email: string; subscriptionType: string },
	input: { item: ItemRef; code?: string },
): Promise<CheckoutResult> {
	const { db, provider, logger } = deps
	if (!provider) return { ok: false, reason: 'unavailable' }
	const item = await findItem(db, input.item)
	if (!item) return { ok: false, reason: 'unknown_item' }
	if (item.kind === 'plan' && user.subscriptionType === item.plan.id) return { ok: false, reason: 'already_subscribed' }

	const price = itemPrice(item)
	const code = input.code ? normalizeCode(input.code) : ''
	// The code is checked under its row lock together with the uses other open checkouts hold, and
	// the pending payment holds one itself: two buyers never both start on the last use.
	const started = await db.transaction().execute(async (trx) => {
		let discountRappen = 0
		let discountCodeId: string | null = null
		if (code) {
			const row = await findDiscountCode(trx, code, { lock: true })
			const discount = applyDiscount(row, item, deps.now, row ? await heldUses(trx, row.id, user.id, deps.now) : 0)
			if (!discount.valid || !row) return { ok: false as const, discount }
			discountRappen = discount.discountRappen
			discountCodeId = row.id
		}
		const payment = await trx
			.insertInto('payments')
			.values({
				user_id: user.id,
				kind: item.kind === 'plan' ? 'subscription' : 'credit_pack',
				plan_id: item.kind === 'plan' ? item.plan.id : null,
				credit_pack_id: item.kind === 'pack' ? item.pack.id : null,
				credits: itemCredits(item),
				amount_chf: toChf(price - discountRappen),
				discount_amount_chf: toChf(discountRappen),
				discount_code_id: discountCodeId,
				provider: provider.id,
				status: 'pending',
			})
			.returning('id')
			.executeTakeFirstOrThrow()
		return { ok: true as const, payment, amount: price - discountRappen, discounted: discountCodeId !== null }
	})
	if (!started.ok) return { ok: false, reason: 'invalid_discount', discount: started.discount }
	const { payment, amount } = started

	// Nothing to pay (a 100 % code on a credit pack): Stripe cannot take CHF 0 in payment mode, so
	// the checkout completes here, through the same fulfilment (the code's use is counted there).
	if (amount === 0 && item.kind === 'pack' && !provider.testMode) {
		const sessionId = `free_${payment.id}`
		await db.updateTable('payments').set({ provider_session_id: sessionId }).where('id', '=', payment.id).execute()
		const result = await applyPaymentEvent(
			db,
			provider.id,
			{ id: `${sessionId}:completed`, type: 'checkout.session.completed', payload: { sessionId }, action: { kind: 'checkout_completed', sessionId, paid: true } },
			deps.now,
		)
		if (result !== 'fulfilled') return { ok: false, reason: 'invalid_discount', discount: applyDiscount(await findDiscountCode(db, code), item, deps.now) }
		return { ok: true, url: '/pricing?checkout=success', paymentId: payment.id }
	}

	try {
		const session = await provider.createCheckout({
			paymentId: payment.id,
			userId: user.id,
			email: user.email,
			mode: item.kind === 'plan' ? 'subscription' : 'payment',
			amountRappen: amount,
			recurringAmountRappen: item.kind === 'plan' ? price : undefined,
			productName: productName(item),
			itemId: item.kind === 'plan' ? item.plan.id : item.pack.id,
			successUrl: `${deps.appUrl}/pricing?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
			cancelUrl: `${deps.appUrl}/pricing?checkout=cancelled`,
			expiresAt: started.discounted ? new Date(deps.now.getTime() + CHECKOUT_HOLD_MINUTES * 60_000) : undefined,
		})
		await db.updateTable('payments').set({ provider_session_id: session.sessionId }).where('id', '=', payment.id).execute()
		return { ok: true, url: session.url, paymentId: payment.id }
	} catch (error) {
		logger.warn('checkout_failed', { provider: provider.id, paymentId: payment.id, error: error instanceof Error ? error.message : String(error) })
		await db.updateTable('payments').set({ status: 'failed', failure_reason: 'checkout_failed' }).where('id', '=', payment.id).execute()
		return { ok: false, reason: 'provider_failed' }
	}
}
