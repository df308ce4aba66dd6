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

for (const size of [
	{ name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
	{ name: '390 px', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
]) {
	test.describe(size.name, () => {
		test.use(size.use)
		test(`a toast sits below the header, whole, its close button in sight (${size.name})`, async ({ page, createConfirmedUser, login }) => {
			const user = await createConfirmedUser()
			await login(user)
			await gotoReady(page, '/settings')
			const profile = page.getByTestId('settings-profile')
			await profile.getByRole('button', { name: 'Speichern' }).click()
			const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Einstellungen gespeichert' })
			// The save's answer may take a while on a loaded machine.
			await expect(toast).toBeVisible({ timeout: 20_000 })
			// Measured once it has slid in (sonner animates it from above).
			await expect(toast).toHaveAttribute('data-mounted', 'true')
			await expect.poll(() => toast.evaluate((el) => getComputedStyle(el).transform)).toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/)
			const header = await page.evaluate(() =>
				Math.max(0, ...Array.from(document.querySelectorAll('.phone-bar, .app-header')).map((el) => el.getBoundingClientRect()).filter((r) => r.height > 0).map((r) => r.bottom)),
			)
			const width = await page.evaluate(() => document.documentElement.clientWidth)
			const box = (await toast.boundingBox())!
			expect(box.y).toBeGreaterThanOrEqual(header)
			expect(box.x).toBeGreaterThanOrEqual(0)
			expect(box.x + box.width).toBeLessThanOrEqual(width)
			const close = toast.getByRole('button', { name: 'Meldung schliessen' })
			const closeBox = (await close.boundingBox())!
			expect(closeBox.x).toBeGreaterThanOrEqual(0)
			expect(closeBox.y).toBeGreaterThanOrEqual(0)
			expect(closeBox.x + closeBox.width).toBeLessThanOrEqual(width)
			// Nothing lies over it: a tap on its middle reaches it.
			expect(await close.evaluate((el) => { const r = el.getBoundingClientRect(); return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)) })).toBe(true)
			await close.click()
			await expect(toast).toHaveCount(0)
		})
	})
}
