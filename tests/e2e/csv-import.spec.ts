import type { Page } from '@playwright/test'
import { connectPlatform, expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { expectNoHorizontalScroll, phone } from '#tests/e2e/phone-support.ts'

// 'CSV importieren' on Meine Posts: a file with good and bad rows, the German reasons per row,
// 'Fehlende Zeiten füllen', the import, the 'CSV' badge on the cards and the posts in the database.

const inDays = (days: number) => {
	const at = new Date(Date.now() + days * 86_400_000)
	return `${String(at.getDate()).padStart(2, '0')}.${String(at.getMonth() + 1).padStart(2, '0')}.${at.getFullYear()}`
}

function csvFile(network: string) {
	const lines = [
		'text;netzwerke;datum;zeit;bild_url;erster_kommentar',
		`"Herbstaktion im Laden: 20 Prozent auf alles";${network};${inDays(5)};10:00;;`,
		`Falsches Netzwerk;Myspace;${inDays(5)};11:00;;`,
		`Krumme Zeit;${network};${inDays(5)};10:15;;`,
		`"Tipps für den Winter";${network};;;;Danke fürs Lesen`,
		`;${network};${inDays(6)};09:00;;`,
	]
	return { name: 'posts.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`) }
}

async function openImport(page: Page) {
	await gotoReady(page, '/posts')
	await page.getByRole('button', { name: 'CSV importieren' }).click()
	const dialog = page.getByRole('dialog', { name: 'Posts aus CSV importieren' })
	await expect(dialog).toBeVisible()
	return dialog
}

test('import a CSV with good and bad rows: reasons per row, missing times filled, the cards say CSV', async ({ page, createConfirmedUser, login, db, services }) => {
	const user = await createConfirmedUser()
	const network = services.publishing.platforms.descriptors.find((d) => !d.images.required)!
	// Planned rows need the network connected (the planner refuses a network without an account).
	await connectPlatform(services, user.id, network.id)
	await login(user)
	const dialog = await openImport(page)
	await expect(dialog.getByRole('link', { name: 'Beispieldatei herunterladen' })).toHaveAttribute('href', '/posts/csv-sample')
	await dialog.getByLabel('CSV-Datei').setInputFiles(csvFile(network.name))

	const rows = dialog.getByTestId('csv-row')
	await expect(rows).toHaveCount(5)
	await expect(dialog.getByTestId('csv-import-summary')).toHaveText('5 Zeilen: 1 geplant, 1 als Entwurf, 3 mit Fehlern (werden übersprungen).')
	await expect(dialog.locator('[data-row="3"]')).toContainText('Netzwerke: Unbekanntes Netzwerk „Myspace“')
	await expect(dialog.locator('[data-row="4"]')).toContainText('Zeit: Bitte wählen Sie eine Uhrzeit zwischen 06:00 und 23:00 im 30-Minuten-Takt.')
	await expect(dialog.locator('[data-row="5"]')).toContainText('Der erste Kommentar wird noch nicht übernommen (folgt später).')
	await expect(dialog.locator('[data-row="5"]')).toHaveAttribute('data-kind', 'draft')
	await expect(dialog.locator('[data-row="6"]')).toContainText('Text: Der Text ist leer.')

	await dialog.getByRole('button', { name: 'Fehlende Zeiten füllen' }).click()
	await expect(dialog.locator('[data-row="5"]')).toHaveAttribute('data-kind', 'planned')
	await expect(dialog.getByTestId('csv-import-summary')).toHaveText('5 Zeilen: 2 geplant, 0 als Entwurf, 3 mit Fehlern (werden übersprungen).')

	await dialog.getByRole('button', { name: 'Importieren' }).click()
	await expect(dialog.getByTestId('csv-import-result')).toHaveText('2 Posts importiert (2 geplant, 0 Entwürfe), 3 Zeilen übersprungen.')
	await dialog.getByRole('button', { name: 'Schliessen' }).click()
	await expect(dialog).toBeHidden()

	const scheduled = page.getByTestId('column-scheduled').getByTestId('post-card')
	await expect(scheduled).toHaveCount(2)
	for (const card of await scheduled.all()) await expect(card.getByTestId('post-origin')).toHaveText('CSV')
	// The editor names the origin too.
	await scheduled.first().getByRole('button', { name: 'Bearbeiten', exact: true }).click()
	const editor = page.getByRole('dialog', { name: /Post bearbeiten/ })
	await expect(editor.getByTestId('post-origin')).toHaveText('CSV')
	await editor.getByRole('button', { name: 'Schliessen' }).click()
	const posts = await db.selectFrom('posts').select(['status', 'origin', 'content']).where('user_id', '=', user.id).orderBy('scheduled_at').execute()
	expect(posts.map((p) => [p.status, p.origin])).toEqual([
		['scheduled', 'csv'],
		['scheduled', 'csv'],
	])
	expect(posts.map((p) => p.content).sort()).toEqual(['Herbstaktion im Laden: 20 Prozent auf alles', 'Tipps für den Winter'])
})

test.describe('on a phone', () => {
	test.use(phone)

	test('the import dialog is usable at 390 px with touch', async ({ page, createConfirmedUser, login, db, services }) => {
		const user = await createConfirmedUser()
		await login(user)
		const network = services.publishing.platforms.descriptors.find((d) => !d.images.required)!
		const dialog = await openImport(page)
		// Full-screen below 600 px, like every dialog.
		const box = await dialog.boundingBox()
		expect(box!.width).toBeGreaterThanOrEqual(380)
		await dialog.getByLabel('CSV-Datei').setInputFiles(csvFile(network.id))
		await expect(dialog.getByTestId('csv-row')).toHaveCount(5)
		await expect(dialog.locator('[data-row="3"]')).toContainText('Unbekanntes Netzwerk „Myspace“')
		await expectNoHorizontalScroll(page, 'the CSV import dialog')
		// As drafts the times do not count (the row at 10:15 becomes a draft too).
		await dialog.getByText('Alle als Entwürfe importieren').tap()
		await expect(dialog.getByTestId('csv-import-summary')).toHaveText('5 Zeilen: 0 geplant, 3 als Entwurf, 2 mit Fehlern (werden übersprungen).')
		const importButton = dialog.getByRole('button', { name: 'Importieren' })
		await importButton.scrollIntoViewIfNeeded()
		await importButton.tap()
		await expect(dialog.getByTestId('csv-import-result')).toContainText('3 Posts importiert (0 geplant, 3 Entwürfe)')
		const posts = await db.selectFrom('posts').select(['status', 'origin']).where('user_id', '=', user.id).execute()
		expect(posts).toEqual(Array.from({ length: 3 }, () => ({ status: 'draft', origin: 'csv' })))
	})
})
