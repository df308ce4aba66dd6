import type { Page } from '@playwright/test'
import { parseContent } from '#modules/content/post-content.ts'
import { connectAccounts } from '#tests/support/connected-accounts.ts'
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
	// A network that takes text-only posts and a first comment on every channel (the row with erster_kommentar).
	const network = services.publishing.platforms.descriptors.find((d) => !d.images.required && d.media.firstComment === 'all')!
	// Planning refuses a network without a connected account (issue 37, 3.1).
	await connectAccounts(db, user.id, [network.id])
	await login(user)
	const dialog = await openImport(page)
	await expect(dialog.getByRole('link', { name: 'Beispieldatei herunterladen' })).toHaveAttribute('href', '/posts/csv-sample')
	await dialog.getByLabel('CSV-Datei').setInputFiles(csvFile(network.name))

	const rows = dialog.getByTestId('csv-row')
	await expect(rows).toHaveCount(5)
	await expect(dialog.getByTestId('csv-import-summary')).toHaveText('5 Zeilen: 1 geplant, 1 als Entwurf, 3 mit Fehlern (werden übersprungen).')
	await expect(dialog.locator('[data-row="3"]')).toContainText('Netzwerke: Unbekanntes Netzwerk „Myspace“')
	await expect(dialog.locator('[data-row="4"]')).toContainText('Zeit: Bitte wählen Sie eine Uhrzeit zwischen 06:00 und 23:00 im 30-Minuten-Takt.')
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
	const contents = posts.map((p) => parseContent(p.content))
	expect(contents.map((c) => c.base).sort()).toEqual(['Herbstaktion im Laden: 20 Prozent auf alles', 'Tipps für den Winter'])
	// The column erster_kommentar: the comment sent under the post.
	expect(contents.find((c) => c.base === 'Tipps für den Winter')?.firstComment?.base).toBe('Danke fürs Lesen')
})

test('erster_kommentar on a LinkedIn member channel: the check shows the German refusal on its row, the import leaves that row out', async ({ page, createConfirmedUser, login, db, services }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'linkedin')
	const channels = await services.publishing.listChannels(user.id)
	const member = channels.find((c) => c.platform === 'linkedin' && c.pageType === 'personal')!
	const organization = channels.find((c) => c.platform === 'linkedin' && c.pageType === 'business')!
	const lines = [
		'text;netzwerke;kanal;datum;zeit;bild_url;erster_kommentar',
		`Vom Profil mit Kommentar;LinkedIn;${member.pageName};${inDays(5)};10:00;;Mehr dazu im Kommentar`,
		`Von der Seite mit Kommentar;LinkedIn;${organization.pageName};${inDays(5)};10:30;;Mehr dazu im Kommentar`,
	]
	await login(user)
	const dialog = await openImport(page)
	await dialog.getByLabel('CSV-Datei').setInputFiles({ name: 'linkedin.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`) })
	await expect(dialog.getByTestId('csv-row')).toHaveCount(2)
	await expect(dialog.getByTestId('csv-import-summary')).toHaveText('2 Zeilen: 1 geplant, 0 als Entwurf, 1 mit Fehlern (werden übersprungen).')
	await expect(dialog.locator('[data-row="2"]')).toHaveAttribute('data-kind', 'error')
	await expect(dialog.locator('[data-row="2"]')).toContainText('erlaubt den ersten Kommentar nur auf Unternehmensseiten')
	await expect(dialog.locator('[data-row="3"]')).toHaveAttribute('data-kind', 'planned')

	await dialog.getByRole('button', { name: 'Importieren' }).click()
	await expect(dialog.getByTestId('csv-import-result')).toContainText('1 Zeile übersprungen')
	const posts = await db.selectFrom('posts').select(['content']).where('user_id', '=', user.id).execute()
	expect(posts.map((p) => parseContent(p.content).base)).toEqual(['Von der Seite mit Kommentar'])
})

test.describe('on a phone', () => {
	test.use(phone)

	test('the import dialog is usable at 390 px with touch', async ({ page, createConfirmedUser, login, db, services }) => {
		const user = await createConfirmedUser()
		await login(user)
		// A network that takes text-only posts and a first comment on every channel (the row with erster_kommentar).
	const network = services.publishing.platforms.descriptors.find((d) => !d.images.required && d.media.firstComment === 'all')!
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

test.describe('at 1440 px', () => {
	test.use({ viewport: { width: 1440, height: 900 } })

	// A long word (a chain of hashtags, no place to break a line) pushed the column out: the table grew to its width.
	const longText = (n: number) => `${n}#${Array.from({ length: 12 }, () => 'HerbstAktionImLaden').join('#')}`

	function wideFile(network: string) {
		const lines = ['text;netzwerke;datum;zeit', `Falsches Netzwerk;Myspace;${inDays(5)};11:00`, `"${longText(1)}";${network};${inDays(5)};10:00`, `"${longText(2)}";${network};${inDays(5)};10:30`]
		return { name: 'breit.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`) }
	}

	test("a Hootsuite export (Date,Message,Link): the columns are mapped with German labels and guesses, networks for all rows, then the preview", async ({ page, createConfirmedUser, login, services, db }) => {
		const user = await createConfirmedUser()
		// A network that takes text-only posts and a first comment on every channel (the row with erster_kommentar).
	const network = services.publishing.platforms.descriptors.find((d) => !d.images.required && d.media.firstComment === 'all')!
		// The preview checks the account too (planning refuses a network without one).
		await connectAccounts(db, user.id, [network.id])
		await login(user)
		const at = new Date(Date.now() + 6 * 86_400_000)
		const day = `${String(at.getDate()).padStart(2, '0')}/${String(at.getMonth() + 1).padStart(2, '0')}/${at.getFullYear()}`
		const lines = ['Date,Message,Link', `${day} 10:00,Neue Öffnungszeiten ab Montag,https://beispiel.ch/zeiten`, `${day} 14:30,"Danke, liebe Kundschaft",`]
		const dialog = await openImport(page)
		await dialog.getByLabel('CSV-Datei').setInputFiles({ name: 'hootsuite.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) })

		const mapping = dialog.getByTestId('csv-column-mapping')
		await expect(mapping).toContainText('Bitte ordnen Sie die Spalten zu.')
		await expect(dialog.getByLabel('Text', { exact: true })).toHaveValue('1')
		await expect(dialog.getByLabel('Datum (auch mit Uhrzeit)')).toHaveValue('0')
		await expect(dialog.getByLabel('Link (wird an den Text angehängt)')).toHaveValue('2')
		await expect(dialog.getByLabel('Netzwerke', { exact: true })).toHaveValue('')
		const apply = dialog.getByRole('button', { name: 'Zuordnung übernehmen' })
		await expect(apply).toBeDisabled()
		await dialog.getByLabel('Netzwerke für Zeilen ohne Netzwerk').fill(network.name)
		await apply.click()

		await expect(dialog.getByTestId('csv-row')).toHaveCount(2)
		await expect(dialog.getByTestId('csv-import-summary')).toHaveText('2 Zeilen: 2 geplant, 0 als Entwurf, 0 mit Fehlern (werden übersprungen).')
		await expect(dialog.locator('[data-row="2"]')).toContainText('https://beispiel.ch/zeiten')
		await expect(dialog.locator('[data-row="3"]')).toContainText(network.name)
		await expect(mapping).toBeHidden()
	})

	test("while importing, the dialog shows how far the server has come (polled from the server's notes), then the result", async ({ page, createConfirmedUser, login, db, services }) => {
		const user = await createConfirmedUser()
		await login(user)
		// A network that takes text-only posts and a first comment on every channel (the row with erster_kommentar).
	const network = services.publishing.platforms.descriptors.find((d) => !d.images.required && d.media.firstComment === 'all')!
		await connectAccounts(db, user.id, [network.id])
		const lines = ['text;netzwerke;datum;zeit', ...Array.from({ length: 40 }, (_, i) => `Post ${i + 1} im Fortschritt;${network.name};${inDays(7 + Math.floor(i / 20))};${String(6 + Math.floor((i % 20) / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`)]
		const dialog = await openImport(page)
		await dialog.getByLabel('CSV-Datei').setInputFiles({ name: 'viele.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) })
		await expect(dialog.getByTestId('csv-row')).toHaveCount(40)
		// The import's answer is held back in the browser until the dialog has shown the server's last note.
		let release = () => {}
		const released = new Promise<void>((resolve) => (release = resolve))
		await page.route('**/posts/csv-import*', async (route) => {
			if (route.request().method() !== 'POST' || !(route.request().postData() ?? '').includes('\r\n\r\nimport\r\n')) return route.continue()
			const response = await route.fetch()
			await released
			await route.fulfill({ response })
		})
		await dialog.getByRole('button', { name: 'Importieren' }).click()
		const progress = dialog.getByTestId('csv-import-progress')
		await expect(progress.getByRole('progressbar')).toBeVisible()
		await expect(progress.getByRole('status')).toHaveText('Gespeichert.')
		release()
		await expect(dialog.getByTestId('csv-import-result')).toHaveText('40 Posts importiert (40 geplant, 0 Entwürfe), 0 Zeilen übersprungen.')
		await expect(progress).toBeHidden()
	})

	test("the 'Prüfung' column is on screen and skipped rows show their reason; the same file again is marked 'Schon vorhanden' and skipped", async ({ page, createConfirmedUser, login, db, services }) => {
		const user = await createConfirmedUser()
		await login(user)
		// A network that takes text-only posts and a first comment on every channel (the row with erster_kommentar).
	const network = services.publishing.platforms.descriptors.find((d) => !d.images.required && d.media.firstComment === 'all')!
		await connectAccounts(db, user.id, [network.id])

		let dialog = await openImport(page)
		await dialog.getByLabel('CSV-Datei').setInputFiles(wideFile(network.name))
		await expect(dialog.getByTestId('csv-row')).toHaveCount(3)
		// The whole column is visible: not clipped by the table's scroll area, nothing to scroll sideways.
		await expect(dialog.getByTestId('csv-check-column')).toBeInViewport({ ratio: 1 })
		const skipped = dialog.locator('[data-row="2"]')
		await expect(skipped.getByText('Wird übersprungen')).toBeInViewport({ ratio: 1 })
		await expect(skipped.getByTestId('csv-problem')).toContainText('Unbekanntes Netzwerk „Myspace“')
		await expect(skipped.getByTestId('csv-problem')).toBeInViewport({ ratio: 1 })
		const sideways = await dialog.getByTestId('csv-import-table').evaluate((table) => {
			const viewport = table.closest('.rt-ScrollAreaViewport')!
			return viewport.scrollWidth - viewport.clientWidth
		})
		expect(sideways).toBeLessThanOrEqual(0)
		await dialog.getByRole('button', { name: 'Importieren' }).click()
		await expect(dialog.getByTestId('csv-import-result')).toHaveText('2 Posts importiert (2 geplant, 0 Entwürfe), 1 Zeile übersprungen.')
		await dialog.getByRole('button', { name: 'Schliessen' }).click()

		// The same file again: both posts exist, their rows are skipped with a note (the default).
		dialog = await openImport(page)
		await dialog.getByLabel('CSV-Datei').setInputFiles(wideFile(network.name))
		await expect(dialog.getByTestId('csv-import-duplicates')).toHaveText('2 Zeilen gibt es schon als Post (gleicher Text, gleiche Netzwerke, gleiche Zeit). Sie werden übersprungen.')
		const again = dialog.locator('[data-row="3"]')
		await expect(again).toHaveAttribute('data-kind', 'duplicate')
		await expect(again.getByText('Schon vorhanden')).toBeInViewport({ ratio: 1 })
		await expect(again).toContainText('Diesen Post gibt es schon (gleicher Text, gleiche Netzwerke, gleiche Zeit). Die Zeile wird übersprungen.')
		await expect(dialog.getByRole('button', { name: 'Importieren' })).toBeDisabled()
		// The user may import them anyway.
		await dialog.getByText('Vorhandene Posts trotzdem noch einmal importieren').click()
		await expect(again).toHaveAttribute('data-kind', 'planned')
		await expect(again).toContainText('Er wird trotzdem noch einmal importiert.')
		await dialog.getByText('Vorhandene Posts trotzdem noch einmal importieren').click()
		await expect(again).toHaveAttribute('data-kind', 'duplicate')
		expect(await db.selectFrom('posts').select('id').where('user_id', '=', user.id).execute()).toHaveLength(2)
	})
})
