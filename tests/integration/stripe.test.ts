// The Stripe adapter with the real SDK against tests/fakes/stripe.ts, through billing's checkout
// and webhook fulfilment on a real database.
import type { Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { creditBalance } from '#modules/credits/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { FAKE_WEBHOOK_SECRET, startStripeFake } from '#tests/fakes/stripe.ts'
import { testServices } from '#tests/support/services.ts'
import { userWithCredits } from '#tests/support/users.ts'
import { waitingJobs } from '#tests/support/jobs.ts'

async function buyer(db: Kysely<DB>, credits = 0) {
	const id = await userWithCredits(db, credits)
	return { id, email: `${id}@beispiel.ch`, subscriptionType: 'free' as const }
}

async function code(db: Kysely<DB>, value: number) {
	const text = `STRIPE${value}`
	await db.insertInto('discount_codes').values({ code: text, discount_type: 'percentage', discount_value: value, starts_at: new Date(Date.now() - 60_000) }).execute()
	return text
}

test('a credit pack checkout: CHF session with the catalogue price, pinned version and an idempotency key; the signed webhook credits once', async () => {
	await using t = await createTestDatabase({ maxConnections: 12 })
	await using stripe = await startStripeFake()
	const { billing } = testServices(t.db, stripe.env()).services
	expect(billing.provider).toEqual({ id: 'stripe', testMode: false, available: true })
	const user = await buyer(t.db)
	const started = await billing.startCheckout(user, { item: { kind: 'pack', id: 'credits_500' }, code: await code(t.db, 10) })
	if (!started.ok) throw new Error(`checkout refused: ${started.reason}`)
	expect(started.url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`))
	const request = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!
	expect(request.idempotencyKey).toBe(`checkout:${started.paymentId}`)
	expect(request.stripeVersion).toBe('2026-10-28.endive')
	expect(request.body).toMatchObject({
		mode: 'payment',
		client_reference_id: user.id,
		line_items: [{ quantity: '1', price_data: { currency: 'chf', unit_amount: '4495', product_data: { name: '500 Credits' } } }],
		metadata: { payment_id: started.paymentId, item_id: 'credits_500' },
	})
	const [session] = [...stripe.sessions.keys()]
	const [completed] = stripe.complete(session!)

	// Tampered, wrong secret, stale, missing: refused with 400, nothing credited.
	expect(await billing.handleWebhook(completed!.payload + ' ', stripe.sign(completed!))).toEqual({ status: 400 })
	expect(await billing.handleWebhook(completed!.payload, stripe.sign(completed!, { secret: 'whsec_other' }))).toEqual({ status: 400 })
	expect(await billing.handleWebhook(completed!.payload, stripe.sign(completed!, { timestamp: Math.floor(Date.now() / 1000) - 3600 }))).toEqual({ status: 400 })
	expect(await billing.handleWebhook(completed!.payload, null)).toEqual({ status: 400 })
	expect(await creditBalance(t.db, user.id)).toBe(0)
	expect(await t.db.selectFrom('payment_events').selectAll().execute()).toHaveLength(0)

	// Signed: applied once, whether delivered again one after another or ten times at once.
	expect(await billing.handleWebhook(completed!.payload, stripe.sign(completed!))).toEqual({ status: 200, result: 'fulfilled' })
	for (let i = 0; i < 9; i++) expect(await billing.handleWebhook(completed!.payload, stripe.sign(completed!))).toEqual({ status: 200, result: 'duplicate_event' })
	const storm = await Promise.all(Array.from({ length: 10 }, () => billing.handleWebhook(completed!.payload, stripe.sign(completed!))))
	expect(storm.every((r) => r.status === 200 && r.result === 'duplicate_event')).toBe(true)
	expect(await creditBalance(t.db, user.id)).toBe(500)
	const ledger = await t.db.selectFrom('credit_transactions').select(['credits_amount', 'price_chf', 'transaction_type']).where('user_id', '=', user.id).execute()
	expect(ledger).toEqual([{ credits_amount: 500, price_chf: 44.95, transaction_type: 'purchase' }])
	expect(await t.db.selectFrom('payment_events').select(['provider', 'type']).execute()).toEqual([{ provider: 'stripe', type: 'checkout.session.completed' }])
	expect((await t.db.selectFrom('discount_codes').select('current_uses').executeTakeFirstOrThrow()).current_uses).toBe(1)
})

test('the same event delivered 10 times concurrently (first delivery included) credits once', async () => {
	await using t = await createTestDatabase({ maxConnections: 12 })
	await using stripe = await startStripeFake()
	const { billing } = testServices(t.db, stripe.env()).services
	const user = await buyer(t.db)
	const started = await billing.startCheckout(user, { item: { kind: 'pack', id: 'credits_200' } })
	if (!started.ok) throw new Error('checkout refused')
	const [completed] = stripe.complete([...stripe.sessions.keys()][0]!)
	const results = await Promise.all(Array.from({ length: 10 }, () => billing.handleWebhook(completed!.payload, stripe.sign(completed!))))
	expect(results.filter((r) => r.result === 'fulfilled')).toHaveLength(1)
	expect(results.every((r) => r.status === 200)).toBe(true)
	expect(await creditBalance(t.db, user.id)).toBe(200)
})

test('a Pro subscription: events out of order grant the first period once, a renewal the next, cancellation falls back to free', async () => {
	await using t = await createTestDatabase()
	await using stripe = await startStripeFake()
	const { billing } = testServices(t.db, stripe.env()).services
	const user = await buyer(t.db, 50)
	const started = await billing.startCheckout(user, { item: { kind: 'plan', id: 'pro' }, code: await code(t.db, 20) })
	if (!started.ok) throw new Error('checkout refused')
	const request = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!
	expect(request.body).toMatchObject({
		mode: 'subscription',
		line_items: [{ price_data: { currency: 'chf', unit_amount: '4995', recurring: { interval: 'month' } } }],
		subscription_data: { metadata: { plan_id: 'pro' } },
	})
	// The discount (20 %) lowers the first payment only: a one-time coupon, created idempotently.
	const coupon = stripe.requests.find((r) => r.path === '/v1/coupons')!
	expect(coupon).toMatchObject({ idempotencyKey: `coupon:${started.paymentId}`, body: { amount_off: '999', currency: 'chf', duration: 'once' } })

	const [completed, invoice] = stripe.complete([...stripe.sessions.keys()][0]!)
	const deliver = (e: { payload: string }) => billing.handleWebhook(e.payload, stripe.sign(e as never))
	// invoice.paid first: the subscription is not known yet; the checkout grants that period.
	expect(await deliver(invoice!)).toEqual({ status: 200, result: 'unknown_subscription' })
	expect(await deliver(completed!)).toEqual({ status: 200, result: 'fulfilled' })
	expect(await deliver(completed!)).toEqual({ status: 200, result: 'duplicate_event' })
	const profile = () => t.db.selectFrom('profiles').select(['subscription_type', 'credits_remaining']).where('id', '=', user.id).executeTakeFirstOrThrow()
	expect(await profile()).toEqual({ subscription_type: 'pro', credits_remaining: 650 })
	const sub = await t.db.selectFrom('subscriptions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow()
	expect(sub).toMatchObject({ provider: 'stripe', plan_id: 'pro', status: 'active' })
	expect(sub.provider_customer_id).toMatch(/^cus_/)

	// The monthly job does not grant again inside the period.
	expect(await billing.runMonthlyAllowances()).toEqual({ granted: 0, ended: 0 })
	// Renewal: the next period's credits, once.
	const renewal = stripe.renew(sub.provider_subscription_id)
	expect(await Promise.all([deliver(renewal), deliver(renewal), deliver(renewal)])).toContainEqual({ status: 200, result: 'fulfilled' })
	expect((await profile()).credits_remaining).toBe(1250)

	// Set to cancel at period end, then deleted: back to free, credits stay.
	expect(await deliver(stripe.subscriptionEvent(sub.provider_subscription_id, 'customer.subscription.updated', { cancel_at_period_end: true }))).toEqual({ status: 200, result: 'updated' })
	expect(await billing.pricing(user.id)).toMatchObject({ subscription: { planId: 'pro', cancelAtPeriodEnd: true } })
	expect(await deliver(stripe.subscriptionEvent(sub.provider_subscription_id, 'customer.subscription.deleted', { status: 'canceled' }))).toEqual({ status: 200, result: 'updated' })
	expect(await profile()).toEqual({ subscription_type: 'free', credits_remaining: 1250 })
	const payments = await billing.listPayments(user.id)
	expect(payments).toHaveLength(2)
	expect(payments).toContainEqual(expect.objectContaining({ kind: 'subscription', planId: 'pro', amountChf: 39.96, discountChf: 9.99, status: 'paid' }))
	expect(payments).toContainEqual(expect.objectContaining({ kind: 'subscription', planId: 'pro', amountChf: 49.95, discountChf: 0, status: 'paid', credits: 600 }))
})

test('Stripe failures: a 500 is retried with the same idempotency key; a refusal fails the checkout cleanly', async () => {
	await using t = await createTestDatabase()
	await using stripe = await startStripeFake()
	const { billing } = testServices(t.db, stripe.env()).services
	const user = await buyer(t.db)
	stripe.failNext(500, { error: { type: 'api_error', message: 'boom' } })
	const retried = await billing.startCheckout(user, { item: { kind: 'pack', id: 'credits_200' } })
	expect(retried.ok).toBe(true)
	const posts = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')
	expect(posts).toHaveLength(2)
	expect(posts[0]!.idempotencyKey).toBe(posts[1]!.idempotencyKey)

	stripe.failNext(400, { error: { type: 'invalid_request_error', message: 'nope' } })
	expect(await billing.startCheckout(user, { item: { kind: 'pack', id: 'credits_200' } })).toEqual({ ok: false, reason: 'provider_failed' })
	const failed = await t.db.selectFrom('payments').select(['status', 'failure_reason']).where('status', '=', 'failed').execute()
	expect(failed).toEqual([{ status: 'failed', failure_reason: 'checkout_failed' }])
	expect(FAKE_WEBHOOK_SECRET).toMatch(/^whsec_/)
})

test('a paid checkout whose discount code was used up meanwhile is refunded, not credited', async () => {
	await using t = await createTestDatabase()
	await using stripe = await startStripeFake()
	const composition = testServices(t.db, stripe.env())
	const { billing } = composition.services
	const text = 'EINMAL'
	await t.db.insertInto('discount_codes').values({ code: text, discount_type: 'percentage', discount_value: 50, max_uses: 1, starts_at: new Date(Date.now() - 60_000) }).execute()
	const [first, second] = [await buyer(t.db), await buyer(t.db)]
	const a = await billing.startCheckout(first, { item: { kind: 'pack', id: 'credits_200' }, code: text })
	if (!a.ok) throw new Error('checkout refused')
	// A discounted session expires when its hold of the code's use ends (an hour); while it holds
	// the last use, nobody else starts on the code.
	const expiresAt = Number(stripe.requests.find((r) => r.path === '/v1/checkout/sessions')?.body.expires_at)
	expect(Math.abs(expiresAt - (Date.now() / 1000 + 3600))).toBeLessThan(60)
	expect(await billing.startCheckout(second, { item: { kind: 'pack', id: 'credits_200' }, code: text })).toMatchObject({ ok: false, discount: { reason: 'reserved' } })
	// Past its hold (the session is still payable until Stripe expires it): the completion is the last guard.
	await t.db.updateTable('payments').set({ created_at: new Date(Date.now() - 2 * 3600_000) }).where('id', '=', a.paymentId).execute()
	const b = await billing.startCheckout(second, { item: { kind: 'pack', id: 'credits_200' }, code: text })
	if (!b.ok) throw new Error('checkout refused')
	const [sessionA, sessionB] = [...stripe.sessions.keys()]
	const [eventA] = stripe.complete(sessionA!)
	const [eventB] = stripe.complete(sessionB!)
	expect(await billing.handleWebhook(eventA!.payload, stripe.sign(eventA!))).toEqual({ status: 200, result: 'fulfilled' })
	expect(await billing.handleWebhook(eventB!.payload, stripe.sign(eventB!))).toEqual({ status: 200, result: 'discount_exhausted' })
	expect(await creditBalance(t.db, first.id)).toBe(200)
	expect(await creditBalance(t.db, second.id)).toBe(0)
	// The refund job was written with the failure; running it refunds through Stripe, once.
	const jobs = await waitingJobs(t.db, 'billing_refund_payment')
	expect(jobs.map((job) => job.key)).toContain(`refund:${b.paymentId}`)
	const task = composition.tasks.find((x) => x.id === 'billing_refund_payment')!
	await task.handler({ paymentId: b.paymentId }, { jobId: '1', attempts: 1 })
	await task.handler({ paymentId: b.paymentId }, { jobId: '1', attempts: 2 })
	expect(stripe.refunds).toEqual([expect.objectContaining({ payment_intent: stripe.sessions.get(sessionB!)!.payment_intent })])
	expect(stripe.requests.find((r) => r.path === '/v1/refunds')?.idempotencyKey).toBe(`refund:${b.paymentId}`)
	const payment = await t.db.selectFrom('payments').select(['status', 'failure_reason']).where('id', '=', b.paymentId).executeTakeFirstOrThrow()
	expect(payment).toEqual({ status: 'refunded', failure_reason: 'discount_exhausted' })
})

test('a new plan replaces the live one: the old Stripe subscription is cancelled by a job', async () => {
	await using t = await createTestDatabase()
	await using stripe = await startStripeFake()
	const composition = testServices(t.db, stripe.env())
	const { billing } = composition.services
	const user = await buyer(t.db)
	const subscribe = async (plan: 'basic' | 'pro', subscriptionType: 'free' | 'basic') => {
		const started = await billing.startCheckout({ ...user, subscriptionType }, { item: { kind: 'plan', id: plan } })
		if (!started.ok) throw new Error('checkout refused')
		const session = [...stripe.sessions.values()].find((x) => x.metadata && (x.metadata as Record<string, string>).payment_id === started.paymentId)!
		const [completed] = stripe.complete(session.id as string)
		expect(await billing.handleWebhook(completed!.payload, stripe.sign(completed!))).toEqual({ status: 200, result: 'fulfilled' })
		return session.subscription as string
	}
	const basic = await subscribe('basic', 'free')
	await subscribe('pro', 'basic')
	const rows = await t.db.selectFrom('subscriptions').select(['plan_id', 'status']).where('user_id', '=', user.id).orderBy('created_at').execute()
	expect(rows).toEqual([{ plan_id: 'basic', status: 'canceled' }, { plan_id: 'pro', status: 'active' }])
	expect((await t.db.selectFrom('profiles').select(['subscription_type', 'credits_remaining']).where('id', '=', user.id).executeTakeFirstOrThrow())).toEqual({ subscription_type: 'pro', credits_remaining: 950 })
	const task = composition.tasks.find((x) => x.id === 'billing_cancel_replaced_subscription')!
	await task.handler({ provider: 'stripe', subscriptionId: basic }, { jobId: '1', attempts: 1 })
	expect(stripe.subscriptions.get(basic)!.status).toBe('canceled')
	expect(stripe.requests.find((r) => r.method === 'DELETE')?.idempotencyKey).toBe(`cancel:${basic}`)
})

test('a 100 % code on a credit pack completes without Stripe (nothing to pay) and still counts the use', async () => {
	await using t = await createTestDatabase()
	await using stripe = await startStripeFake()
	const { billing } = testServices(t.db, stripe.env()).services
	const user = await buyer(t.db)
	const started = await billing.startCheckout(user, { item: { kind: 'pack', id: 'credits_200' }, code: await code(t.db, 100) })
	expect(started).toMatchObject({ ok: true, url: '/pricing?checkout=success' })
	expect(stripe.requests).toHaveLength(0)
	expect(await creditBalance(t.db, user.id)).toBe(200)
	expect((await t.db.selectFrom('discount_codes').select('current_uses').executeTakeFirstOrThrow()).current_uses).toBe(1)
	expect(await billing.listPayments(user.id)).toEqual([expect.objectContaining({ amountChf: 0, discountChf: 19.95, status: 'paid' })])
})
