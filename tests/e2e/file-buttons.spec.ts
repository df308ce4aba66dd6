import type { Locator, Page } from '@playwright/test'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

// "One voice": no browser-made "Choose File" / "No file chosen". Every file input of the product is
// a German button (app/components/ui/file-button.tsx) whose native input is hidden but focusable.

async function expectGermanFileInputs(page: Page, scope: Locator = page.locator('body')) {
	const inputs = scope.locator('input[type="file"]')
	await expect(inputs.first()).toBeAttached()
	// The native inputs (which would write the browser's English) take no room on the screen.
	const sizes = await inputs.evaluateAll((all) => all.map((input) => input.getBoundingClientRect()).map((box) => Math.max(box.width, box.height)))
	for (const size of sizes) expect(size).toBeLessThanOrEqual(1)
	const text = await scope.innerText()
	expect(text).not.toMatch(/Choose File|No file chosen/)
}

test('the creator, the model test and the admin model form show German upload buttons', async ({ page, createConfirmedUser, login }) => {
	const admin = await createConfirmedUser({ admin: true })
	await login(admin)

	await gotoReady(page, '/create')
	await page.getByRole('button', { name: /^PDF & Notizen/ }).click()
	await expectGermanFileInputs(page)
	const field = page.getByTestId('file-button-status').first()
	await expect(page.getByText('Datei auswählen', { exact: true }).first()).toBeVisible()
	await expect(field).toHaveText('Keine Datei ausgewählt')
	// Keyboard: the hidden input takes the focus (Enter or Space opens the picker).
	const input = page.getByLabel('Dokument hochladen')
	await input.focus()
	await expect(input).toBeFocused()
	await input.setInputFiles({ name: 'protokoll.txt', mimeType: 'text/plain', buffer: Buffer.from('Jahresrückblick der Schreinerei.') })
	// The creator names the chosen file with its size (and the button no longer says none is chosen).
	await expect(page.getByTestId('picked-file')).toContainText('protokoll.txt')
	await expect(field).toHaveText('')

	for (const media of ['Bild & Prompt', 'Sprachnotiz & Bild']) {
		// The creator restores its last state: start from the choice of media again.
		await page.evaluate(() => window.localStorage.clear())
		await gotoReady(page, '/create')
		await page.getByRole('button', { name: new RegExp(`^${media}`) }).click()
		await expectGermanFileInputs(page)
		await expect(page.getByText('Datei auswählen', { exact: true }).first()).toBeVisible()
	}

	await gotoReady(page, '/model-test?models=flux-schnell&mode=single&category=image')
	await expectGermanFileInputs(page)
	await expect(page.getByTestId('file-button-status')).toHaveText('Keine Datei ausgewählt')

	await gotoReady(page, '/admin/models')
	await page.getByRole('button', { name: 'Neues Modell' }).click()
	const dialog = page.getByRole('dialog')
	await expectGermanFileInputs(page, dialog)
	await expect(dialog.getByText('Bild auswählen', { exact: true })).toBeVisible()
	await expect(dialog.getByLabel('Vorschaubild', { exact: true })).toBeAttached()
})
