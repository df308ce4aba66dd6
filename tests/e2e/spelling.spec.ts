import type { Page } from '@playwright/test'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

// ADR 0013: Swiss German readers get "ss" for "ß". The browser's language decides until the user
// chooses in Settings › Schreibweise; the choice switches the texts at once (no reload).

async function toToneStep(page: Page) {
	await page.goto('/onboarding')
	await page.waitForLoadState('networkidle')
	await page.getByLabel('Name des Agenten').fill('Lena')
	await page.getByRole('button', { name: 'Weiter' }).click()
	await expect(page.getByRole('heading', { level: 2 })).toHaveText('Zielgruppe & Tonalität')
}

test('a Swiss browser reads ss on signed-out pages', async ({ page }) => {
	await toToneStep(page)
	await expect(page.getByText('Motivierend und mitreissend')).toBeVisible()
	await expect(page.getByText('mitreißend')).toHaveCount(0)
})

test.describe('a German browser', () => {
	test.use({ locale: 'de-DE' })

	test('reads ß on signed-out pages', async ({ page }) => {
		await toToneStep(page)
		await expect(page.getByText('Motivierend und mitreißend')).toBeVisible()
	})
})

test('Settings › Schreibweise switches between ss and ß and is kept for the user', async ({ page, db, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/posts')
	await expect(page.getByText('Lassen Sie uns heute grossartigen Content erstellen')).toBeVisible()

	await gotoReady(page, '/settings')
	const preferences = page.getByTestId('settings-preferences')
	const spelling = preferences.getByRole('combobox', { name: 'Schreibweise' })
	await expect(spelling).toHaveText('Schweiz (ss)')
	await spelling.click()
	await page.getByRole('option', { name: 'Deutschland (ß)' }).click()
	await preferences.getByRole('button', { name: 'Speichern' }).click()
	// The page switches without a reload: the toast's close button is already written with ß.
	const saved = page.locator('[data-sonner-toast]').filter({ hasText: 'Einstellungen gespeichert' })
	await expect(saved.getByRole('button', { name: 'Meldung schließen' })).toBeVisible()
	await expect.poll(async () => (await db.selectFrom('users').select('spelling').where('id', '=', user.id).executeTakeFirstOrThrow()).spelling).toBe('de')

	await gotoReady(page, '/posts')
	await expect(page.getByText('Lassen Sie uns heute großartigen Content erstellen')).toBeVisible()

	// Back to Swiss.
	await gotoReady(page, '/settings')
	await expect(spelling).toHaveText('Deutschland (ß)')
	await spelling.click()
	await page.getByRole('option', { name: 'Schweiz (ss)' }).click()
	await preferences.getByRole('button', { name: 'Speichern' }).click()
	await expect(page.locator('[data-sonner-toast]').getByRole('button', { name: 'Meldung schliessen' }).first()).toBeVisible()
	await gotoReady(page, '/posts')
	await expect(page.getByText('Lassen Sie uns heute grossartigen Content erstellen')).toBeVisible()
})
