import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

// 45 entries a minute apart on 15.10.2026 from 08:00 UTC (entry 1 oldest); every third one an error.
const start = Date.UTC(2026, 9, 15, 8, 0, 0)

test('activity log: 45 entries at 20 per page, page buttons, 50 per page, status filter, report an error', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	// The user's own time zone is used for the timestamps (New York is UTC-4 on that day).
	await db.updateTable('users').set({ time_zone: 'America/New_York' }).where('id', '=', user.id).execute()
	await db
		.insertInto('activity_logs')
		.values(
			Array.from({ length: 45 }, (_, i) => ({
				user_id: user.id,
				log_type: i % 3 === 2 ? 'error' : 'post_publication',
				title: `Eintrag ${i + 1}`,
				description: i % 3 === 2 ? `Veröffentlichung ${i + 1} fehlgeschlagen` : '',
				status: i % 3 === 2 ? 'error' : 'success',
				created_at: new Date(start + i * 60_000),
			})),
		)
		.execute()
	await login(user)
	await gotoReady(page, '/activity-logs')

	await expect(page.getByRole('heading', { name: 'Aktivitäts-Logbuch' })).toBeVisible()
	const rows = page.getByTestId('activity-row')
	await expect(rows).toHaveCount(20)
	await expect(rows.first()).toContainText('Eintrag 45')
	await expect(rows.first().getByTestId('activity-date')).toHaveText('15.10.2026 04:44:00')
	await expect(rows.first()).toContainText('Fehler')
	await expect(rows.nth(1)).toContainText('Veröffentlichung')
	await expect(rows.nth(1)).toContainText('Erfolgreich')
	await expect(page.getByTestId('activity-total')).toHaveText('45 Einträge')

	const pagination = page.getByRole('navigation', { name: 'Seiten' })
	await expect(pagination.getByRole('link', { name: /^Seite \d+$/ })).toHaveCount(3)
	await expect(pagination.getByRole('link', { name: 'Seite 1' })).toHaveAttribute('aria-current', 'page')
	await expect(pagination.getByRole('button', { name: 'Zurück' })).toBeDisabled()
	await expect(page.getByTestId('activity-pagination-summary')).toHaveText('Seite 1 von 3')

	await pagination.getByRole('link', { name: 'Seite 3' }).click()
	await expect(page).toHaveURL(/page=3/)
	await expect(rows).toHaveCount(5)
	await expect(rows.last()).toContainText('Eintrag 1')
	await expect(pagination.getByRole('button', { name: 'Weiter' })).toBeDisabled()
	await pagination.getByRole('link', { name: 'Zurück' }).click()
	await expect(page.getByTestId('activity-pagination-summary')).toHaveText('Seite 2 von 3')
	await expect(rows.first()).toContainText('Eintrag 25')

	await page.getByRole('combobox', { name: 'Pro Seite' }).click()
	await page.getByRole('option', { name: '50 pro Seite' }).click()
	await expect(page).toHaveURL(/perPage=50/)
	await expect(rows).toHaveCount(45)
	await expect(page.getByRole('navigation', { name: 'Seiten' })).toHaveCount(0)

	await page.getByRole('combobox', { name: 'Status' }).click()
	await page.getByRole('option', { name: 'Fehler' }).click()
	await expect(page).toHaveURL(/status=error/)
	await expect(rows).toHaveCount(15)
	await expect(page.getByTestId('activity-total')).toHaveText('15 Einträge')
	await expect(page.locator('[data-testid="activity-row"]:not([data-status="error"])')).toHaveCount(0)

	const target = rows.filter({ hasText: 'Eintrag 42' })
	await target.getByRole('button', { name: 'Fehler melden' }).click()
	await expect(page.getByText('Fehler gemeldet').first()).toBeVisible()
	await expect(target.getByTestId('activity-reported')).toHaveText('Gemeldet')
	const entry = await db.selectFrom('activity_logs').select('id').where('user_id', '=', user.id).where('title', '=', 'Eintrag 42').executeTakeFirstOrThrow()
	const reports = await db.selectFrom('error_reports').selectAll().where('activity_log_id', '=', entry.id).execute()
	expect(reports).toHaveLength(1)
	expect(reports[0]).toMatchObject({ error_message: 'Eintrag 42: Veröffentlichung 42 fehlgeschlagen', user_id: user.id, user_email: user.email, status: 'new' })
	expect(reports[0]!.url).toContain('/activity-logs')
	expect(reports[0]!.user_agent).toBeTruthy()
	expect(reports[0]!.additional_info).toMatchObject({ log_id: entry.id, log_type: 'error', user_email: user.email })

	// Once sent, the button says so and cannot be pressed again (also after a reload).
	await expect(target.getByTestId('activity-reported')).toBeDisabled()
	await expect(target.getByRole('button', { name: 'Fehler melden' })).toHaveCount(0)
	await page.reload()
	await expect(rows.filter({ hasText: 'Eintrag 42' }).getByTestId('activity-reported')).toBeDisabled()
	expect(await db.selectFrom('error_reports').select('id').where('activity_log_id', '=', entry.id).execute()).toHaveLength(1)
})

for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
	test(`activity log at ${viewport.width} px: a long description wraps, is clamped and can be read whole`, async ({ page, createConfirmedUser, login, db }) => {
		await page.setViewportSize(viewport)
		const user = await createConfirmedUser()
		const long = `${'Die Verbindung zum Netzwerk wurde während des Hochladens unterbrochen, '.repeat(6)}Ende der Meldung.`
		await db.insertInto('activity_logs').values({ user_id: user.id, log_type: 'error', title: 'Veröffentlichung fehlgeschlagen', description: long, status: 'error' }).execute()
		await login(user)
		await gotoReady(page, '/activity-logs')
		const description = page.getByTestId('activity-description')
		await expect(description).toHaveText(long)
		const clampedHeight = await description.evaluate((el) => el.getBoundingClientRect().height)
		await page.getByRole('button', { name: 'Ganzen Text anzeigen' }).click()
		await expect(page.getByRole('button', { name: 'Weniger anzeigen' })).toBeVisible()
		const fullHeight = await description.evaluate((el) => el.getBoundingClientRect().height)
		expect(fullHeight).toBeGreaterThan(clampedHeight)
		// The whole text is inside its box, nothing runs off to the side.
		expect(await description.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1)).toBe(true)
	})
}

test('activity log: an empty log shows the empty state', async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/activity-logs')
	await expect(page.getByTestId('activity-empty')).toContainText('Noch keine Aktivitäten')
	await expect(page.getByRole('navigation', { name: 'Seiten' })).toHaveCount(0)
})

test('activity log: a token\'s API calls read as one entry per minute with their count (ADR 0073)', async ({ page, request, createConfirmedUser, login, services }) => {
	const user = await createConfirmedUser()
	const created = await services.accounts.apiTokens.create(user.id, { name: 'Zapier', scopes: ['read'], expiresAt: null })
	if (!created.ok) throw new Error('token')
	const headers = { Authorization: `Bearer ${created.secret}` }
	// Clear of a minute's end, so the three calls share one entry.
	if (60_000 - (Date.now() % 60_000) < 5000) await page.waitForTimeout(6000)
	for (const path of ['/api/v1/credits', '/api/v1/credits', '/api/v1/posts']) expect((await request.get(path, { headers })).status()).toBe(200)
	await login(user)
	await gotoReady(page, '/activity-logs')
	const rows = page.getByTestId('activity-row')
	await expect(rows).toHaveCount(1)
	await expect(rows.first()).toContainText('API: 3 Aufrufe (GET /api/v1/credits, GET /api/v1/posts)')
	await expect(rows.first()).toContainText('Zapier')
	await expect(rows.first()).toContainText('API-Zugriff')
})
