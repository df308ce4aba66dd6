import { randomBytes } from 'node:crypto'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

// Defect 11: a notice is said once (the same toast again updates the one on screen), and the
// toasts are labelled in German.

test('the same toast twice is shown once, with a German close button', async ({ page, db, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	const code = `E2E${randomBytes(4).toString('hex').toUpperCase()}`
	await db
		.insertInto('discount_codes')
		.values({ code, description: 'E2E-Rabatt', discount_type: 'percentage', discount_value: 10, max_uses: null, current_uses: 0, starts_at: new Date(Date.now() - 60_000), expires_at: null })
		.execute()
	await gotoReady(page, '/pricing')
	await page.getByTestId('pack-credits_500').getByRole('button', { name: 'Auswählen' }).click()
	await page.getByLabel('Rabattcode').fill(code)
	const check = page.getByRole('button', { name: 'Prüfen' })
	const toasts = page.locator('[data-sonner-toast]').filter({ hasText: 'Rabattcode gültig' })
	await check.click()
	await expect(toasts).toHaveCount(1)
	await expect(check).toBeEnabled()
	await check.click()
	await expect(check).toBeEnabled()
	await page.waitForTimeout(500)
	await expect(toasts).toHaveCount(1)

	await expect(page.getByRole('region', { name: /^Benachrichtigungen/ })).toBeAttached()
	await expect(page.getByRole('button', { name: 'Close toast' })).toHaveCount(0)
	await toasts.getByRole('button', { name: 'Meldung schliessen' }).click()
	await expect(toasts).toHaveCount(0)
})
