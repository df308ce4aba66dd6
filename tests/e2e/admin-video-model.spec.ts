import type { Locator, Page } from '@playwright/test'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

// Issue 20 defect 19: a video model without any resolution or format is refused in German, nothing saved.

async function choose(page: Page, scope: Locator, label: string, option: string) {
	await scope.getByRole('combobox', { name: label }).click()
	await page.getByRole('option', { name: option, exact: true }).click()
}

test('a video model needs a resolution and a format', async ({ page, db, createConfirmedUser, login }) => {
	const admin = await createConfirmedUser({ admin: true })
	const modelId = `e2e-video-${Date.now()}`
	try {
		await login(admin)
		await gotoReady(page, '/admin/models')
		await page.getByRole('button', { name: 'Neues Modell' }).click()
		const dialog = page.getByRole('dialog')
		await choose(page, dialog, 'Kategorie', 'Video')
		await dialog.getByLabel('Name', { exact: true }).fill('E2E Videomodell')
		await dialog.getByLabel('Modell-ID').fill(modelId)
		await dialog.getByLabel('Anbieter').fill('local')
		await dialog.getByRole('button', { name: 'Speichern' }).click()
		await expect(dialog.getByText('Bitte wählen Sie mindestens eine Auflösung für das Videomodell.')).toBeVisible()
		await expect(dialog.getByText('Bitte wählen Sie mindestens ein Format für das Videomodell.')).toBeVisible()
		expect(await db.selectFrom('ai_models').select('id').where('model_id', '=', modelId).execute()).toHaveLength(0)
	} finally {
		await db.deleteFrom('ai_models').where('model_id', '=', modelId).execute()
	}
})
