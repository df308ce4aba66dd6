import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

// 'Alt-Text für Bilder verlangen' (ADR 0060): off by default, switched on and off again in Einstellungen,
// kept in users.require_alt_text (what the publishing preflight reads as requireAltText).
test('the alt text setting is switched on and off in Einstellungen and kept in the database', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/settings')
	const section = page.getByTestId('settings-preferences')
	const toggle = section.getByRole('switch', { name: 'Alt-Text für Bilder verlangen' })
	const stored = async () => (await db.selectFrom('users').select('require_alt_text').where('id', '=', user.id).executeTakeFirstOrThrow()).require_alt_text
	await expect(toggle).not.toBeChecked()
	expect(await stored()).toBe(false)

	await toggle.click()
	await section.getByRole('button', { name: 'Speichern' }).click()
	await expect(page.getByText('Einstellungen gespeichert').first()).toBeVisible()
	await expect.poll(stored).toBe(true)
	await gotoReady(page, '/settings')
	await expect(page.getByTestId('settings-preferences').getByRole('switch', { name: 'Alt-Text für Bilder verlangen' })).toBeChecked()

	await page.getByTestId('settings-preferences').getByRole('switch', { name: 'Alt-Text für Bilder verlangen' }).click()
	await page.getByTestId('settings-preferences').getByRole('button', { name: 'Speichern' }).click()
	await expect.poll(stored).toBe(false)
})
