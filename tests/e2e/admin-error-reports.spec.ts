import { randomUUID } from 'node:crypto'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { e2eUrl } from '#tests/support/e2e.ts'

const origin = { Origin: e2eUrl }

test('error reports: a report moves new → investigating → resolved → back, with notes; page and database agree', async ({ page, createConfirmedUser, login, db, services }) => {
	const reporter = await createConfirmedUser()
	const admin = await createConfirmedUser({ admin: true })
	// The admin's time zone is used for the timestamps (New York is UTC-5 on that day).
	await db.updateTable('users').set({ time_zone: 'America/New_York' }).where('id', '=', admin.id).execute()
	const marker = `e2e-${randomUUID().slice(0, 8)}`
	const log = await db
		.insertInto('activity_logs')
		.values({ user_id: reporter.id, log_type: 'error', status: 'error', title: `Veröffentlichung ${marker} fehlgeschlagen`, description: 'LinkedIn antwortet nicht', metadata: JSON.stringify({ stack: 'Error: 503\n    at publish (linkedin.ts:10:5)' }) })
		.returning('id')
		.executeTakeFirstOrThrow()
	const filed = await services.activity.reportError(reporter.id, log.id, { userEmail: reporter.email, url: `${e2eUrl}/activity-logs`, userAgent: 'playwright' })
	if (!filed.ok) throw new Error('report not filed')
	const id = filed.reportId
	await db.updateTable('error_reports').set({ created_at: new Date(Date.UTC(2026, 10, 20, 14, 5)) }).where('id', '=', id).execute()
	const row = () => db.selectFrom('error_reports').select(['status', 'admin_notes', 'resolved_at', 'resolved_by']).where('id', '=', id).executeTakeFirstOrThrow()

	await login(admin)
	await gotoReady(page, '/admin/error-reports')
	await expect(page.getByRole('heading', { name: 'Fehlerberichte' })).toBeVisible()
	await expect(page.getByTestId('error-report-count-total')).toBeVisible()

	// Server-side search over the message (case-insensitive).
	await page.getByLabel('Fehlerberichte durchsuchen').fill(marker.toUpperCase())
	await page.getByRole('button', { name: 'Suchen', exact: true }).click()
	await expect(page).toHaveURL(/q=/)
	const cards = page.getByTestId('error-report-card')
	await expect(cards).toHaveCount(1)
	await expect(cards.first().getByTestId('error-report-status')).toHaveText('Neu')
	await expect(cards.first().getByTestId('error-report-date')).toHaveText('20.11.2026 09:05')
	await expect(cards.first()).toContainText(reporter.email)
	await expect(cards.first()).toContainText('/activity-logs')

	await cards.first().click()
	const dialog = page.getByRole('dialog', { name: 'Fehlerbericht' })
	await expect(dialog).toBeVisible()
	await expect(dialog.getByTestId('detail-message')).toContainText(`Veröffentlichung ${marker} fehlgeschlagen: LinkedIn antwortet nicht`)
	await expect(dialog.getByTestId('detail-stack')).toContainText('at publish (linkedin.ts:10:5)')
	await expect(dialog.getByTestId('detail-user')).toHaveText(reporter.email)
	await expect(dialog).toContainText('playwright')
	await expect(dialog.getByTestId('detail-additional-info')).toContainText(`"log_id": "${log.id}"`)

	// new → investigating, with notes.
	await dialog.getByLabel('Admin-Notizen').fill('Token prüfen')
	await dialog.getByRole('button', { name: 'In Bearbeitung' }).click()
	await expect(page.getByText('Status aktualisiert').first()).toBeVisible()
	await expect(dialog.getByTestId('error-report-status')).toHaveText('In Bearbeitung')
	await expect(dialog.getByRole('button', { name: 'In Bearbeitung' })).toBeDisabled()
	await expect(dialog.getByRole('button', { name: 'Gelöst' })).toBeEnabled()
	expect(await row()).toEqual({ status: 'investigating', admin_notes: 'Token prüfen', resolved_at: null, resolved_by: null })

	// investigating → resolved: resolved_at and resolved_by (the admin) are set.
	await dialog.getByLabel('Admin-Notizen').fill('Token erneuert')
	await dialog.getByRole('button', { name: 'Gelöst' }).click()
	await expect(dialog.getByTestId('error-report-status')).toHaveText('Gelöst')
	await expect(dialog.getByRole('button', { name: 'Gelöst' })).toBeDisabled()
	await expect(dialog.getByTestId('detail-resolved')).toContainText(admin.email)
	const resolved = await row()
	expect(resolved).toMatchObject({ status: 'resolved', admin_notes: 'Token erneuert', resolved_by: admin.id })
	expect(resolved.resolved_at).not.toBeNull()

	// And back: resolved → investigating clears both.
	await dialog.getByRole('button', { name: 'In Bearbeitung' }).click()
	await expect(dialog.getByTestId('error-report-status')).toHaveText('In Bearbeitung')
	await expect(dialog.getByTestId('detail-resolved')).toHaveCount(0)
	await expect.poll(row).toEqual({ status: 'investigating', admin_notes: 'Token erneuert', resolved_at: null, resolved_by: null })

	await dialog.getByRole('button', { name: 'Schliessen' }).click()
	await expect(dialog).toHaveCount(0)
	await expect(cards.first().getByTestId('error-report-status')).toHaveText('In Bearbeitung')

	// Status filter: not among the new ones, among those in progress.
	await page.getByRole('combobox', { name: 'Status' }).click()
	await page.getByRole('option', { name: 'Neu' }).click()
	await expect(page).toHaveURL(/status=new/)
	await expect(page.getByText('Keine Fehlerberichte gefunden.')).toBeVisible()
	await page.getByRole('combobox', { name: 'Status' }).click()
	await page.getByRole('option', { name: 'In Bearbeitung' }).click()
	await expect(page).toHaveURL(/status=investigating/)
	await expect(cards).toHaveCount(1)

	// Search over the reporter's e-mail.
	await gotoReady(page, `/admin/error-reports?q=${encodeURIComponent(reporter.email.toUpperCase())}`)
	await expect(cards).toHaveCount(1)

	// Browser input the server refuses without a 500: an unknown id, an invalid status.
	const unknown = await page.request.post('/admin/error-reports', { form: { intent: 'status', id: randomUUID(), status: 'resolved', adminNotes: '' }, headers: origin, maxRedirects: 0 })
	expect(unknown.status()).toBe(404)
	expect(await unknown.text()).toContain('Der Fehlerbericht wurde nicht gefunden.')
	const invalid = await page.request.post('/admin/error-reports', { form: { intent: 'status', id, status: 'erledigt' }, headers: origin, maxRedirects: 0 })
	expect(invalid.status()).toBe(400)
	await gotoReady(page, `/admin/error-reports?report=${randomUUID()}`)
	await expect(page.getByTestId('error-report-missing')).toHaveText('Der Fehlerbericht wurde nicht gefunden.')
	expect((await row()).status).toBe('investigating')
	await db.deleteFrom('error_reports').where('id', '=', id).execute()
})

test('error reports: a normal user can neither load nor change them', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	const report = await db
		.insertInto('error_reports')
		.values({ error_message: `Nur für Admins ${randomUUID()}`, user_id: user.id, user_email: user.email })
		.returning('id')
		.executeTakeFirstOrThrow()
	await login(user)

	await page.goto(`/admin/error-reports?report=${report.id}`)
	await expect(page).toHaveURL('/')
	const data = await page.request.get('/admin/error-reports.data', { maxRedirects: 0 })
	expect(await data.text()).not.toContain('Nur für Admins')

	for (const status of ['investigating', 'resolved']) {
		const response = await page.request.post('/admin/error-reports', { form: { intent: 'status', id: report.id, status, adminNotes: 'gehackt' }, headers: origin, maxRedirects: 0 })
		expect(response.status()).not.toBe(200)
		expect(response.status()).toBeLessThan(500)
	}
	expect(await db.selectFrom('error_reports').select(['status', 'admin_notes', 'resolved_at', 'resolved_by']).where('id', '=', report.id).executeTakeFirstOrThrow()).toEqual({
		status: 'new',
		admin_notes: '',
		resolved_at: null,
		resolved_by: null,
	})
	await db.deleteFrom('error_reports').where('id', '=', report.id).execute()
})
