// The webhook resource route reads the raw body and answers with the verification's status.
import { RouterContextProvider } from 'react-router'
import { expect, test } from 'vitest'
import { servicesContext } from '#app/context.ts'
import { action } from '#app/routes/webhooks.stripe.ts'
import { creditBalance } from '#modules/credits/index.ts'
import { startStripeFake } from '#tests/fakes/stripe.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'
import { userWithCredits } from '#tests/support/users.ts'

test('POST /webhooks/stripe: signed raw body 200 and credited once, tampered 400, stale 400', async () => {
	await using t = await createTestDatabase()
	await using stripe = await startStripeFake()
	const { services } = testServices(t.db, stripe.env())
	const userId = await userWithCredits(t.db, 0)
	const started = await services.billing.startCheckout({ id: userId, email: 'a@beispiel.ch', subscriptionType: 'free' }, { item: { kind: 'pack', id: 'credits_1000' } })
	if (!started.ok) throw new Error('checkout refused')
	const [completed] = stripe.complete([...stripe.sessions.keys()][0]!)
	const context = new RouterContextProvider()
	context.set(servicesContext, services)
	const post = (body: string, signature: string) =>
		action({
			request: new Request('http://127.0.0.1/webhooks/stripe', { method: 'POST', headers: { 'stripe-signature': signature, 'content-type': 'application/json', origin: 'https://evil.test' }, body }),
			context,
			params: {},
		} as never)
	expect((await post(completed!.payload.replace('"paid"', '"paid" '), stripe.sign(completed!))).status).toBe(400)
	expect((await post(completed!.payload, stripe.sign(completed!, { timestamp: Math.floor(Date.now() / 1000) - 301 }))).status).toBe(400)
	const ok = await post(completed!.payload, stripe.sign(completed!))
	expect(ok.status).toBe(200)
	expect(await ok.json()).toEqual({ received: true })
	expect((await post(completed!.payload, stripe.sign(completed!))).status).toBe(200)
	expect(await creditBalance(t.db, userId)).toBe(1000)
})
