import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import type { Services } from '#modules/services.ts'
import { connectPlatform, expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { expectNoHorizontalScroll, phone } from '#tests/e2e/phone-support.ts'

// Issue 39 item 4 in the browser, on a desktop and on a phone (390 px): a LinkedIn post made into a PDF
// document in the editor, previewed in the brand's colours, a slide edited and saved; a PDF over
// LinkedIn's 300 pages refused with the German message and the figures.

const text = `So planen wir unsere Woche im Team

Drei Regeln, die bei uns funktionieren:

- Montags nur eine Besprechung
- Aufgaben stehen im Board, nicht im Chat
- Freitags wird aufgeräumt

Wie plant ihr eure Woche? Schreibt es mir in die Kommentare`

const viewports = [
	['desktop', { viewport: { width: 1440, height: 900 } }],
	['phone', { viewport: { width: 390, height: 844 }, hasTouch: true }],
] as const

/** A planned post for the user's LinkedIn organization page (the page can take documents); `marker` (a hashtag line: no slide) finds it on /sandbox. */
async function plannedLinkedinPost(services: Services, userId: string, marker = `#Woche${randomUUID().slice(0, 8)}`) {
	await connectPlatform(services, userId, 'linkedin')
	const page = (await services.publishing.listChannels(userId)).find((c) => c.platform === 'linkedin' && c.pageType === 'business')!
	const tomorrow = new Date(Date.now() + 24 * 3600_000)
	tomorrow.setUTCHours(9, 0, 0, 0)
	return services.content.createPost(userId, { platform: 'linkedin', content: { base: `${text}\n\n${marker}`, platforms: {} }, status: 'scheduled', scheduledAt: tomorrow, timeZone: 'Europe/Zurich', channelIds: [page.id] })
}

async function openDocumentDialog(page: Page) {
	await gotoReady(page, '/posts')
	await page.getByTestId('post-card').filter({ hasText: 'So planen wir unsere Woche' }).getByRole('button', { name: 'Bearbeiten' }).click()
	await page.getByRole('button', { name: 'Als PDF-Dokument' }).click()
	const dialog = page.getByRole('dialog', { name: 'PDF-Dokument' })
	await expect(dialog.getByTestId('slide-editor').first()).toBeVisible()
	return dialog
}

async function pdfOf(pages: number) {
	const pdf = await PDFDocument.create()
	for (let i = 0; i < pages; i += 1) pdf.addPage([200, 200])
	return Buffer.from(await pdf.save())
}

for (const [name, options] of viewports) {
	test.describe(name, () => {
		test.use(options)

		test('a generated LinkedIn document: previewed, a slide edited, saved', async ({ page, createConfirmedUser, login, services, db }) => {
			const user = await createConfirmedUser()
			const post = await plannedLinkedinPost(services, user.id)
			await login(user)
			const dialog = await openDocumentDialog(page)
			const editors = dialog.getByTestId('slide-editor')
			await expect(editors).toHaveCount(3)
			await expect(editors.first().getByRole('textbox', { name: 'Folie 1 von 3: Überschrift' })).toHaveValue('So planen wir unsere Woche im Team')

			await dialog.getByRole('textbox', { name: 'Folie 2 von 3: Überschrift' }).fill('Unsere drei Regeln')
			await dialog.getByRole('button', { name: 'Folie hinzufügen' }).click()
			await dialog.getByRole('textbox', { name: 'Folie 4 von 4: Text (eine Zeile pro Punkt)' }).fill('Zusatzfolie aus dem Browser')
			await dialog.getByRole('group', { name: 'Folie 4 von 4' }).getByRole('button', { name: 'Folie entfernen' }).click()
			await expect(editors).toHaveCount(3)
			await dialog.getByRole('button', { name: 'Vorschau' }).click()
			const previews = dialog.getByTestId('slide-preview')
			await expect(previews).toHaveCount(3)
			await expect(previews.nth(1)).toContainText('Unsere drei Regeln')
			await expect(previews.first()).toContainText('1 / 3 · Weiterblättern →')

			await dialog.getByRole('button', { name: 'Speichern' }).click()
			const saved = dialog.getByTestId('document-saved')
			await expect(saved).toContainText('Das PDF-Dokument ist gespeichert.')
			await expect(saved).toContainText('3 Seiten')
			const link = saved.getByRole('link', { name: 'PDF öffnen' })
			await expect(link).toHaveAttribute('target', '_blank')
			const href = (await link.getAttribute('href'))!
			expect(href).toMatch(/^\/media\/documents\/.+\.pdf$/)
			const served = await page.request.get(href)
			expect(served.headers()['content-type']).toBe('application/pdf')
			expect((await PDFDocument.load(await served.body())).getPageCount()).toBe(3)

			const row = await db.selectFrom('post_media').select(['kind', 'source', 'pages', 'networks', 'slides']).where('post_id', '=', post.id).executeTakeFirstOrThrow()
			expect(row).toMatchObject({ kind: 'document', source: 'slides', pages: 3, networks: ['linkedin'] })
			expect((row.slides as Array<{ heading: string }>)[1]!.heading).toBe('Unsere drei Regeln')
		})

		test('saved and published now: /sandbox shows the LinkedIn post as a PDF document with its pages', async ({ page, createConfirmedUser, login, services, db }) => {
			const user = await createConfirmedUser()
			const marker = `#Woche${randomUUID().slice(0, 8)}`
			const post = await plannedLinkedinPost(services, user.id, marker)
			await login(user)
			const dialog = await openDocumentDialog(page)
			await dialog.getByRole('textbox', { name: 'Folie 2 von 3: Überschrift' }).fill('Unsere drei Regeln')
			await dialog.getByRole('button', { name: 'Speichern' }).click()
			await expect(dialog.getByTestId('document-saved')).toContainText('gespeichert')
			await services.publishing.publishNow(user.id, post.id)
			await expect.poll(async () => (await db.selectFrom('post_deliveries').select('status').where('post_id', '=', post.id).executeTakeFirst())?.status, { timeout: 20_000 }).toBe('published')
			await page.goto('/sandbox')
			const article = page.locator('article[data-platform="linkedin"]').filter({ hasText: marker })
			await expect(article.locator('p.document')).toHaveAttribute('data-pages', '3')
			await expect(article).toContainText('PDF-Dokument')
		})

		test('a PDF over LinkedIn’s 300 pages is refused with the German message', async ({ page, createConfirmedUser, login, services, db }) => {
			const user = await createConfirmedUser()
			const post = await plannedLinkedinPost(services, user.id)
			await login(user)
			const dialog = await openDocumentDialog(page)
			await dialog.getByTestId('document-file').setInputFiles({ name: 'Handbuch.pdf', mimeType: 'application/pdf', buffer: await pdfOf(301) })
			await expect(dialog.getByTestId('document-refusal')).toHaveText('Das PDF hat 301 Seiten; LinkedIn nimmt höchstens 300 Seiten.')
			expect(await db.selectFrom('post_media').select('id').where('post_id', '=', post.id).execute()).toEqual([])
		})
	})
}

test.describe('phone, published from the editor', () => {
	test.use(phone)

	test('a generated document previewed, saved and posted with ‘Sofort posten’ at 390 px: /sandbox shows the PDF document', async ({ page, createConfirmedUser, login, services, db }) => {
		const user = await createConfirmedUser()
		const marker = `#Woche${randomUUID().slice(0, 8)}`
		const post = await plannedLinkedinPost(services, user.id, marker)
		await login(user)
		const dialog = await openDocumentDialog(page)
		await dialog.getByRole('button', { name: 'Vorschau' }).tap()
		await expect(dialog.getByTestId('slide-preview')).toHaveCount(3)
		await expectNoHorizontalScroll(page, 'the document preview')
		const save = dialog.getByRole('button', { name: 'Speichern' })
		await save.scrollIntoViewIfNeeded()
		await save.tap()
		await expect(dialog.getByTestId('document-saved')).toContainText('gespeichert')
		await dialog.getByRole('button', { name: 'Schließen' }).tap()
		await expect(dialog).toBeHidden()
		const editor = page.getByRole('dialog', { name: 'Post bearbeiten' })
		const publish = editor.getByRole('button', { name: 'Sofort posten' })
		await publish.scrollIntoViewIfNeeded()
		await publish.tap()
		await expect.poll(async () => (await db.selectFrom('post_deliveries').select('status').where('post_id', '=', post.id).executeTakeFirst())?.status, { timeout: 30_000 }).toBe('published')
		expect(await db.selectFrom('post_media').select(['kind', 'pages']).where('post_id', '=', post.id).execute()).toEqual([{ kind: 'document', pages: 3 }])
		await page.goto('/sandbox')
		const article = page.locator('article[data-platform="linkedin"]').filter({ hasText: marker })
		await expect(article.locator('p.document')).toHaveAttribute('data-pages', '3')
		await expect(article).toContainText('PDF-Dokument')
		await expectNoHorizontalScroll(page, '/sandbox with the document post')
	})
})
