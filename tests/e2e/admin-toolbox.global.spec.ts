import type { Page } from '@playwright/test'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { e2eUrl } from '#tests/support/e2e.ts'

// 'Toolboxen verwalten' (/admin/toolbox): the availability switch reaches the users' toolbox, the
// create/edit dialog checks its JSON (German messages, nothing saved) and locks the tool name.
// The two tests change the same table: they run one after the other.
test.describe.configure({ mode: 'default' })

const origin = { Origin: e2eUrl }

function card(page: Page, tool: string) {
	return page.locator(`[data-testid="tool-config"][data-tool="${tool}"]`)
}

function toast(page: Page, text: string) {
	return page.locator('[data-sonner-toast]').filter({ hasText: text }).first()
}

test('an admin switches a tool unavailable: users see it unavailable and cannot switch it on', async ({ page, context, db, createConfirmedUser, login }) => {
	const admin = await createConfirmedUser({ admin: true })
	const user = await createConfirmedUser()
	try {
		await login(admin)
		await gotoReady(page, '/admin/toolbox')
		await expect(page.getByRole('heading', { name: 'Toolboxen verwalten' })).toBeVisible()
		for (const tool of ['birthdayWishes', 'autoRepost', 'autoReply', 'eventPlanning', 'hashtagOptimizer']) await expect(card(page, tool)).toBeVisible()
		const all = await db.selectFrom('admin_toolbox_configs').select(['category', 'is_available']).execute()
		await expect(page.getByTestId('tool-config-count-total').getByTestId('count-value')).toHaveText(String(all.length))
		await expect(page.getByTestId('tool-config-count-available').getByTestId('count-value')).toHaveText(String(all.filter((c) => c.is_available).length))
		await expect(page.getByTestId('tool-config-count-categories').getByTestId('count-value')).toHaveText(String(new Set(all.map((c) => c.category)).size))
		await expect(page.getByTestId('tool-config-count-engagement').getByTestId('count-value')).toHaveText(String(all.filter((c) => c.category === 'engagement').length))
		await expect(card(page, 'autoRepost').getByTestId('tool-config-name')).toHaveText('autoRepost')
		await expect(card(page, 'autoRepost').getByTestId('tool-config-category')).toHaveText('Content')

		// A switch that cannot be saved goes back, with the message.
		const toggle = page.getByRole('switch', { name: 'Auto-Repost verfügbar' })
		await expect(toggle).toHaveAttribute('aria-checked', 'true')
		await page.route('**/admin/toolbox.data*', (route) => (route.request().method() === 'POST' ? route.abort('failed') : route.continue()))
		await toggle.click()
		await expect(toast(page, 'Verfügbarkeit konnte nicht geändert werden.')).toBeVisible()
		await expect(toggle).toHaveAttribute('aria-checked', 'true')
		await page.unroute('**/admin/toolbox.data*')

		await toggle.click()
		await expect(toast(page, 'Verfügbarkeit geändert')).toBeVisible()
		await expect(toggle).toHaveAttribute('aria-checked', 'false')
		const row = await db.selectFrom('admin_toolbox_configs').select(['id', 'is_available']).where('tool_name', '=', 'autoRepost').executeTakeFirstOrThrow()
		expect(row.is_available).toBe(false)
		const audit = await db.selectFrom('admin_audit_log').select(['action', 'admin_id', 'details']).where('target_id', '=', row.id).where('admin_id', '=', admin.id).execute()
		expect(audit).toEqual([{ action: 'toolbox_config.availability_changed', admin_id: admin.id, details: { tool_name: 'autoRepost', is_available: false } }])
		await expect(page.locator('[data-testid="tool-config-row"][data-tool="autoRepost"]').getByTestId('tool-config-status')).toHaveText('Nicht verfügbar')

		// The user sees it unavailable and can neither switch it on nor post the switch.
		await context.clearCookies()
		await login(user)
		await gotoReady(page, '/toolbox')
		const userCard = page.locator('[data-testid="tool-card"][data-tool="autoRepost"]')
		await expect(userCard.getByTestId('tool-unavailable')).toHaveText('Nicht verfügbar')
		await expect(page.getByRole('switch', { name: 'Auto-Repost aktivieren' })).toBeDisabled()
		const forced = await page.request.post('/toolbox', { form: { intent: 'toggle', tool: 'autoRepost', value: 'true' }, headers: origin })
		expect(forced.status()).toBe(409)
		const setting = await db.selectFrom('toolbox_settings').select('is_enabled').where('user_id', '=', user.id).where('tool_name', '=', 'autoRepost').executeTakeFirst()
		expect(setting?.is_enabled ?? false).toBe(false)

		// ... nor can a user change the availability.
		const hijack = await page.request.post('/admin/toolbox', { form: { intent: 'availability', id: row.id, available: 'true' }, headers: origin, maxRedirects: 0 })
		expect(hijack.status()).toBeGreaterThanOrEqual(300)
		expect(hijack.status()).toBeLessThan(400)
		expect((await db.selectFrom('admin_toolbox_configs').select('is_available').where('id', '=', row.id).executeTakeFirstOrThrow()).is_available).toBe(false)
	} finally {
		await db.updateTable('admin_toolbox_configs').set({ is_available: true }).where('tool_name', '=', 'autoRepost').execute()
	}
})

test('create and edit a tool: a JSON error is shown in German and nothing is saved; the tool name is locked when editing', async ({ page, db, createConfirmedUser, login }) => {
	const admin = await createConfirmedUser({ admin: true })
	const name = `e2eTool${Date.now()}`
	try {
		await login(admin)
		await gotoReady(page, '/admin/toolbox')
		await page.getByRole('button', { name: 'Neue Toolbox' }).click()
		const dialog = page.getByRole('dialog')
		await expect(dialog.getByRole('heading', { name: 'Toolbox erstellen' })).toBeVisible()
		await expect(dialog.getByLabel('Kategorie')).toHaveText('Allgemein')
		await dialog.getByLabel('Toolname').fill(name)
		await expect(dialog.getByTestId('tool-config-implemented-hint')).toContainText('ist keines der fünf Tools')
		await dialog.getByLabel('Anzeigename').fill('E2E-Werkzeug')
		await dialog.getByLabel('Beschreibung').fill('Ein Werkzeug aus dem Browsertest.')
		await dialog.getByLabel('Konfigurationsschema (JSON)').fill('{ "type": "object", ')
		await dialog.getByRole('button', { name: 'Speichern' }).click()
		await expect(toast(page, 'Die Toolbox-Konfiguration konnte nicht gespeichert werden.')).toBeVisible()
		await expect(dialog.getByText('Kein gültiges JSON. Bitte prüfen Sie Anführungszeichen, Kommas und Klammern.')).toBeVisible()
		expect(await db.selectFrom('admin_toolbox_configs').select('id').where('tool_name', '=', name).executeTakeFirst()).toBeUndefined()

		await dialog.getByLabel('Konfigurationsschema (JSON)').fill('{ "type": "object" }')
		await dialog.getByLabel('Standardeinstellungen (JSON)').fill('{ "intervalDays": 7 }')
		await dialog.getByLabel('Kategorie').click()
		await page.getByRole('option', { name: 'Engagement' }).click()
		await dialog.getByRole('button', { name: 'Speichern' }).click()
		await expect(toast(page, 'Toolbox erstellt')).toBeVisible()
		await expect(dialog).toHaveCount(0)
		const created = card(page, name)
		await expect(created.getByTestId('tool-config-not-implemented')).toHaveText('Nicht implementiert')
		await expect(created.getByTestId('tool-config-category')).toHaveText('Engagement')
		await expect(page.locator(`[data-testid="tool-config-row"][data-tool="${name}"]`)).toContainText('E2E-Werkzeug')
		const row = await db.selectFrom('admin_toolbox_configs').selectAll().where('tool_name', '=', name).executeTakeFirstOrThrow()
		expect(row).toMatchObject({ display_name: 'E2E-Werkzeug', category: 'engagement', icon: 'wrench', config_schema: { type: 'object' }, default_settings: { intervalDays: 7 }, is_available: true })

		// Edit: the tool name is shown but cannot be changed, not even by a forged post.
		await created.getByRole('button', { name: 'E2E-Werkzeug bearbeiten' }).click()
		await expect(dialog.getByRole('heading', { name: 'Toolbox bearbeiten' })).toBeVisible()
		await expect(dialog.getByLabel('Toolname')).toHaveValue(name)
		await expect(dialog.getByLabel('Toolname')).not.toBeEditable()
		await expect(dialog.getByLabel('Standardeinstellungen (JSON)')).toHaveValue(/"intervalDays": 7/)
		await dialog.getByLabel('Anzeigename').fill('E2E-Werkzeug neu')
		await dialog.getByRole('button', { name: 'Speichern' }).click()
		await expect(toast(page, 'Toolbox aktualisiert')).toBeVisible()
		await expect(dialog).toHaveCount(0)
		await expect(card(page, name).getByRole('heading', { name: 'E2E-Werkzeug neu' })).toBeVisible()
		const renamed = await page.request.post('/admin/toolbox', {
			form: { intent: 'save', id: row.id, tool_name: 'gekapert', display_name: 'Gekapert', config_schema: '{}', default_settings: '{}', is_available: 'true' },
			headers: origin,
		})
		expect(renamed.status()).toBe(400)
		expect(await db.selectFrom('admin_toolbox_configs').select(['tool_name', 'display_name']).where('id', '=', row.id).executeTakeFirstOrThrow()).toEqual({ tool_name: name, display_name: 'E2E-Werkzeug neu' })

		// A real tool's default settings must fit the settings its automation reads.
		await card(page, 'hashtagOptimizer').getByRole('button', { name: 'Hashtag-Optimierer bearbeiten' }).click()
		await expect(dialog.getByTestId('tool-config-implemented-hint')).toContainText('Implementiertes Tool')
		await dialog.getByLabel('Standardeinstellungen (JSON)').fill('{ "maxHashtags": 50, "trendingWeight": 0.7, "nicheSpecific": true }')
		await dialog.getByRole('button', { name: 'Speichern' }).click()
		await expect(dialog.getByText('„maxHashtags“: Der Wert ist zu gross.')).toBeVisible()
		await dialog.getByRole('button', { name: 'Abbrechen' }).click()
		const hashtag = await db.selectFrom('admin_toolbox_configs').select('default_settings').where('tool_name', '=', 'hashtagOptimizer').executeTakeFirstOrThrow()
		expect(hashtag.default_settings).toMatchObject({ maxHashtags: 30 })

		// Search by category (in the URL): the engagement tools only; the table still lists all.
		await page.getByLabel('Toolboxen durchsuchen').fill('engagement')
		await expect(page).toHaveURL(/\?q=engagement/)
		await expect(card(page, 'hashtagOptimizer')).toHaveCount(0)
		await expect(card(page, 'birthdayWishes')).toBeVisible()
		await expect(card(page, name)).toBeVisible()
		await expect(page.locator('[data-testid="tool-config-row"][data-tool="hashtagOptimizer"]')).toBeVisible()
		await page.getByLabel('Toolboxen durchsuchen').fill('e2e-werkzeug NEU')
		await expect(page.getByTestId('tool-config')).toHaveCount(1)
		await page.getByRole('button', { name: 'Zurücksetzen' }).click()
		await expect(page).not.toHaveURL(/q=/)
		await expect(page.getByTestId('tool-config')).toHaveCount(await db.selectFrom('admin_toolbox_configs').select('id').execute().then((rows) => rows.length))
	} finally {
		await db.deleteFrom('admin_toolbox_configs').where('tool_name', '=', name).execute()
	}
})
