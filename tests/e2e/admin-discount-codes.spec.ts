import type { Page } from '@playwright/test'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { e2eUrl } from '#tests/support/e2e.ts'

const origin = { Origin: e2eUrl }

async function checkOnPricing(page: Page, code: string) {
	await gotoReady(page, '/pricing')
	await page.getByTestId('pack-credits_500').getByRole('button', { name: 'Auswählen' }).click()
	await page.getByLabel('Rabattcode').fill(code)
	await page.getByRole('button', { name: 'Prüfen' }).click()
}

test('an admin creates a generated 10 % code, a user redeems it on /pricing; switched off it is refused; deleted after confirmation', async ({ page, context, db, createConfirmedUser, login }) => {
	const admin = await createConfirmedUser({ admin: true })
	const user = await createConfirmedUser()
	let code = ''
	try {
		await login(admin)
		await gotoReady(page, '/admin/discount-codes')
		await expect(page.getByRole('heading', { name: 'Rabattcodes verwalten' })).toBeVisible()

		await page.getByRole('button', { name: 'Neuer Rabattcode' }).click()
		const dialog = page.getByRole('dialog')
		await expect(dialog.getByRole('heading', { name: 'Rabattcode erstellen' })).toBeVisible()
		// The start defaults to now, to the minute.
		await expect(dialog.getByLabel('Gültig ab')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
		// Over 100 % is refused before anything is saved.
		await dialog.getByLabel('Code', { exact: true }).fill('zu-viel')
		await expect(dialog.getByLabel('Code', { exact: true })).toHaveValue('ZU-VIEL')
		await dialog.getByLabel('Rabattwert (%)').fill('150')
		await dialog.getByRole('button', { name: 'Speichern' }).click()
		await expect(dialog.getByText('Ein Prozentrabatt darf höchstens 100 betragen.')).toBeVisible()

		await dialog.getByRole('button', { name: 'Generieren' }).click()
		await expect(dialog.getByLabel('Code', { exact: true })).toHaveValue(/^[A-Z0-9]{8}$/)
		code = await dialog.getByLabel('Code', { exact: true }).inputValue()
		await dialog.getByLabel('Beschreibung').fill('E2E-Admin-Rabatt')
		await dialog.getByLabel('Rabattwert (%)').fill('10')
		await dialog.getByRole('button', { name: 'Speichern' }).click()
		await expect(page.getByText('Rabattcode erstellt')).toBeVisible()
		await expect(dialog).toHaveCount(0)

		const card = page.locator(`[data-testid="discount-code"][data-code="${code}"]`)
		await expect(card.getByTestId('discount-status')).toHaveText('Aktiv')
		await expect(card).toContainText('10 %')
		await expect(card).toContainText('Nie')
		const row = await db.selectFrom('discount_codes').select(['id', 'discount_type', 'discount_value', 'is_active', 'created_by']).where('code', '=', code).executeTakeFirstOrThrow()
		expect(row).toMatchObject({ discount_type: 'percentage', is_active: true, created_by: admin.id })
		expect(Number(row.discount_value)).toBe(10)
		const audit = await db.selectFrom('admin_audit_log').select(['action', 'admin_id']).where('target_id', '=', row.id).execute()
		expect(audit).toEqual([{ action: 'discount_code.created', admin_id: admin.id }])

		// The same code a second time: a German error, no 500.
		await page.getByRole('button', { name: 'Neuer Rabattcode' }).click()
		await dialog.getByLabel('Code', { exact: true }).fill(code.toLowerCase())
		await dialog.getByLabel('Rabattwert (%)').fill('5')
		await dialog.getByRole('button', { name: 'Speichern' }).click()
		await expect(dialog.getByText('Dieser Rabattcode existiert bereits.')).toBeVisible()
		await dialog.getByRole('button', { name: 'Abbrechen' }).click()

		// A normal user redeems it on /pricing.
		await context.clearCookies()
		await login(user)
		await checkOnPricing(page, code)
		await expect(page.getByTestId('discount-valid')).toContainText(/Rabattcode gültig: −CHF\s5\.00/)

		// ... and can neither load the admin screen nor change a code.
		await page.goto('/admin/discount-codes')
		await expect(page).not.toHaveURL(/\/admin/)
		const posts: Array<Record<string, string>> = [
			{ intent: 'toggle', id: row.id, active: 'false' },
			{ intent: 'delete', id: row.id },
			{ intent: 'save', id: row.id, code: 'GEKAPERT', discountType: 'percentage', discountValue: '100', isActive: 'on' },
		]
		for (const form of posts) {
			const response = await page.request.post('/admin/discount-codes', { form, headers: origin, maxRedirects: 0 })
			expect(response.status()).toBeGreaterThanOrEqual(300)
			expect(response.status()).toBeLessThan(400)
		}
		expect(await db.selectFrom('discount_codes').select(['code', 'is_active', 'discount_value']).where('id', '=', row.id).executeTakeFirstOrThrow()).toMatchObject({ code, is_active: true })

		// The admin switches it off.
		await context.clearCookies()
		await login(admin)
		await gotoReady(page, '/admin/discount-codes')
		// Edit: the form is filled with the code's values (times to the minute); the change is saved.
		await card.getByRole('button', { name: `Bearbeiten ${code}` }).click()
		const editDialog = page.getByRole('dialog')
		await expect(editDialog.getByRole('heading', { name: 'Rabattcode bearbeiten' })).toBeVisible()
		await expect(editDialog.getByLabel('Code', { exact: true })).toHaveValue(code)
		await expect(editDialog.getByLabel('Gültig ab')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
		await editDialog.getByLabel('Max. Verwendungen').fill('3')
		await editDialog.getByRole('button', { name: 'Speichern' }).click()
		await expect(page.getByText('Rabattcode aktualisiert')).toBeVisible()
		await expect(card).toContainText('0 / 3')
		await card.getByRole('switch', { name: `Aktiv ${code}` }).click()
		await expect(page.getByText('Rabattcode deaktiviert')).toBeVisible()
		await expect(card.getByTestId('discount-status')).toHaveText('Inaktiv')
		await expect.poll(async () => (await db.selectFrom('discount_codes').select('is_active').where('id', '=', row.id).executeTakeFirstOrThrow()).is_active).toBe(false)

		// Now the user is refused.
		await context.clearCookies()
		await login(user)
		await checkOnPricing(page, code)
		await expect(page.getByTestId('discount-invalid')).toHaveText('Der eingegebene Code ist nicht gültig.')
		// Said once, under the field: no toast repeats it.
		await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Ungültiger Rabattcode' })).toHaveCount(0)

		// The admin deletes it after the confirmation.
		await context.clearCookies()
		await login(admin)
		await gotoReady(page, '/admin/discount-codes')
		// Pressed while the tooltip's code arrives (hover and the press's focus load it), released after:
		// still one click. The trigger used to be remounted under the pointer then, and the click was lost.
		const remove = card.getByRole('button', { name: `Löschen ${code}` })
		let deliverPopup!: () => void
		const pressed = new Promise<void>((resolve) => (deliverPopup = resolve))
		await page.route(/tooltip-popup/, async (route) => {
			await pressed
			await route.continue()
		})
		const popupLoaded = page.waitForResponse((response) => response.url().includes('tooltip-popup'))
		await remove.hover()
		await page.mouse.down()
		deliverPopup()
		await popupLoaded
		// The module then runs and React renders: let that happen while the button is still held.
		await page.waitForTimeout(300)
		await page.mouse.up()
		const confirm = page.getByRole('alertdialog')
		await expect(confirm).toContainText('Sind Sie sicher, dass Sie diesen Rabattcode löschen möchten?')
		await confirm.getByRole('button', { name: 'Löschen' }).click()
		await expect(page.getByText('Rabattcode gelöscht')).toBeVisible()
		await expect(card).toHaveCount(0)
		expect(await db.selectFrom('discount_codes').select('id').where('id', '=', row.id).executeTakeFirst()).toBeUndefined()
		const actions = await db.selectFrom('admin_audit_log').select('action').where('target_id', '=', row.id).orderBy('created_at').orderBy('id').execute()
		expect(actions.map((a) => a.action)).toEqual(['discount_code.created', 'discount_code.updated', 'discount_code.toggled', 'discount_code.deleted'])
	} finally {
		if (code) await db.deleteFrom('discount_codes').where('code', '=', code).execute()
	}
})
