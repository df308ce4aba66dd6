import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

// Issue 20 defect 19: a tool configuration can be deleted after a confirmation (a custom one: users
// never see it, so no user settings change); the five implemented tools show why they cannot be.
test('an admin deletes a custom tool configuration after confirming; an implemented tool cannot be deleted', async ({ page, db, createConfirmedUser, login }) => {
	const admin = await createConfirmedUser({ admin: true })
	const toolName = `e2eLoeschen${Date.now()}`
	try {
		await db.insertInto('admin_toolbox_configs').values({ tool_name: toolName, display_name: `E2E ${toolName}`, category: 'general' }).execute()
		await login(admin)
		await gotoReady(page, '/admin/toolbox')
		const card = page.locator(`[data-testid="tool-config"][data-tool="${toolName}"]`)
		await expect(card).toBeVisible()

		const implemented = page.locator('[data-testid="tool-config"][data-tool="hashtagOptimizer"]')
		await expect(implemented.getByRole('button', { name: /löschen$/ })).toBeDisabled()
		await expect(implemented.getByTestId('tool-config-delete-disabled')).toHaveAttribute('title', /Standard-Tools können nicht gelöscht werden/)

		// Cancel keeps it; confirming deletes it.
		await card.getByRole('button', { name: `E2E ${toolName} löschen` }).click()
		const dialog = page.getByRole('alertdialog', { name: 'Toolbox-Konfiguration löschen?' })
		await expect(dialog).toContainText('Benutzer sind nicht betroffen')
		await dialog.getByRole('button', { name: 'Abbrechen' }).click()
		await expect(card).toBeVisible()
		await card.getByRole('button', { name: `E2E ${toolName} löschen` }).click()
		await dialog.getByRole('button', { name: 'Löschen' }).click()
		await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Toolbox gelöscht' })).toBeVisible()
		await expect(card).toHaveCount(0)
		expect(await db.selectFrom('admin_toolbox_configs').select('id').where('tool_name', '=', toolName).execute()).toEqual([])
	} finally {
		await db.deleteFrom('admin_toolbox_configs').where('tool_name', '=', toolName).execute()
	}
})
