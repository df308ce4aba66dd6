// SECURITY.md §1.4 (ASVS 2.3.1 steps in order, 2.3.4 limited resources): the checkout of /pricing
// and the offline test checkout, through their routes. A discount code whose uses are taken (or
// held by other buyers' open checkouts) is refused when the checkout starts, with its German
// message on /pricing, never first at payment; a paid test checkout is never shown as cancelled.
//
// Covered elsewhere, not repeated here: the completion guard (50 concurrent completions on max
// uses 10 redeem it 10 times) and 50 concurrent starts (10 start): modules/billing/billing.test.ts;
// a Stripe payment on a code used up meanwhile is refunded: tests/integration/stripe.test.ts;
// another user's test checkout: idor.test.ts.
import { randomBytes } from 'node:crypto'
import { createCookie } from 'react-router'
import { describe, expect, test, vi } from 'vitest'
import billingTexts from '#locales/de/billing.json'
import type { TestDatabase } from '#tests/support/db.ts'
import { harnessPerFile, type CallResult, type Harness, type TestUser } from './support/harness.ts'

vi.mock('lucide-react', async () => (await import('./support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('./support/harness.ts')).uiStub())

let t: TestDatabase
let h: Harness
harnessPerFile((made) => ({ t, h } = made))

async function discountCode(input: { max_uses: number; current_uses?: number }) {
	const code = `SEC${randomBytes(4).toString('hex').toUpperCase()}`
	await t.db
		.insertInto('discount_codes')
		.values({ code, description: 'Sicherheitstest', discount_type: 'percentage', discount_value: 10, max_uses: input.max_uses, current_uses: input.current_uses ?? 0, starts_at: new Date(Date.now() - 60_000) })
		.execute()
	return code
}

const checkout = (user: TestUser, code: string) => h.call('/pricing', { form: { intent: 'checkout', itemKind: 'pack', itemId: 'credits_500', code }, cookie: user.cookie })
const check = (user: TestUser, code: string) => h.call('/pricing', { form: { intent: 'validate', itemKind: 'pack', itemId: 'credits_500', code }, cookie: user.cookie })
const testCheckout = (user: TestUser, sessionId: string, intent: 'pay' | 'cancel') => h.call('/pricing/test-checkout/:sessionId', { params: { sessionId }, form: { intent }, cookie: user.cookie })
const sessionOf = (result: CallResult) => result.location!.split('/').at(-1)!

/** The flash toast a redirect sets (signed like the server signs it). */
async function toastOf(result: CallResult) {
	const cookie = result.headers.getSetCookie().find((c) => c.startsWith('toast='))
	return cookie ? createCookie('toast', { secrets: [h.info().cookieSecret] }).parse(cookie.split(';')[0]!) : null
}

type Reply = { ok: boolean; notice?: { title: string; description?: string }; discount?: { result: { valid: boolean; reason: string | null; error: string | null } } }

const paymentsOf = (userId: string) => t.db.selectFrom('payments').select(['status', 'discount_amount_chf']).where('user_id', '=', userId).execute()
const usesOf = async (code: string) => (await t.db.selectFrom('discount_codes').select('current_uses').where('code', '=', code).executeTakeFirstOrThrow()).current_uses
const balanceOf = async (userId: string) => (await t.db.selectFrom('profiles').select('credits_remaining').where('id', '=', userId).executeTakeFirstOrThrow()).credits_remaining

describe('a used-up discount code is refused when the checkout starts', () => {
	test('all uses taken: "Zur Kasse" answers 400 with "Ungültiger Rabattcode" and the German reason; no checkout is started', async () => {
		const user = await h.user()
		const code = await discountCode({ max_uses: 2, current_uses: 2 })
		const refused = await checkout(user, code)
		expect(refused.status).toBe(400)
		const reply = refused.data as Reply
		expect(reply.ok).toBe(false)
		// Said inline under the code field (no toast with the same text).
		expect(reply.notice).toBeUndefined()
		expect(reply.discount?.result).toMatchObject({ valid: false, reason: 'used_up', error: 'Dieser Rabattcode wurde bereits vollständig eingelöst.' })
		expect(await paymentsOf(user.id)).toEqual([])
	})

	test("the last use held by another buyer's open checkout: refused at the start (and by 'Prüfen'); after that checkout is paid: used up", async () => {
		const [first, second] = [await h.user(), await h.user()]
		const code = await discountCode({ max_uses: 1 })
		const started = await checkout(first, code)
		expect(started.status).toBe(302)
		expect(started.location).toMatch(/^\/pricing\/test-checkout\/tc_/)
		// The first buyer may start again (their own open checkout holds nothing against them).
		expect((await checkout(first, code)).status).toBe(302)

		const held = await checkout(second, code)
		expect(held.status).toBe(400)
		expect((held.data as Reply).discount?.result).toMatchObject({ valid: false, error: billingTexts.discount.errors.reserved })
		expect(billingTexts.discount.errors.reserved).toMatch(/^Dieser Rabattcode ist zurzeit vollständig vergeben/)
		const checked = await check(second, code)
		expect((checked.data as Reply).discount?.result).toMatchObject({ valid: false, reason: 'reserved', error: billingTexts.discount.errors.reserved })
		expect(await paymentsOf(second.id)).toEqual([])

		const paid = await testCheckout(first, sessionOf(started), 'pay')
		expect(paid.location).toBe('/pricing?checkout=success')
		expect(await usesOf(code)).toBe(1)
		const usedUp = await checkout(second, code)
		expect(usedUp.status).toBe(400)
		expect((usedUp.data as Reply).discount?.result).toMatchObject({ valid: false, error: 'Dieser Rabattcode wurde bereits vollständig eingelöst.' })
		expect(await paymentsOf(second.id)).toEqual([])
	})

	test('a hold ends when its checkout is cancelled or older than an hour: then the next buyer starts', async () => {
		const [first, second, third] = [await h.user(), await h.user(), await h.user()]
		const code = await discountCode({ max_uses: 1 })
		const started = await checkout(first, code)
		expect((await checkout(second, code)).status).toBe(400)
		expect((await testCheckout(first, sessionOf(started), 'cancel')).location).toBe('/pricing?checkout=cancelled')
		const next = await checkout(second, code)
		expect(next.status).toBe(302)
		expect((await checkout(third, code)).status).toBe(400)
		await t.db.updateTable('payments').set({ created_at: new Date(Date.now() - 61 * 60_000) }).where('user_id', '=', second.id).execute()
		expect((await checkout(third, code)).status).toBe(302)
	})
})

describe('a paid test checkout', () => {
	test("'Abbrechen' after paying: the checkout stays paid and /pricing says 'Bereits bezahlt', never 'abgebrochen'", async () => {
		const user = await h.user()
		const balance = await balanceOf(user.id)
		const started = await h.call('/pricing', { form: { intent: 'checkout', itemKind: 'pack', itemId: 'credits_500' }, cookie: user.cookie })
		const sessionId = sessionOf(started)
		expect((await testCheckout(user, sessionId, 'pay')).location).toBe('/pricing?checkout=success')
		expect(await balanceOf(user.id)).toBe(balance + 500)

		const cancelled = await testCheckout(user, sessionId, 'cancel')
		expect(cancelled.status).toBe(302)
		expect(cancelled.location).toBe('/pricing?checkout=success')
		const toast = await toastOf(cancelled)
		expect(toast).toEqual({ type: 'info', title: 'Bereits bezahlt', description: 'Dieser Checkout ist bereits bezahlt und kann nicht mehr abgebrochen werden.' })
		expect(JSON.stringify(toast)).not.toContain(billingTexts.testCheckout.cancelled)
		expect(await paymentsOf(user.id)).toEqual([{ status: 'paid', discount_amount_chf: 0 }])
		expect(await balanceOf(user.id)).toBe(balance + 500)

		// Paying again (a second tab, a double click) says so too and credits nothing more.
		const again = await testCheckout(user, sessionId, 'pay')
		expect(again.location).toBe('/pricing?checkout=success')
		expect(await toastOf(again)).toEqual({ type: 'info', title: 'Bereits bezahlt', description: 'Dieser Checkout ist bereits bezahlt. Es wurde nichts zusätzlich belastet.' })
		expect(await balanceOf(user.id)).toBe(balance + 500)
	})

	test("cancel and pay at the same moment: either paid and shown as paid, or cancelled and nothing credited", async () => {
		const user = await h.user()
		const balance = await balanceOf(user.id)
		const started = await h.call('/pricing', { form: { intent: 'checkout', itemKind: 'pack', itemId: 'credits_200' }, cookie: user.cookie })
		const sessionId = sessionOf(started)
		const [cancel, pay] = await Promise.all([testCheckout(user, sessionId, 'cancel'), testCheckout(user, sessionId, 'pay')])
		const [payment] = await paymentsOf(user.id)
		if (payment!.status === 'paid') {
			expect(cancel.location).toBe('/pricing?checkout=success')
			expect((await toastOf(cancel))?.title).toBe('Bereits bezahlt')
			expect(await balanceOf(user.id)).toBe(balance + 200)
		} else {
			expect(payment!.status).toBe('expired')
			expect(cancel.location).toBe('/pricing?checkout=cancelled')
			expect(pay.location).toBe('/pricing')
			expect(await balanceOf(user.id)).toBe(balance)
		}
	})

	test("another user's checkout id: 'Abbrechen' changes nothing and says the checkout does not exist", async () => {
		const [owner, other] = [await h.user(), await h.user()]
		const sessionId = sessionOf(await h.call('/pricing', { form: { intent: 'checkout', itemKind: 'pack', itemId: 'credits_200' }, cookie: owner.cookie }))
		const answer = await testCheckout(other, sessionId, 'cancel')
		expect(answer.location).toBe('/pricing')
		expect(await toastOf(answer)).toEqual({ type: 'error', title: 'Fehler', description: billingTexts.testCheckout.notFound })
		expect(await paymentsOf(owner.id)).toEqual([{ status: 'pending', discount_amount_chf: 0 }])
	})
})
