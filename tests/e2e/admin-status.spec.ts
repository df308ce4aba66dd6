import { randomUUID } from 'node:crypto'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

test('the admin index shows the live system status, the figures of the database and the newest error report', async ({ page, createConfirmedUser, login, db }) => {
	const admin = await createConfirmedUser({ admin: true })
	const marker = `Status-Test ${randomUUID().slice(0, 8)}`
	const report = await db.insertInto('error_reports').values({ error_message: marker, user_email: admin.email, url: '/posts' }).returning('id').executeTakeFirstOrThrow()
	const countUsers = async () => Number((await db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n)
	try {
		const before = await countUsers()
		await login(admin)
		await gotoReady(page, '/admin')
		const after = await countUsers()

		await expect(page.getByRole('heading', { name: 'Systemstatus' })).toBeVisible()
		await expect(page.getByTestId('status-database-value')).toHaveText('Erreichbar')
		// The e2e server runs its worker in-process: its heartbeat is fresh.
		await expect(page.getByTestId('status-worker-value')).toContainText('Aktiv')
		await expect(page.getByTestId('status-worker')).toContainText('Letztes Lebenszeichen:')
		// Other tests create users at the same time: the figure lies between the counts before and after the page load.
		const shown = Number((await page.getByTestId('stat-users-value').innerText()).replace(/[^0-9]/g, ''))
		expect(shown).toBeGreaterThanOrEqual(before)
		expect(shown).toBeLessThanOrEqual(after)
		await expect(page.getByTestId('dashboard-chart')).toContainText('Veröffentlichte Posts aller Benutzer')

		const errors = page.getByTestId('recent-errors')
		await expect(errors.getByRole('heading', { name: 'Neue Fehlerberichte' })).toBeVisible()
		await errors.getByRole('link', { name: marker }).click()
		await expect(page).toHaveURL(`/admin/error-reports?report=${report.id}`)
		await expect(page.getByRole('dialog')).toContainText(marker)
	} finally {
		await db.deleteFrom('error_reports').where('id', '=', report.id).execute()
	}
})
