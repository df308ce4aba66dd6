import type { Page } from '@playwright/test'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

// Issue 20 defect 13: an action that fails on the server (a 500) or never arrives answers with the
// spec's toast and keeps the page; no error page replaces it. (The agent save: agents-presets.spec.ts.)

function toastWith(page: Page, text: string) {
	return page.locator('[data-sonner-toast]').filter({ hasText: text }).first()
}

async function failPosts(page: Page, pattern: string) {
	await page.route(pattern, (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'kaputt' }) : route.continue()))
}

test('a failed like keeps the gallery and says so', async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/test-models?tab=language')
	await failPosts(page, '**/test-models.data*')
	const card = page.locator('[data-testid="model-card"][data-model-id="gpt-4o"]')
	await card.getByRole('button', { name: /^Gefällt mir – \d+ Likes?$/ }).click()
	await expect(toastWith(page, 'Das Like konnte nicht gespeichert werden.')).toBeVisible()
	await expect(page.getByText('Modelle konnten nicht geladen werden.')).toHaveCount(0)
	await expect(card.getByRole('button', { name: /^Gefällt mir – \d+ Likes?$/ })).toHaveAttribute('aria-pressed', 'false')
})

test('a failed model test run keeps the prompt and shows the spec message', async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/model-test?models=gpt-4o&mode=single&category=language')
	await failPosts(page, '**/model-test.data*')
	const prompt = page.getByLabel('Prompt', { exact: true })
	await prompt.fill('Ein Satz über Bergkäse')
	await page.getByRole('button', { name: 'Generieren' }).click()
	await expect(toastWith(page, 'Es ist ein Fehler aufgetreten. Versuchen Sie es erneut.')).toBeVisible()
	await expect(toastWith(page, 'Fehler bei der Generierung')).toBeVisible()
	await expect(prompt).toHaveValue('Ein Satz über Bergkäse')
	await expect(page.getByText('Modelle konnten nicht geladen werden.')).toHaveCount(0)
})

test('a failed discount check keeps the pricing page and says so', async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/pricing')
	await page.getByTestId('pack-credits_500').getByRole('button', { name: 'Auswählen' }).click()
	await page.getByLabel('Rabattcode').fill('SOMMER10')
	await failPosts(page, '**/pricing.data*')
	await page.getByRole('button', { name: 'Prüfen' }).click()
	await expect(toastWith(page, 'Rabattcode konnte nicht überprüft werden.')).toBeVisible()
	await expect(page.getByLabel('Rabattcode')).toHaveValue('SOMMER10')
	await expect(page.getByTestId('pack-credits_500')).toBeVisible()
})
