import { expect, gotoReady, SANDBOX_APP_PASSWORD, test, uniqueEmail } from '#tests/e2e/fixtures.ts'

// Issue 37, 4.11: the smaller defects a user meets.

test("the export's file name carries the user's calendar day, not UTC's", async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	// A zone whose date differs from UTC's right now (+14 h from 10:00 UTC, else -11 h).
	const timeZone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago'
	await db.updateTable('users').set({ time_zone: timeZone }).where('id', '=', user.id).execute()
	await login(user)
	await gotoReady(page, '/settings')
	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Daten exportieren' }).click()
	const download = await downloading
	const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
	expect(day).not.toBe(new Date().toISOString().slice(0, 10))
	expect(download.suggestedFilename()).toBe(`postwerk-export-${day}.json`)
})

test('sign-up success is said once: in the box, not again in a toast', async ({ page }) => {
	await gotoReady(page, '/auth')
	await page.getByRole('tab', { name: 'Registrieren' }).click()
	await page.getByLabel('Vollständiger Name').fill('Sara Einmal')
	await page.getByLabel('E-Mail').fill(uniqueEmail('once'))
	await page.getByLabel('Passwort', { exact: true }).fill('ein-gutes-passwort')
	await page.getByRole('button', { name: 'Registrieren', exact: true }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Registrierung erfolgreich!' })).toBeVisible()
	// Whatever the answer brought (a flash toast loads sonner's code) has arrived once the network is idle.
	await page.waitForLoadState('networkidle')
	await expect(page.getByText(/Registrierung erfolgreich/)).toHaveCount(1)
	await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
	// Nor does a toast left waiting in a cookie say it again on the next page.
	await gotoReady(page, '/auth')
	await page.waitForLoadState('networkidle')
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Registrierung erfolgreich' })).toHaveCount(0)
})

test('every main page has exactly one <h1>', async ({ page, createConfirmedUser, login }) => {
	test.setTimeout(180_000)
	const pages = ['/landing', '/auth', '/auth/forgot-password']
	for (const path of pages) {
		await gotoReady(page, path)
		expect(await page.locator('h1').count(), path).toBe(1)
	}
	const admin = await createConfirmedUser({ admin: true })
	await login(admin)
	const signedIn = ['/', '/create', '/posts', '/schedule', '/schedule?view=month', '/news', '/accounts', '/agent', '/toolbox', '/test-models', '/activity-logs', '/pricing', '/settings', '/settings/integrationen', '/suche?q=test', '/api-referenz', '/admin', '/admin/users', '/admin/models', '/admin/prompts', '/admin/workflows', '/admin/toolbox', '/admin/error-reports', '/admin/discount-codes', '/gibt-es-nicht']
	const wrong: Array<string> = []
	for (const path of signedIn) {
		await page.goto(path)
		await page.locator('h1').first().waitFor()
		const headings = await page.locator('h1').allTextContents()
		if (headings.length !== 1) wrong.push(`${path}: ${JSON.stringify(headings)}`)
	}
	expect(wrong).toEqual([])
})

for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
	test(`connecting Bluesky with an app password says so in a success toast (${viewport.width} px)`, async ({ page, createConfirmedUser, login }) => {
		await page.setViewportSize(viewport)
		const user = await createConfirmedUser()
		await login(user)
		await gotoReady(page, '/accounts')
		await page.getByTestId('platform-bluesky').getByRole('button', { name: 'Verbinden' }).click()
		const dialog = page.getByRole('dialog', { name: 'Bluesky verbinden' })
		await dialog.getByLabel('Handle').fill('paula.bsky.social')
		await dialog.getByLabel('App-Passwort').fill(SANDBOX_APP_PASSWORD)
		await dialog.getByRole('button', { name: 'Anmelden und verbinden' }).click()
		await expect(dialog.getByText('Bluesky wurde erfolgreich verbunden.')).toBeVisible({ timeout: 15_000 })
		const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Bluesky wurde erfolgreich verbunden.' })
		await expect(toast).toBeVisible()
		// Still there once the dialog has closed itself.
		await expect(dialog).toBeHidden({ timeout: 5_000 })
		await expect(toast).toBeVisible()
	})
}
