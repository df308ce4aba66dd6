import type { Page } from '@playwright/test'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { todayIn } from '#modules/scheduling/index.ts'

// The toolbox (/toolbox): switches and favourites that answer at once (and revert when saving fails),
// settings checked on the server, the birthday contacts and their greeting job, hashtag suggestions.

const SAVE_FAILED = 'Die Einstellung konnte nicht gespeichert werden.'

function tool(page: Page, name: string) {
	return page.locator(`[data-testid="tool-card"][data-tool="${name}"]`)
}

test('switch a tool on and mark a favourite: stored at once, the favourite shows on the dashboard', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/toolbox')
	await expect(page.getByRole('heading', { name: 'Automations-Toolbox' })).toBeVisible()
	await expect(page.getByTestId('tool-card')).toHaveCount(5)
	await expect(tool(page, 'autoRepost').getByTestId('pro-badge')).toBeVisible()
	await expect(tool(page, 'autoRepost').getByRole('link', { name: 'Tarif ansehen' })).toHaveAttribute('href', '/pricing')
	await expect(tool(page, 'hashtagOptimizer').getByTestId('pro-badge')).toHaveCount(0)

	// Search and category filter.
	await page.getByRole('textbox', { name: 'Tools durchsuchen' }).fill('geburtstag')
	await expect(page.getByTestId('tool-card')).toHaveCount(1)
	await page.getByRole('textbox', { name: 'Tools durchsuchen' }).fill('')
	await page.getByRole('radio', { name: 'Planung' }).click()
	await expect(page.getByTestId('tool-card')).toHaveCount(1)
	await page.getByRole('radio', { name: 'Alle' }).click()

	const events = page.getByRole('switch', { name: 'Event-Planung aktivieren' })
	await events.click()
	await expect(events).toHaveAttribute('aria-checked', 'true')
	await expect
		.poll(async () => (await db.selectFrom('toolbox_settings').select('is_enabled').where('user_id', '=', user.id).where('tool_name', '=', 'eventPlanning').executeTakeFirst())?.is_enabled)
		.toBe(true)
	await expect(page.getByTestId('stat-active-value')).toHaveText('1')

	await tool(page, 'hashtagOptimizer').getByRole('button', { name: 'Zu Favoriten hinzufügen' }).click()
	await expect(tool(page, 'hashtagOptimizer')).toHaveAttribute('data-favorite', 'true')
	await expect
		.poll(async () => (await db.selectFrom('toolbox_settings').select('is_favorite').where('user_id', '=', user.id).where('tool_name', '=', 'hashtagOptimizer').executeTakeFirst())?.is_favorite)
		.toBe(true)
	await gotoReady(page, '/')
	const favourites = page.getByTestId('favorite-tools')
	await expect(favourites.getByTestId('favorite-tool')).toHaveCount(1)
	await expect(favourites.getByTestId('favorite-tool')).toContainText('Hashtag-Optimierer')
	await expect(favourites.getByTestId('favorite-tool')).toContainText('Inaktiv')
})

test('a switch that cannot be saved reverts with the message (network error and server error)', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/toolbox')
	const toggle = page.getByRole('switch', { name: 'Auto-Antwort aktivieren' })
	await expect(toggle).toHaveAttribute('aria-checked', 'false')

	await page.route('**/toolbox.data*', (route) => (route.request().method() === 'POST' ? route.abort('failed') : route.continue()))
	await toggle.click()
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: SAVE_FAILED }).first()).toBeVisible()
	await expect(toggle).toHaveAttribute('aria-checked', 'false')

	// The first toast goes (5 s), so the second one is surely the favourite's.
	await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 })
	await page.unroute('**/toolbox.data*')
	await page.route('**/toolbox.data*', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'kaputt' }) : route.continue()))
	await tool(page, 'autoReply').getByRole('button', { name: 'Zu Favoriten hinzufügen' }).click()
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: SAVE_FAILED }).first()).toBeVisible()
	await expect(tool(page, 'autoReply')).toHaveAttribute('data-favorite', 'false')
	const row = await db.selectFrom('toolbox_settings').selectAll().where('user_id', '=', user.id).executeTakeFirst()
	expect(row).toBeUndefined()
})

// An unavailable tool ('Nicht verfügbar', switch disabled, the toggle refused): admin-toolbox.spec.ts, where an
// admin switches it off on /admin/toolbox (one test toggling autoRepost, so parallel workers do not race).

test('settings: an invalid value gives a German error, a valid one is stored', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/toolbox')
	await tool(page, 'hashtagOptimizer').getByRole('button', { name: 'Einstellungen' }).click()
	const dialog = page.getByRole('dialog', { name: 'Einstellungen: Hashtag-Optimierer' })
	const max = dialog.getByLabel('Maximale Hashtags')
	await expect(max).toHaveValue('30')
	await max.fill('50')
	await dialog.getByRole('button', { name: 'Speichern' }).click()
	await expect(dialog.getByTestId('field-error')).toHaveText('Der Wert ist zu gross.')
	await max.fill('abc')
	await dialog.getByRole('button', { name: 'Speichern' }).click()
	await expect(dialog.getByTestId('field-error')).toHaveText('Geben Sie eine Zahl ein.')
	await max.fill('5')
	await dialog.getByRole('button', { name: 'Speichern' }).click()
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Einstellungen gespeichert' }).first()).toBeVisible()
	await expect(dialog).toBeHidden()
	const row = await db.selectFrom('toolbox_settings').select('settings').where('user_id', '=', user.id).where('tool_name', '=', 'hashtagOptimizer').executeTakeFirstOrThrow()
	expect(row.settings).toEqual({ maxHashtags: 5, trendingWeight: 0.7, nicheSpecific: true })
})

test('a birthday contact whose birthday is today gets exactly one draft, however often the job runs', async ({ page, createConfirmedUser, login, db, composition, services }) => {
	const user = await createConfirmedUser()
	await services.toolbox.setEnabled(user.id, 'birthdayWishes', true)
	await services.toolbox.saveSettings(user.id, 'birthdayWishes', { scheduleTime: '00:00', personalMessage: true, platforms: ['linkedin'] })
	await login(user)
	await gotoReady(page, '/toolbox')
	await tool(page, 'birthdayWishes').getByRole('button', { name: 'Einstellungen' }).click()
	const dialog = page.getByRole('dialog', { name: 'Einstellungen: Geburtstagswünsche' })
	const contacts = dialog.getByTestId('birthday-contacts')
	const today = todayIn('Europe/Zurich', new Date())
	await contacts.getByLabel('Name').fill('Anna Beispiel')
	await contacts.getByLabel('Tag', { exact: true }).fill(String(Number(today.slice(8, 10))))
	await contacts.getByLabel('Monat').fill('13')
	await contacts.getByRole('button', { name: 'Kontakt hinzufügen' }).click()
	await expect(contacts.getByTestId('contact-error')).toHaveText('Geben Sie ein gültiges Datum an.')
	await contacts.getByLabel('Monat').fill(String(Number(today.slice(5, 7))))
	await contacts.getByLabel('Notiz (optional, fliesst in den Glückwunsch ein)').fill('unsere Zusammenarbeit')
	await contacts.getByRole('button', { name: 'Kontakt hinzufügen' }).click()
	await expect(contacts.getByTestId('birthday-contact')).toHaveCount(1)
	await expect(contacts.getByTestId('birthday-contact')).toContainText('Anna Beispiel')

	const task = composition.tasks.find((t) => t.id === 'toolbox_birthday_wishes_user')!
	await task.handler({ userId: user.id }, { jobId: 'e2e', attempts: 1 })
	await task.handler({ userId: user.id }, { jobId: 'e2e', attempts: 1 })
	const drafts = await db.selectFrom('drafts').select(['content', 'platforms']).where('user_id', '=', user.id).execute()
	expect(drafts).toHaveLength(1)
	expect(drafts[0]!.content).toContain('Anna')
	expect(drafts[0]!.content).toContain('unsere Zusammenarbeit')

	await gotoReady(page, '/posts')
	await expect(page.getByTestId('post-card').filter({ hasText: 'Alles Gute zum Geburtstag, Anna' })).toHaveCount(1)
	await gotoReady(page, '/toolbox')
	await expect(page.getByTestId('stat-runs-value')).toHaveText('1')
	await expect(page.getByTestId('stat-saved-value')).toHaveText('0 h 5 min')
	await expect(page.getByTestId('toolbox-run').first()).toContainText('Geburtstagsgruss für Anna Beispiel')
})

test('hashtag suggestions in the draft editor append a hashtag; the run shows in the stats', async ({ page, createConfirmedUser, login, db, services }) => {
	const user = await createConfirmedUser()
	await services.toolbox.setEnabled(user.id, 'hashtagOptimizer', true)
	const draft = await services.content.createDraft(user.id, { platforms: ['linkedin'], content: { base: 'Digitalisierung in der Buchhaltung spart Zeit und Nerven.', platforms: {} } })
	await login(user)
	await gotoReady(page, '/posts')
	await page.getByTestId('post-card').filter({ hasText: 'Digitalisierung in der Buchhaltung' }).getByRole('button', { name: 'Bearbeiten' }).click()
	const dialog = page.getByRole('dialog', { name: 'Entwurf bearbeiten' })
	await dialog.getByRole('button', { name: 'Hashtags vorschlagen (LinkedIn)' }).click()
	const chip = dialog.getByTestId('hashtag-chip').first()
	await expect(chip).toBeVisible()
	const tag = (await chip.textContent())!.trim()
	expect(tag).toMatch(/^#\p{L}/u)
	await chip.click()
	await expect(dialog.getByRole('textbox', { name: 'Text für LinkedIn' })).toHaveValue(`Digitalisierung in der Buchhaltung spart Zeit und Nerven.\n\n${tag}`)
	await dialog.getByRole('button', { name: 'Speichern' }).click()
	await expect(dialog).toBeHidden()
	const row = await db.selectFrom('drafts').select('content').where('id', '=', draft.id).executeTakeFirstOrThrow()
	expect(row.content).toContain(tag)

	await gotoReady(page, '/toolbox')
	await expect(page.getByTestId('stat-runs-value')).toHaveText('1')
	await expect(tool(page, 'hashtagOptimizer').getByTestId('tool-last-run')).toContainText('1 Lauf')
})

test('Auto-Antwort switched on without keywords and templates says what is missing', async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/toolbox')
	await expect(tool(page, 'autoReply').getByTestId('setup-hint')).toHaveCount(0)
	await page.getByRole('switch', { name: 'Auto-Antwort aktivieren' }).click()
	await expect(tool(page, 'autoReply').getByTestId('setup-hint')).toContainText('Ohne Stichwörter und Antwortvorlagen')
})
