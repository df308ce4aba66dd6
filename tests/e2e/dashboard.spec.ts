import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { expected, longText, seedDashboard } from '#tests/support/dashboard-seed.ts'

test('the dashboard shows the figures of the database for a seeded user', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await seedDashboard(db, user.id, new Date())
	const profile = await db.selectFrom('profiles').select(['credits_remaining']).where('id', '=', user.id).executeTakeFirstOrThrow()
	await login(user)
	await gotoReady(page, '/')

	const overview = page.getByTestId('overview-card')
	await expect(overview.getByRole('heading', { name: 'Übersicht' })).toBeVisible()
	await expect(page.getByTestId('followers-total')).toHaveText("1'545")
	await expect(overview.getByText('aus 2 verbundenen Seiten')).toBeVisible()
	await expect(page.getByTestId('engagement-rate')).toHaveText(`${expected.engagementRate.toFixed(1)} %`)
	await expect(page.getByTestId('todo-count')).toHaveText(String(expected.todoCount))
	await expect(page.getByTestId('credits-remaining')).toHaveText(String(profile.credits_remaining))
	const todos = page.getByTestId('todo-list')
	await expect(todos.getByRole('link', { name: '3 Entwürfe' })).toHaveAttribute('href', '/posts')
	await expect(todos.getByRole('link', { name: '1 Post in Überprüfung' })).toHaveAttribute('href', '/posts')
	await expect(todos.getByRole('link', { name: '2 fehlgeschlagene oder unbestätigte Veröffentlichungen' })).toHaveAttribute('href', '/posts')
	await expect(todos.getByRole('link', { name: '1 Konto neu verbinden' })).toHaveAttribute('href', '/accounts')
	await expect(overview.getByRole('link', { name: /Credits verfügbar/ })).toHaveAttribute('href', '/settings')

	// Schnellstart
	for (const [name, href] of [['Post erstellen', '/create'], ['Automationen', '/toolbox'], ['Ideen generieren', '/news'], ['Agent bearbeiten', '/agent']] as const) {
		await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
	}
	await expect(page.getByTestId('dashboard-ideas').getByRole('heading', { name: 'KI Content-Ideen' })).toBeVisible()

	// The chart: an image with a summary and a table for screen readers.
	const chart = page.getByTestId('dashboard-chart')
	await expect(chart.getByRole('img')).toHaveAttribute('aria-label', new RegExp(`${expected.chartPosts} veröffentlichte Posts und ${expected.chartInteractions} Interaktionen`))
	await expect(chart.getByTestId('dashboard-chart-table').locator('tbody tr')).toHaveCount(30)

	// Aktuelle Posts: the 5 most recently updated posts and drafts, text cut at 120 characters.
	const recent = page.getByTestId('recent-post')
	await expect(recent).toHaveCount(5)
	for (const [i, title] of expected.recentTitles.entries()) await expect(recent.nth(i)).toContainText(title)
	await expect(recent.first().getByTestId('recent-post-excerpt')).toHaveText(`${longText.slice(0, 120)}…`)

	// Neueste Aktivitäten
	const activity = page.getByTestId('recent-activity')
	await expect(activity).toHaveCount(5)
	for (const [i, title] of expected.activityTitles.entries()) await expect(activity.nth(i)).toContainText(title)
	await expect(page.getByTestId('recent-activities').getByRole('link', { name: 'Alle anzeigen' })).toHaveAttribute('href', '/activity-logs')

	// Favourite tools: four, each Aktiv or Inaktiv, linking to the toolbox.
	const tools = page.getByTestId('favorite-tool')
	await expect(tools).toHaveCount(4)
	for (const [i, tool] of expected.favorites.entries()) {
		await expect(tools.nth(i)).toContainText(tool.isEnabled ? 'Aktiv' : 'Inaktiv')
		await expect(tools.nth(i)).toHaveAttribute('href', '/toolbox')
	}

	await recent.first().getByRole('link').click()
	await expect(page).toHaveURL('/posts')
})

test('a new user sees the empty states', async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/')
	await expect(page.getByTestId('followers-total')).toHaveText('0')
	await expect(page.getByTestId('engagement-rate')).toHaveText('–')
	await expect(page.getByTestId('todo-count')).toHaveText('0')
	await expect(page.getByText('Alles erledigt')).toBeVisible()
	await expect(page.getByText('Noch keine Posts erstellt')).toBeVisible()
	await expect(page.getByRole('link', { name: 'Ersten Post erstellen' })).toHaveAttribute('href', '/create')
	await expect(page.getByText('Noch keine Aktivitäten')).toBeVisible()
	await expect(page.getByRole('link', { name: 'Tools ansehen' })).toHaveAttribute('href', '/toolbox')
	await expect(page.getByText('In den letzten 30 Tagen wurde nichts veröffentlicht.')).toBeVisible()
	await expect(page.getByTestId('dashboard-chart').getByRole('img')).toHaveAttribute('aria-label', /0 veröffentlichte Posts und 0 Interaktionen/)
})

test('a tooltip loads on first hover or focus, in the theme, and keeps the keyboard focus', async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/')
	const hint = 'Likes, Kommentare und Shares geteilt durch Aufrufe Ihrer veröffentlichten Posts'
	const trigger = page.getByRole('button', { name: hint })
	const tooltip = page.getByRole('tooltip')
	await expect(tooltip).toHaveCount(0)

	// Keyboard: the trigger is swapped for the tooltip's own, and the focus moves with it.
	await trigger.focus()
	await expect(tooltip).toHaveText(hint)
	await expect(trigger).toBeFocused()
	// The portal keeps the app's theme (radius and colours of the root <Theme>).
	const content = page.locator('.rt-TooltipContent')
	await expect(content.locator('xpath=ancestor-or-self::*[contains(@class, "radix-themes")][1]')).toHaveAttribute('data-radius', 'large')
	await page.keyboard.press('Escape')
	await expect(tooltip).toHaveCount(0)

	// Mouse, on a fresh page: the first hover opens it.
	await gotoReady(page, '/')
	await page.getByRole('button', { name: hint }).hover()
	await expect(page.getByRole('tooltip')).toHaveText(hint)
	// Radix closes a hoverable tooltip on the pointer moves after it left the trigger.
	await page.mouse.move(0, 0, { steps: 5 })
	await expect(page.getByRole('tooltip')).toHaveCount(0)
})
