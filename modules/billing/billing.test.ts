import type { Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { creditBalance } from '#modules/credits/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'
import { userWithCredits } from '#tests/support/users.ts'

type CodeInput = Partial<{
	code: string
	discount_type: 'percentage' | 'fixed_amount'
	discount_value: number
	min_purchase_amount: number
	max_uses: number | null
	max_credits: number | null
	current_uses: number
	starts_at: Date
	expires_at: Date | null
	is_active: boolean
	description: string
}>

async function discountCode(db: Kysely<DB>, input: CodeInput = {}) {
	const code = input.code ?? `TEST${Math.random().toString(36).slice(2, 8).toUpperCase()}`
	await db
		.insertInto('discount_codes')
		.values({
			code,
			description: input.description ?? 'Testrabatt',
			discount_type: input.discount_type ?? 'percentage',
			discount_value: input.discount_value ?? 10,
			min_purchase_amount: input.min_purchase_amount ?? 0,
			max_uses: input.max_uses ?? null,
			max_credits: input.max_credits ?? null,
			current_uses: input.current_uses ?? 0,
			starts_at: input.starts_at ?? new Date(Date.now() - 60_000),
			expires_at: input.expires_at ?? null,
			is_active: input.is_active ?? true,
		})
		.execute()
	return code
}

async function user(db: Kysely<DB>, credits = 50) {
	const id = await userWithCredits(db, credits)
	const row = await db.selectFrom('profiles').select('email').where('id', '=', id).executeTakeFirstOrThrow()
	return { id, email: row.email, subscriptionType: 'free' as const }
}

const pack500 = { kind: 'pack', id: 'credits_500' } as const
const pro = { kind: 'plan', id: 'pro' } as const

function sessionOf(url: string) {
	return url.split('/').at(-1)!
}

test('the catalogue: three plans and five credit packs with the price per credit in Rappen', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const { plans, packs } = await services.billing.catalogue()
	expect(plans.map((p) => [p.id, p.name, p.priceRappen, p.credits, p.interval, p.includesVideo, p.popular])).toEqual([
		['free', 'Kostenlos', 0, 50, 'once', false, false],
		['basic', 'Basic', 2995, 350, 'month', false, false],
		['pro', 'Pro', 4995, 600, 'month', true, true],
	])
	expect(packs.map((p) => [p.credits, p.priceRappen, p.rappenPerCredit])).toEqual([
		[200, 1995, 9.98],
		[500, 4995, 9.99],
		[1000, 9995, 9.99],
		[2500, 23995, 9.6],
		[5000, 44995, 9],
	])
	expect(services.billing.provider).toEqual({ id: 'test-checkout', testMode: true, available: true })
})

test('discount validation gives the spec result shape and applies every rule', async () => {
	await using t = await createTestDatabase()
	const { billing } = testServices(t.db).services
	const check = async (input: CodeInput, item: { kind: 'plan' | 'pack'; id: string } = pack500) => billing.validateDiscount({ code: await discountCode(t.db, input), item })

	expect(await check({ discount_value: 10, description: '10 % Rabatt' })).toEqual({
		valid: true,
		discount_amount: 5,
		final_amount: 44.95,
		description: '10 % Rabatt',
		error: null,
		reason: null,
	})
	// lower-case input is upper-cased
	const lower = await discountCode(t.db, { code: 'KLEIN20', discount_value: 20 })
	expect(await billing.validateDiscount({ code: lower.toLowerCase(), item: pack500 })).toMatchObject({ valid: true, discount_amount: 9.99, final_amount: 39.96 })
	expect(await check({ discount_type: 'fixed_amount', discount_value: 15 })).toMatchObject({ valid: true, discount_amount: 15, final_amount: 34.95 })
	// a fixed amount never takes the price below zero; 100 % makes it free
	expect(await check({ discount_type: 'fixed_amount', discount_value: 80 })).toMatchObject({ valid: true, discount_amount: 49.95, final_amount: 0 })
	expect(await check({ discount_value: 100 })).toMatchObject({ valid: true, final_amount: 0 })

	expect(await billing.validateDiscount({ code: 'GIBTESNICHT', item: pack500 })).toMatchObject({ valid: false, reason: 'not_found', error: 'Der eingegebene Code ist nicht gültig.', final_amount: 49.95, discount_amount: 0 })
	expect(await check({ is_active: false })).toMatchObject({ valid: false, reason: 'inactive' })
	expect(await check({ starts_at: new Date(Date.now() - 86_400_000 * 2), expires_at: new Date(Date.now() - 1000) })).toMatchObject({ valid: false, reason: 'expired', error: 'Dieser Rabattcode ist abgelaufen.' })
	expect(await check({ starts_at: new Date(Date.now() + 86_400_000) })).toMatchObject({ valid: false, reason: 'not_started', error: 'Dieser Rabattcode ist noch nicht gültig.' })
	expect(await check({ max_uses: 3, current_uses: 3 })).toMatchObject({ valid: false, reason: 'used_up', error: 'Dieser Rabattcode wurde bereits vollständig eingelöst.' })
	expect(await check({ min_purchase_amount: 50 })).toMatchObject({ valid: false, reason: 'min_purchase', error: expect.stringMatching(/^Dieser Rabattcode gilt erst ab einem Bestellwert von CHF\s50\.00\.$/) })
	expect(await check({ min_purchase_amount: 49.95 })).toMatchObject({ valid: true })
	expect(await check({ max_credits: 200 })).toMatchObject({ valid: false, reason: 'max_credits', error: 'Dieser Rabattcode gilt nur für Pakete bis 200 Credits.' })
	expect(await check({ max_credits: 1 })).toMatchObject({ valid: false, reason: 'max_credits', error: 'Dieser Rabattcode gilt nur für Pakete bis 1 Credit.' })
	expect(await check({ max_credits: 500 })).toMatchObject({ valid: true })
	// plans: the monthly credits count against max credits
	expect(await check({ max_credits: 500 }, pro)).toMatchObject({ valid: false, reason: 'max_credits' })
	expect(await check({ discount_value: 10 }, pro)).toMatchObject({ valid: true, discount_amount: 5, final_amount: 44.95 })
	// unknown packages are not priced at all
	expect(await billing.validateDiscount({ code: 'X', item: { kind: 'pack', id: 'credits_7' } })).toBeNull()
	expect(await billing.validateDiscount({ code: 'X', item: { kind: 'plan', id: 'free' } })).toBeNull()
})

test('buying the 500-credit pack with a 10 % code: credits, ledger row with price, one use, a redemption', async () => {
	await using t = await createTestDatabase()
	const { billing } = testServices(t.db).services
	const buyer = await user(t.db)
	const code = await discountCode(t.db, { discount_value: 10, max_uses: 5 })
	const started = await billing.startCheckout(buyer, { item: pack500, code: code.toLowerCase() })
	expect(started.ok).toBe(true)
	if (!started.ok) return
	expect(started.url).toMatch(/^\/pricing\/test-checkout\/tc_/)
	const sessionId = sessionOf(started.url)
	expect(await billing.testCheckout(buyer.id, sessionId)).toMatchObject({ kind: 'credit_pack', credits: 500, amountChf: 44.95, discountChf: 5, discountCode: code })
	// another user cannot see or complete it
	const other = await user(t.db)
	expect(await billing.testCheckout(other.id, sessionId)).toBeNull()
	expect(await billing.completeTestCheckout(other.id, sessionId)).toBe('unknown_session')

	expect(await billing.completeTestCheckout(buyer.id, sessionId)).toBe('fulfilled')
	expect(await creditBalance(t.db, buyer.id)).toBe(550)
	const ledger = await t.db.selectFrom('credit_transactions').select(['credits_amount', 'price_chf', 'transaction_type', 'balance_after']).where('user_id', '=', buyer.id).orderBy('created_at', 'desc').executeTakeFirstOrThrow()
	expect(ledger).toEqual({ credits_amount: 500, price_chf: 44.95, transaction_type: 'purchase', balance_after: 550 })
	const row = await t.db.selectFrom('discount_codes').select('current_uses').where('code', '=', code).executeTakeFirstOrThrow()
	expect(row.current_uses).toBe(1)
	expect(await t.db.selectFrom('discount_redemptions').select(['code', 'amount_chf', 'user_id']).execute()).toEqual([{ code, amount_chf: 5, user_id: buyer.id }])
	const payments = await billing.listPayments(buyer.id)
	expect(payments).toHaveLength(1)
	expect(payments[0]).toMatchObject({ kind: 'credit_pack', credits: 500, amountChf: 44.95, discountChf: 5, status: 'paid' })
	// completing again changes nothing
	expect(await billing.completeTestCheckout(buyer.id, sessionId)).toBe('unknown_session')
	expect(await creditBalance(t.db, buyer.id)).toBe(550)
})

test('the price comes from the catalogue and the code is checked again at checkout', async () => {
	await using t = await createTestDatabase()
	const { billing } = testServices(t.db).services
	const buyer = await user(t.db)
	expect(await billing.startCheckout(buyer, { item: { kind: 'pack', id: 'credits_123' } })).toEqual({ ok: false, reason: 'unknown_item' })
	const expired = await discountCode(t.db, { starts_at: new Date(Date.now() - 86_400_000 * 2), expires_at: new Date(Date.now() - 1000) })
	const refused = await billing.startCheckout(buyer, { item: pack500, code: expired })
	expect(refused).toMatchObject({ ok: false, reason: 'invalid_discount', discount: { valid: false, reason: 'expired' } })
	const proUser = { ...buyer, subscriptionType: 'pro' as const }
	expect(await billing.startCheckout(proUser, { item: pro })).toEqual({ ok: false, reason: 'already_subscribed' })
})

test('50 concurrent checkout starts on a code with max uses 10: 10 start (their open checkouts hold the uses), 40 are refused at the start', async () => {
	await using t = await createTestDatabase({ maxConnections: 20 })
	const { billing } = testServices(t.db).services
	const code = await discountCode(t.db, { discount_value: 10, max_uses: 10 })
	const buyers = await Promise.all(Array.from({ length: 50 }, () => user(t.db, 0)))
	const started = await Promise.all(buyers.map((buyer) => billing.startCheckout(buyer, { item: pack500, code })))
	expect(started.filter((s) => s.ok)).toHaveLength(10)
	const refused = started.filter((s) => !s.ok)
	expect(refused).toHaveLength(40)
	for (const r of refused) expect(r).toMatchObject({ ok: false, reason: 'invalid_discount', discount: { valid: false, reason: 'reserved' } })
	const pending = await t.db.selectFrom('payments').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow()
	expect(Number(pending.n)).toBe(10)
})

test('50 concurrent completions on a code with max uses 10 redeem it exactly 10 times', async () => {
	await using t = await createTestDatabase({ maxConnections: 20 })
	const { billing } = testServices(t.db).services
	const code = await discountCode(t.db, { discount_value: 10, max_uses: 10 })
	const buyers = await Promise.all(Array.from({ length: 50 }, () => user(t.db, 0)))
	// Checkouts whose hold has ended can still be paid (at a provider until their session expires):
	// the completion is the last guard. Each start is aged past the hold before the next one.
	const sessions = []
	for (const buyer of buyers) {
		const started = await billing.startCheckout(buyer, { item: pack500, code })
		if (!started.ok) throw new Error(`checkout refused: ${started.reason}`)
		await t.db.updateTable('payments').set({ created_at: new Date(Date.now() - 2 * 3600_000) }).where('id', '=', started.paymentId).execute()
		sessions.push({ buyer, sessionId: sessionOf(started.url) })
	}
	const results = await Promise.all(sessions.map(({ buyer, sessionId }) => billing.completeTestCheckout(buyer.id, sessionId)))
	expect(results.filter((r) => r === 'fulfilled')).toHaveLength(10)
	expect(results.filter((r) => r === 'discount_exhausted')).toHaveLength(40)
	const row = await t.db.selectFrom('discount_codes').select('current_uses').where('code', '=', code).executeTakeFirstOrThrow()
	expect(row.current_uses).toBe(10)
	const redemptions = await t.db.selectFrom('discount_redemptions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
	expect(Number(redemptions.n)).toBe(10)
	const credited = await t.db.selectFrom('credit_transactions').select((eb) => eb.fn.countAll<number>().as('n')).where('transaction_type', '=', 'purchase').executeTakeFirstOrThrow()
	expect(Number(credited.n)).toBe(10)
	const failed = await t.db.selectFrom('payments').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'failed').where('failure_reason', '=', 'discount_exhausted').executeTakeFirstOrThrow()
	expect(Number(failed.n)).toBe(40)
})

test('the same completion 10 times, one after another and at the same moment, credits once', async () => {
	await using t = await createTestDatabase({ maxConnections: 12 })
	const { billing } = testServices(t.db).services
	for (const concurrent of [false, true]) {
		const buyer = await user(t.db, 0)
		const started = await billing.startCheckout(buyer, { item: pack500 })
		if (!started.ok) throw new Error('checkout refused')
		const sessionId = sessionOf(started.url)
		const results = concurrent
			? await Promise.all(Array.from({ length: 10 }, () => billing.completeTestCheckout(buyer.id, sessionId)))
			: await Array.from({ length: 10 }).reduce<Promise<Array<string>>>(async (acc) => [...(await acc), await billing.completeTestCheckout(buyer.id, sessionId)], Promise.resolve([]))
		expect(results.filter((r) => r === 'fulfilled')).toHaveLength(1)
		expect(await creditBalance(t.db, buyer.id)).toBe(500)
		const events = await t.db.selectFrom('payment_events').select('event_id').where('event_id', '=', `${sessionId}:completed`).execute()
		expect(events).toHaveLength(1)
	}
})

test('subscribing to Pro sets the plan and grants 600 credits; the monthly job grants each period once and ends cancelled plans', async () => {
	await using t = await createTestDatabase()
	const { billing } = testServices(t.db).services
	const buyer = await user(t.db, 50)
	const started = await billing.startCheckout(buyer, { item: pro })
	if (!started.ok) throw new Error('checkout refused')
	expect(await billing.testCheckout(buyer.id, sessionOf(started.url))).toMatchObject({ kind: 'subscription', planId: 'pro', planName: 'Pro', amountChf: 49.95, credits: 600 })
	expect(await billing.completeTestCheckout(buyer.id, sessionOf(started.url))).toBe('fulfilled')
	const profile = () => t.db.selectFrom('profiles').select(['subscription_type', 'plan', 'credits_remaining']).where('id', '=', buyer.id).executeTakeFirstOrThrow()
	expect(await profile()).toEqual({ subscription_type: 'pro', plan: 'pro', credits_remaining: 650 })
	const sub = await t.db.selectFrom('subscriptions').selectAll().where('user_id', '=', buyer.id).executeTakeFirstOrThrow()
	expect(sub).toMatchObject({ plan_id: 'pro', status: 'active', provider: 'test-checkout' })

	// Inside the period the job grants nothing new (the checkout granted this period).
	expect(await billing.runMonthlyAllowances()).toEqual({ granted: 0, ended: 0 })
	expect((await profile()).credits_remaining).toBe(650)

	// The period ended: the next one starts and is granted once, however often the job runs.
	const past = new Date(Date.now() - 1000)
	await t.db.updateTable('subscriptions').set({ current_period_start: new Date(past.getTime() - 30 * 86_400_000), current_period_end: past }).where('id', '=', sub.id).execute()
	expect(await billing.runMonthlyAllowances()).toEqual({ granted: 1, ended: 0 })
	expect(await billing.runMonthlyAllowances()).toEqual({ granted: 0, ended: 0 })
	await Promise.all([billing.runMonthlyAllowances(), billing.runMonthlyAllowances()])
	expect((await profile()).credits_remaining).toBe(1250)
	const moved = await t.db.selectFrom('subscriptions').select(['current_period_start', 'current_period_end']).where('id', '=', sub.id).executeTakeFirstOrThrow()
	expect(new Date(moved.current_period_start).getTime()).toBe(past.getTime())
	expect(new Date(moved.current_period_end).getTime()).toBeGreaterThan(Date.now())

	// Cancelled at period end: at the end the user falls back to free, credits stay.
	await t.db.updateTable('subscriptions').set({ cancel_at_period_end: true, current_period_end: new Date(Date.now() - 1000) }).where('id', '=', sub.id).execute()
	expect(await billing.runMonthlyAllowances()).toEqual({ granted: 0, ended: 1 })
	expect(await profile()).toEqual({ subscription_type: 'free', plan: 'free', credits_remaining: 1250 })
	expect(await billing.pricing(buyer.id)).toMatchObject({ subscription: null })
})

test('an enterprise request is stored and mailed to the sales address', async () => {
	await using t = await createTestDatabase()
	const composition = testServices(t.db, { SALES_EMAIL: 'sales@beispiel.ch' })
	const { billing } = composition.services
	const id = await billing.submitEnterpriseRequest(null, { name: 'Erika Muster', email: 'erika@firma.ch', company: 'Firma AG', message: 'Wir sind 40 Leute.' })
	const task = composition.tasks.find((x) => x.id === 'billing_enterprise_request_mail')!
	await task.handler({ requestId: id }, { jobId: '1', attempts: 1 })
	const mails = await composition.services.devMailbox!.list()
	expect(mails[0]).toMatchObject({ to: 'sales@beispiel.ch', subject: 'Enterprise-Anfrage von Erika Muster' })
	expect(mails[0]!.text).toContain('erika@firma.ch')
	expect(mails[0]!.text).toContain('Wir sind 40 Leute.')
})

test('discount checks are limited to 30 per user in 15 minutes', async () => {
	await using t = await createTestDatabase()
	const { billing } = testServices(t.db).services
	const someone = await user(t.db)
	const results = []
	for (let i = 0; i < 31; i++) results.push(await billing.validateDiscount({ code: `RATE${i}`, item: pack500, userId: someone.id }))
	expect(results.slice(0, 30).every((r) => typeof r === 'object' && r?.valid === false)).toBe(true)
	expect(results[30]).toBe('rate_limited')
	// another user is not affected
	expect(await billing.validateDiscount({ code: 'RATE', item: pack500, userId: (await user(t.db)).id })).toMatchObject({ valid: false })
})
