import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'
import { expect, gotoReady, test, waitForMail } from '#tests/e2e/fixtures.ts'

async function discountCode(db: Kysely<DB>, input: { discount_value?: number; starts_at?: Date; expires_at?: Date | null; max_uses?: number | null; current_uses?: number } = {}) {
	const code = `E2E${randomBytes(4).toString('hex').toUpperCase()}`
	await db
		.insertInto('discount_codes')
		.values({
			code,
			description: 'E2E-Rabatt',
			discount_type: 'percentage',
			discount_value: input.discount_value ?? 10,
			max_uses: input.max_uses ?? null,
			current_uses: input.current_uses ?? 0,
			starts_at: input.starts_at ?? new Date(Date.now() - 60_000),
			expires_at: input.expires_at ?? null,
		})
		.execute()
	return code
}

const usesOf = async (db: Kysely<DB>, code: string) => (await db.selectFrom('discount_codes').select('current_uses').where('code', '=', code).executeTakeFirstOrThrow()).current_uses

test('buying the 500-credit pack with a 10 % code in the test checkout: balance, ledger row and use count change', async ({ page, db, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	const code = await discountCode(db, { discount_value: 10, max_uses: 5 })
	await gotoReady(page, '/pricing')
	await expect(page.getByTestId('test-mode')).toContainText('Testmodus – keine echte Zahlung')
	await expect(page.getByText('Preise inkl. MwSt., Credits verfallen nie')).toBeVisible()
	await expect(page.getByTestId('plan-free')).toContainText('Aktueller Tarif')
	await expect(page.getByTestId('plan-pro')).toContainText('Beliebteste')
	await expect(page.getByTestId('pack-credits_500')).toContainText('9.99 Rp. pro Credit')

	// A code needs a chosen package.
	const field = page.getByLabel('Rabattcode')
	await field.fill(code.toLowerCase())
	await expect(field).toHaveValue(code)
	await page.getByRole('button', { name: 'Prüfen' }).click()
	await expect(page.getByText('Bitte wählen Sie zuerst ein Paket aus.')).toBeVisible()

	await page.getByTestId('pack-credits_500').getByRole('button', { name: 'Auswählen' }).click()
	await page.getByRole('button', { name: 'Prüfen' }).click()
	await expect(page.getByTestId('discount-valid')).toContainText(/Rabattcode gültig: −CHF\s5\.00/)
	await expect(page.getByTestId('checkout-total')).toContainText(/CHF\s44\.95/)
	// Any change of package or code makes it unchecked again.
	await page.getByTestId('pack-credits_200').getByRole('button', { name: 'Auswählen' }).click()
	await expect(page.getByTestId('discount-valid')).toHaveCount(0)
	await expect(field).toHaveAttribute('data-state', 'unchecked')
	await page.getByTestId('pack-credits_500').getByRole('button', { name: 'Auswählen' }).click()
	await page.getByRole('button', { name: 'Prüfen' }).click()
	await expect(field).toHaveAttribute('data-state', 'valid')

	await page.getByRole('button', { name: 'Zur Kasse' }).click()
	await expect(page).toHaveURL(/\/pricing\/test-checkout\/tc_/)
	await expect(page.getByText('Testmodus – keine echte Zahlung').first()).toBeVisible()
	await expect(page.getByTestId('test-checkout-total')).toHaveText(/CHF\s44\.95/)
	expect(await usesOf(db, code)).toBe(0)
	await page.getByRole('button', { name: 'Jetzt bezahlen (Test)' }).click()

	await expect(page).toHaveURL(/\/pricing\?checkout=success/)
	await expect(page.getByText('Zahlung erfolgreich')).toBeVisible()
	await expect(page.getByTestId('pricing-balance')).toHaveText('550 Credits')
	expect(await usesOf(db, code)).toBe(1)
	const ledger = await db.selectFrom('credit_transactions').select(['credits_amount', 'price_chf', 'transaction_type']).where('user_id', '=', user.id).orderBy('created_at', 'desc').executeTakeFirstOrThrow()
	expect(ledger).toEqual({ credits_amount: 500, price_chf: 44.95, transaction_type: 'purchase' })

	await gotoReady(page, '/settings')
	await expect(page.getByTestId('settings-balance')).toHaveText('550')
	// The ledger row and the payment.
	await expect(page.getByRole('row', { name: /Kauf \+500 550$/ })).toBeVisible()
	await expect(page.getByRole('row', { name: /500 Credits CHF\s44\.95 Bezahlt$/ })).toBeVisible()
})

test('invalid, expired, not yet started and used-up codes each give their message', async ({ page, db, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	const expired = await discountCode(db, { starts_at: new Date(Date.now() - 2 * 86_400_000), expires_at: new Date(Date.now() - 60_000) })
	const future = await discountCode(db, { starts_at: new Date(Date.now() + 86_400_000) })
	const usedUp = await discountCode(db, { max_uses: 2, current_uses: 2 })
	await gotoReady(page, '/pricing')
	await page.getByTestId('pack-credits_500').getByRole('button', { name: 'Auswählen' }).click()
	const field = page.getByLabel('Rabattcode')
	for (const [code, message] of [
		['GIBTESNICHT', 'Der eingegebene Code ist nicht gültig.'],
		[expired, 'Dieser Rabattcode ist abgelaufen.'],
		[future, 'Dieser Rabattcode ist noch nicht gültig.'],
		[usedUp, 'Dieser Rabattcode wurde bereits vollständig eingelöst.'],
	] as const) {
		await field.fill(code)
		await expect(field).toHaveAttribute('data-state', 'unchecked')
		await page.getByRole('button', { name: 'Prüfen' }).click()
		await expect(page.getByTestId('discount-invalid')).toHaveText(message)
		await expect(field).toHaveAttribute('data-state', 'invalid')
		// Said once, inline: no toast repeats it.
		await expect(page.locator('[data-sonner-toast]').filter({ hasText: message })).toHaveCount(0)
	}
	// The checkout refuses an invalid code too (the server checks again).
	await page.getByRole('button', { name: 'Zur Kasse' }).click()
	await expect(page.getByTestId('discount-invalid')).toHaveText('Dieser Rabattcode wurde bereits vollständig eingelöst.')
	await expect(page).toHaveURL(/\/pricing$/)
})

test('subscribing to Pro in the test checkout sets the plan and grants 600 credits', async ({ page, db, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/pricing')
	await page.getByTestId('plan-pro').getByRole('button', { name: 'Auswählen' }).click()
	await expect(page.getByTestId('checkout-item')).toContainText(/Tarif Pro – CHF\s49\.95 pro Monat/)
	await page.getByRole('button', { name: 'Abonnieren' }).click()
	await expect(page).toHaveURL(/\/pricing\/test-checkout\//)
	await page.getByRole('button', { name: 'Jetzt bezahlen (Test)' }).click()
	await expect(page.getByText('Ihr Tarif Pro ist aktiv.')).toBeVisible()
	await expect(page.getByTestId('plan-pro')).toContainText('Aktueller Tarif')
	await expect(page.getByTestId('plan-free')).not.toContainText('Aktueller Tarif')
	await expect(page.getByTestId('pricing-balance')).toHaveText('650 Credits')
	const profile = await db.selectFrom('profiles').select(['subscription_type', 'credits_remaining']).where('id', '=', user.id).executeTakeFirstOrThrow()
	expect(profile).toEqual({ subscription_type: 'pro', credits_remaining: 650 })
	await gotoReady(page, '/settings')
	await expect(page.getByTestId('settings-plan')).toHaveText('Pro')
})

test('cancelling the test checkout charges nothing', async ({ page, db, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/pricing')
	await page.getByTestId('pack-credits_200').getByRole('button', { name: 'Auswählen' }).click()
	await page.getByRole('button', { name: 'Zur Kasse' }).click()
	await page.getByRole('button', { name: 'Abbrechen' }).click()
	await expect(page.getByText('Zahlung abgebrochen')).toBeVisible()
	await expect(page.getByTestId('pricing-balance')).toHaveText('50 Credits')
	const payment = await db.selectFrom('payments').select('status').where('user_id', '=', user.id).executeTakeFirstOrThrow()
	expect(payment.status).toBe('expired')
})

test("'Abbrechen' on a checkout paid in another tab keeps it paid and says 'Bereits bezahlt'", async ({ page, db, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/pricing')
	await page.getByTestId('pack-credits_200').getByRole('button', { name: 'Auswählen' }).click()
	await page.getByRole('button', { name: 'Zur Kasse' }).click()
	await expect(page).toHaveURL(/\/pricing\/test-checkout\/tc_/)
	const other = await page.context().newPage()
	await gotoReady(other, new URL(page.url()).pathname)
	await other.getByRole('button', { name: 'Jetzt bezahlen (Test)' }).click()
	await expect(other.getByText('Zahlung erfolgreich')).toBeVisible()

	await page.getByRole('button', { name: 'Abbrechen' }).click()
	await expect(page).toHaveURL(/\/pricing\?checkout=success/)
	await expect(page.getByText('Dieser Checkout ist bereits bezahlt und kann nicht mehr abgebrochen werden.')).toBeVisible()
	await expect(page.getByText('Zahlung abgebrochen')).toHaveCount(0)
	await expect(page.getByTestId('pricing-balance')).toHaveText('250 Credits')
	const payment = await db.selectFrom('payments').select('status').where('user_id', '=', user.id).executeTakeFirstOrThrow()
	expect(payment.status).toBe('paid')
})

test('an enterprise request needs name and e-mail and arrives in the dev mailbox of sales', async ({ page, db, createConfirmedUser, login }) => {
	const user = await createConfirmedUser({ fullName: `Firma ${randomBytes(3).toString('hex')}` })
	await login(user)
	await gotoReady(page, '/pricing')
	await page.getByRole('button', { name: 'Kontakt aufnehmen' }).click()
	const dialog = page.getByRole('dialog', { name: 'Enterprise-Anfrage' })
	await expect(dialog).toContainText('innerhalb von 24 Stunden')
	await dialog.getByLabel('Name').fill('')
	await dialog.getByLabel('E-Mail').fill('')
	await dialog.getByRole('button', { name: 'Anfrage senden' }).click()
	await expect(dialog.getByText('Bitte geben Sie Ihren Namen ein.')).toBeVisible()
	await expect(dialog.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeVisible()
	await dialog.getByLabel('Name').fill(user.fullName)
	await dialog.getByLabel('E-Mail').fill(user.email)
	await dialog.getByLabel('Unternehmen').fill('Muster AG')
	await dialog.getByLabel('Nachricht').fill('Wir planen 40 Arbeitsplätze.')
	await dialog.getByRole('button', { name: 'Anfrage senden' }).click()
	await expect(page.getByText('Anfrage gesendet')).toBeVisible()
	await expect(dialog).toHaveCount(0)
	const mail = await waitForMail(db, 'vertrieb@postwerk.local', { subject: `Enterprise-Anfrage von ${user.fullName}` })
	expect(mail.text).toContain(user.email)
	expect(mail.text).toContain('Muster AG')
	expect(mail.text).toContain('Wir planen 40 Arbeitsplätze.')
	const stored = await db.selectFrom('enterprise_requests').select(['name', 'email', 'user_id']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
	expect(stored).toEqual({ name: user.fullName, email: user.email, user_id: user.id })
})

test('the Stripe webhook is exempt from the origin check; without Stripe configured it does not exist', async ({ request }) => {
	const response = await request.post('/webhooks/stripe', { headers: { origin: 'https://evil.test', 'stripe-signature': 't=1,v1=00', 'content-type': 'application/json' }, data: '{}' })
	expect(response.status()).toBe(404)
	const other = await request.post('/pricing', { headers: { origin: 'https://evil.test' }, form: { intent: 'validate' } })
	expect(other.status()).toBe(403)
})
