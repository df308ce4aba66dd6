import type { Page } from '@playwright/test'
import { expectAccessible } from '#tests/e2e/a11y.ts'
import { expect, test } from '#tests/e2e/fixtures.ts'

// Issue 20 defect 21: the onboarding summary shows the description, a reload keeps the wizard's
// progress; the landing page's closing call to action reads as a live button.

async function openWizard(page: Page) {
	await page.goto('/onboarding')
	await page.waitForLoadState('networkidle')
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

const stepTitle = (page: Page) => page.getByRole('heading', { level: 2 })

test('a reload keeps the values and the step; the summary shows the description', async ({ page }) => {
	await openWizard(page)
	await page.getByLabel('Name des Agenten').fill('Lena')
	await page.getByRole('button', { name: 'Weiter' }).click()
	await page.getByLabel('Zielgruppe', { exact: true }).fill('Inhaberinnen kleiner Cafés')

	// Reloaded on step 2: step and values are back.
	await page.reload()
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	await expect(stepTitle(page)).toHaveText(/Zielgruppe/)
	await expect(page.getByLabel('Zielgruppe', { exact: true })).toHaveValue('Inhaberinnen kleiner Cafés')
	await page.getByRole('button', { name: 'Weiter' }).click()
	await page.getByRole('radio', { name: 'Gastgewerbe' }).click()
	await page.getByLabel('Beschreibung (optional)').fill('Wir rösten Kaffee in Bern\nund backen am Wochenende.')

	// Reloaded on step 3.
	await page.reload()
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	await expect(stepTitle(page)).toHaveText(/Branche/)
	await expect(page.getByRole('radio', { name: 'Gastgewerbe' })).toBeChecked()
	await expect(page.getByLabel('Beschreibung (optional)')).toHaveValue('Wir rösten Kaffee in Bern\nund backen am Wochenende.')
	await page.getByRole('button', { name: 'Weiter' }).click()
	await expect(stepTitle(page)).toHaveText('Zusammenfassung')
	await expect(page.getByTestId('summary-description')).toHaveText('Wir rösten Kaffee in Bern\nund backen am Wochenende.')

	// Reloaded on the summary: still the summary with every value, the name included.
	await page.reload()
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	await expect(stepTitle(page)).toHaveText('Zusammenfassung')
	await expect(page.getByRole('heading', { level: 3, name: 'Lena' })).toBeVisible()
	await expect(page.getByTestId('summary-description')).toContainText('Wir rösten Kaffee in Bern')

	// A new tab starts afresh (the progress belongs to this tab only).
	const other = await page.context().newPage()
	await openWizard(other)
	await expect(stepTitle(other)).toHaveText(/Agent/)
	await other.close()
})

test('without a description the summary says so', async ({ page }) => {
	await openWizard(page)
	await page.getByLabel('Name des Agenten').fill('Lena')
	await page.getByRole('button', { name: 'Weiter' }).click()
	await page.getByLabel('Zielgruppe', { exact: true }).fill('Cafés')
	await page.getByRole('button', { name: 'Weiter' }).click()
	await page.getByRole('radio', { name: 'Gastgewerbe' }).click()
	await page.getByRole('button', { name: 'Weiter' }).click()
	await expect(page.getByTestId('summary-description')).toHaveText('Keine Angabe')
})

test('the closing call to action of the landing page is a solid, readable button', async ({ page }) => {
	await page.goto('/landing')
	const cta = page.getByRole('link', { name: 'Agent jetzt erstellen' })
	await cta.scrollIntoViewIfNeeded()
	await expect(cta).toBeVisible()
	await expect(cta).toHaveClass(/landing-closing-button/)
	// Light on the dark accent gradient (the old dark gray one read as disabled), and axe finds it readable.
	const background = await cta.evaluate((element) => getComputedStyle(element).backgroundColor)
	const [r, g, b] = background.match(/\d+/g)!.map(Number)
	expect((r! + g! + b!) / 3).toBeGreaterThan(200)
	expect(await cta.evaluate((element) => getComputedStyle(element).opacity)).toBe('1')
	await expectAccessible(page, 'Landing, Schlussaufruf', '.landing-closing')
})
