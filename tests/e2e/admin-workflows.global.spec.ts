import { WORKFLOWS, seedWorkflows } from '#modules/admin/index.ts'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

test('workflows (read only): the seeded workflows the product runs, their counters, steps and triggers; empty state', async ({ page, context, db, createConfirmedUser, login }) => {
	const admin = await createConfirmedUser({ admin: true })
	const user = await createConfirmedUser()
	// The server seeded them at its start.
	const stored = await db.selectFrom('workflows').select(['name', 'steps', 'is_active']).execute()
	expect(stored.map((w) => w.name).sort()).toEqual(WORKFLOWS.map((w) => w.name).sort())
	const averageSteps = Math.round(stored.reduce((sum, w) => sum + (w.steps as Array<unknown>).length, 0) / stored.length)

	await login(admin)
	await gotoReady(page, '/admin/workflows')
	await expect(page.getByRole('heading', { name: 'Workflows', exact: true })).toBeVisible()
	const counter = (key: string) => page.getByTestId(`workflow-count-${key}`).getByTestId('count-value')
	await expect(counter('total')).toHaveText(String(WORKFLOWS.length))
	await expect(counter('active')).toHaveText(String(stored.filter((w) => w.is_active).length))
	await expect(counter('inactive')).toHaveText('0')
	await expect(counter('averageSteps')).toHaveText(String(averageSteps))

	const rows = page.getByTestId('workflow-row')
	await expect(rows).toHaveCount(WORKFLOWS.length)
	const publish = page.locator('[data-testid="workflow-row"][data-name="Geplanten Post veröffentlichen"]')
	await expect(publish).toContainText('genau einmal')
	await expect(publish.getByTestId('workflow-steps')).toHaveText('7')
	await expect(publish.getByTestId('workflow-triggers')).toHaveText('3')
	await expect(publish.getByRole('img', { name: 'Aktiv' })).toBeVisible()
	await expect(publish).toContainText(/\d{2}\.\d{2}\.\d{4}.*\d{2}\.\d{2}\.\d{4}/)
	for (const name of ['Tägliche News', 'Event-Planung', 'Geburtstagswünsche', 'Auto-Repost', 'Auto-Antwort', 'Hashtag-Optimierer', 'Monatliche Credits', 'Zugangstoken erneuern', 'Kennzahlen synchronisieren']) {
		await expect(page.locator(`[data-testid="workflow-row"][data-name="${name}"]`)).toHaveCount(1)
	}

	// A workflow's steps and triggers, with the worker's job names and schedules.
	await page.getByRole('button', { name: 'Schritte und Auslöser von Tägliche News anzeigen' }).click()
	const dialog = page.getByRole('dialog', { name: 'Tägliche News' })
	await expect(dialog).toContainText('Zeitplan')
	await expect(dialog).toContainText('Stündlich zur Minute 7')
	await expect(dialog).toContainText('news_daily_fanout · 7 * * * *')
	await expect(dialog).toContainText('Auf Anfrage')
	await expect(dialog).toContainText("'Aktualisieren' auf /news")
	await expect(dialog.getByRole('listitem')).toHaveCount(2 + 5)
	await dialog.getByRole('button', { name: 'Schliessen' }).click()
	await expect(dialog).toHaveCount(0)

	// Nothing to do for a browser: the route has no action.
	await context.clearCookies()
	await login(user)
	await page.goto('/admin/workflows')
	await expect(page).not.toHaveURL(/\/admin/)

	// Without workflows: the counters are 0 and the empty state shows (then the seed puts them back).
	await context.clearCookies()
	await login(admin)
	try {
		await db.deleteFrom('workflows').execute()
		await gotoReady(page, '/admin/workflows')
		await expect(page.getByText('Keine Workflows gefunden')).toBeVisible()
		for (const key of ['total', 'active', 'inactive', 'averageSteps']) await expect(counter(key)).toHaveText('0')
	} finally {
		await seedWorkflows(db)
	}
})
