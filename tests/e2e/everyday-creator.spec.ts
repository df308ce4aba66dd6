import { addDays, format } from 'date-fns'
import { de } from 'date-fns/locale'
import type { Page } from '@playwright/test'
import { connectPlatform, expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { fakeWebUrl } from '#tests/support/e2e.ts'
import { draftImages } from '#tests/support/draft-media.ts'
import { todayIn, toInstant } from '#modules/scheduling/index.ts'

const zurich = 'Europe/Zurich'

function toastWith(page: Page, title: string, description?: string) {
	let toast = page.locator('[data-sonner-toast]').filter({ hasText: title })
	if (description) toast = toast.filter({ hasText: description })
	return toast.first()
}

function daysAhead(days: number) {
	return format(addDays(new Date(`${todayIn(zurich, new Date())}T12:00:00Z`), days), 'yyyy-MM-dd')
}

test('Planen on a planned post opens at the post slot on Meine Posts and in the creator', async ({ page, createConfirmedUser, login, services }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'linkedin')
	const date = daysAhead(40)
	const post = await services.content.createPost(user.id, {
		platform: 'linkedin',
		content: { base: 'Schon eingeplant', platforms: {} },
		status: 'scheduled',
		scheduledAt: toInstant(date, '14:30', zurich),
		timeZone: zurich,
	})
	await login(user)
	await gotoReady(page, '/posts')
	await page.getByTestId('column-scheduled').getByTestId('post-card').filter({ hasText: 'Schon eingeplant' }).getByRole('button', { name: 'Planen' }).click()
	const dialog = page.getByRole('dialog', { name: 'Post planen' })
	await expect(dialog.getByRole('combobox', { name: 'Uhrzeit' })).toHaveText(/14:30/)
	await expect(dialog.getByTestId('scheduled-for')).toContainText(format(new Date(`${date}T12:00:00Z`), 'd. MMMM yyyy', { locale: de }))
	await expect(dialog.getByTestId('scheduled-for')).toContainText('um 14:30')
	await expect(dialog.locator(`[role="gridcell"][aria-selected="true"] [data-date="${date}"]`)).toHaveCount(1)
	await dialog.getByRole('button', { name: 'Abbrechen' }).click()

	await gotoReady(page, `/create-post?post=${post.id}`)
	await page.getByRole('button', { name: 'Planen', exact: true }).click()
	const again = page.getByRole('dialog', { name: 'Post planen' })
	await expect(again.getByRole('combobox', { name: 'Uhrzeit' })).toHaveText(/14:30/)
	await expect(again.getByTestId('scheduled-for')).toContainText('um 14:30')
})

test('saving a draft and planning it leave entries in the activity log', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'linkedin')
	await services.content.createDraft(user.id, { platforms: ['linkedin'], content: { base: 'Logbuch-Entwurf', platforms: {} } })
	await login(user)
	await gotoReady(page, '/posts')
	const card = page.getByTestId('post-card').filter({ hasText: 'Logbuch-Entwurf' })
	await card.getByRole('button', { name: 'Bearbeiten' }).click()
	const editor = page.getByRole('dialog', { name: 'Entwurf bearbeiten' })
	await editor.getByRole('textbox', { name: 'Text für LinkedIn' }).fill('Logbuch-Entwurf geändert')
	await editor.getByRole('button', { name: 'Speichern' }).click()
	await expect(editor).toBeHidden()

	const date = daysAhead(3)
	await page.getByTestId('post-card').filter({ hasText: 'Logbuch-Entwurf geändert' }).getByRole('button', { name: 'Planen' }).click()
	const dialog = page.getByRole('dialog', { name: 'Post planen' })
	if (date.slice(0, 7) !== todayIn(zurich, new Date()).slice(0, 7)) await dialog.getByRole('button', { name: 'Nächster Monat' }).click()
	await dialog.locator(`[data-date="${date}"]`).click()
	await dialog.getByRole('button', { name: 'Planen' }).click()
	await expect(page.getByText('Post geplant!').first()).toBeVisible()

	await gotoReady(page, '/activity-logs')
	const rows = page.getByTestId('activity-row')
	await expect(rows.filter({ hasText: 'Post geplant: Logbuch-Entwurf geändert' })).toContainText('Planung')
	await expect(rows.filter({ hasText: 'Post geplant: Logbuch-Entwurf geändert' })).toContainText(`Geplant für ${format(new Date(`${date}T12:00:00Z`), 'EEEE, d. MMMM yyyy', { locale: de })} um 17:00`)
	await expect(rows.filter({ hasText: 'Entwurf gespeichert: Logbuch-Entwurf geändert' })).toContainText('Post erstellt')
	const types = await db.selectFrom('activity_logs').select('log_type').where('user_id', '=', user.id).orderBy('created_at').execute()
	// The first entry is LinkedIn's connection (planning needs a connected account).
	expect(types.map((row) => row.log_type)).toEqual(['social_connection', 'post_creation', 'post_scheduling'])
})

test('a damaged Word file or PDF is said to be unreadable at upload, not an unsupported format, and nothing is charged', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/create')
	await page.getByRole('button', { name: /^PDF & Notizen/ }).click()
	// A zip cut off before its directory, named and typed as a Word file: the upload step reads it as
	// the generation would and says so at once (issue 37, 4.2), not two steps later.
	const damaged = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2000, 0x7f)])
	await page.getByLabel('Dokument hochladen').setInputFiles({ name: 'bericht.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: damaged })
	await expect(page.getByTestId('input-error-message')).toContainText('Die Word-Datei konnte nicht gelesen werden.')
	await expect(page.getByTestId('picked-file')).toHaveCount(0)
	await expect(page.getByText('Dateiformat nicht unterstützt')).toHaveCount(0)

	await page.getByLabel('Dokument hochladen').setInputFiles({ name: 'rechnung.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\nnonsense without objects\n%%EOF') })
	await expect(page.getByTestId('input-error-message')).toContainText('Die PDF-Datei konnte nicht gelesen werden.')
	await expect(page.getByTestId('picked-file')).toHaveCount(0)

	// A readable file is kept and the step goes on.
	await page.getByLabel('Dokument hochladen').setInputFiles({ name: 'notizen.txt', mimeType: 'text/plain', buffer: Buffer.from('Notizen zum Sommerfest') })
	await expect(page.getByTestId('picked-file')).toContainText('notizen.txt')
	await expect(page.getByTestId('input-error')).toHaveCount(0)
	await page.getByRole('button', { name: 'Weiter' }).click()
	await expect(page.getByRole('button', { name: 'Bilder generieren & Vorschau' })).toBeVisible()
	const profile = await db.selectFrom('profiles').select('credits_remaining').where('id', '=', user.id).executeTakeFirstOrThrow()
	expect(profile.credits_remaining).toBe(50)
})

test('Mehr generieren twice on the news page adds eight different ideas', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await services.news.saveContentSettings(user.id, { niche: 'Bäckerei', targetAudience: 'Familien im Quartier', keywords: ['brot'], newsKeywords: [] })
	await login(user)
	await gotoReady(page, '/news')
	const section = page.locator('section[aria-labelledby="ideas-heading"]')
	const more = section.getByRole('button', { name: 'Mehr generieren' })
	await more.click()
	await expect(section.getByTestId('idea-card')).toHaveCount(4)
	await expect(more).toBeEnabled()
	await more.click()
	await expect(section.getByTestId('idea-card')).toHaveCount(8)
	const titles = (await db.selectFrom('content_ideas').select('title').where('user_id', '=', user.id).execute()).map((row) => row.title)
	expect(titles).toHaveLength(8)
	expect(new Set(titles).size).toBe(8)
	for (const title of titles) await expect(section.getByText(title, { exact: true })).toHaveCount(1)
})

test('the credit ledger in the settings shows German labels and keeps the order of rows booked in the same minute', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	// Three rows within the same minute, after the start credit.
	const at = new Date(Date.now() + 1_000)
	await db
		.insertInto('credit_transactions')
		.values([
			{ user_id: user.id, credits_amount: 25, transaction_type: 'admin_grant', reference: `e2e-${user.id}-1`, balance_after: 75, created_at: at },
			{ user_id: user.id, credits_amount: -3, transaction_type: 'Model Test: GPT-5', reference: `e2e-${user.id}-2`, balance_after: 72, created_at: new Date(at.getTime() + 1) },
			{ user_id: user.id, credits_amount: 3, transaction_type: 'Model Test Refund: GPT-5', reference: `e2e-${user.id}-3`, balance_after: 75, created_at: new Date(at.getTime() + 2) },
		])
		.execute()
	await login(user)
	await gotoReady(page, '/settings')
	const table = page.getByRole('region', { name: 'Abo & Credits' }).getByRole('table')
	const rows = table.getByRole('row')
	await expect(rows.nth(1)).toContainText('Rückerstattung Modell-Test: GPT-5')
	await expect(rows.nth(2)).toContainText('Modell-Test: GPT-5')
	await expect(rows.nth(3)).toContainText('Gutschrift durch den Support')
	await expect(rows.nth(4)).toContainText('Startguthaben')
	await expect(table).not.toContainText('admin_grant')
	await expect(table).not.toContainText('Model Test')
})

test('a Free user sees that video is part of Pro on the model test and cannot start it', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/test-models?tab=video')
	await expect(page.getByTestId('video-pro-only')).toContainText('Video ist Teil des Pro-Tarifs')
	await gotoReady(page, '/model-test?models=wan-2.2-t2v-fast&mode=single&category=video')
	const notice = page.getByTestId('video-pro-only')
	await expect(notice).toContainText('Video ist Teil des Pro-Tarifs')
	await expect(notice.getByRole('link', { name: 'Zu den Tarifen' })).toHaveAttribute('href', '/pricing')
	await page.getByLabel('Prompt', { exact: true }).fill('Wellen am Strand')
	await expect(page.getByRole('button', { name: 'Generieren' })).toBeDisabled()
	expect(await db.selectFrom('model_tests').select('id').where('user_id', '=', user.id).execute()).toEqual([])

	// On the Pro plan the same page offers the test.
	await db.updateTable('profiles').set({ subscription_type: 'pro', subscription_tier: 'pro', plan: 'pro' }).where('id', '=', user.id).execute()
	await gotoReady(page, '/model-test?models=wan-2.2-t2v-fast&mode=single&category=video')
	await expect(page.getByTestId('video-pro-only')).toHaveCount(0)
	await page.getByLabel('Prompt', { exact: true }).fill('Wellen am Strand')
	await expect(page.getByRole('button', { name: 'Generieren' })).toBeEnabled()
})

test('the draft editor regenerates an image for the shown credits, once, and keeps it even when the dialog is closed without saving', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	const draft = await services.content.createDraft(user.id, { platforms: ['linkedin'], content: { base: 'Frische Gipfeli jeden Morgen ab sechs Uhr', platforms: {} } })
	const cost = await services.generation.regenerationCost()
	await login(user)
	await gotoReady(page, `/posts?edit=${draft.id}`)
	const editor = page.getByRole('dialog', { name: 'Entwurf bearbeiten' })
	const button = editor.getByRole('button', { name: `Bild neu generieren · ${cost} Credits` })
	await expect(button).toBeVisible()
	await button.click()
	await expect(toastWith(page, 'Neues Bild erstellt', 'Das neue Bild ist im Entwurf gespeichert')).toBeVisible({ timeout: 20_000 })
	const image = editor.getByRole('img', { name: 'Bild LinkedIn' })
	await expect(image).toHaveAttribute('src', /^\/media\/images\//)
	const src = await image.getAttribute('src')
	// Paid for, so saved at once: the dialog stays open, and closing it without Speichern loses nothing.
	await expect.poll(() => draftImages(db, draft.id), { timeout: 10_000 }).toMatchObject({ linkedin: src })
	await expect(editor).toBeVisible()
	await page.keyboard.press('Escape')
	await expect(editor).toBeHidden()
	expect(await draftImages(db, draft.id)).toMatchObject({ linkedin: src })
	const ledger = await db.selectFrom('credit_transactions').select(['credits_amount', 'transaction_type']).where('user_id', '=', user.id).where('credits_amount', '<', 0).execute()
	expect(ledger).toEqual([{ credits_amount: -cost, transaction_type: 'image_regeneration' }])
})

test('the draft editor refuses to regenerate without enough credits, with the German message', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await db.updateTable('profiles').set({ credits_remaining: 0 }).where('id', '=', user.id).execute()
	const draft = await services.content.createDraft(user.id, { platforms: ['linkedin'], content: { base: 'Ohne Guthaben', platforms: {} } })
	await login(user)
	await gotoReady(page, `/posts?edit=${draft.id}`)
	const editor = page.getByRole('dialog', { name: 'Entwurf bearbeiten' })
	await editor.getByRole('button', { name: /^Bild neu generieren/ }).click()
	await expect(toastWith(page, 'Nicht genügend Credits')).toBeVisible()
	await expect(editor.getByRole('img', { name: 'Bild LinkedIn' })).toHaveCount(0)
	expect(await db.selectFrom('credit_transactions').select('id').where('user_id', '=', user.id).where('credits_amount', '<', 0).execute()).toEqual([])
})

test('an article that cannot be read offers to paste its text, which then generates as usual', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/create')
	await page.getByRole('button', { name: /^Blog\/Artikel/ }).click()
	await page.getByLabel('Web-URL').fill(`${fakeWebUrl}/gibt-es-nicht`)
	await page.getByRole('button', { name: 'Weiter' }).click()
	await page.locator('label').filter({ has: page.getByRole('checkbox', { name: /^Threads/ }) }).click()
	await page.getByRole('button', { name: 'Bilder generieren & Vorschau' }).click()
	await expect(page.getByTestId('generation-error')).toContainText('Der Artikel konnte nicht geladen werden.', { timeout: 20_000 })
	await page.getByRole('button', { name: 'Text stattdessen einfügen' }).click()
	const pasted = page.getByLabel('Text des Artikels')
	await expect(pasted).toBeVisible()
	await pasted.fill('Die Schreinerei Muster eröffnet eine zweite Werkstatt in Winterthur und sucht zwei Lernende.')
	await page.getByRole('button', { name: 'Weiter' }).click()
	await page.getByRole('button', { name: 'Bilder generieren & Vorschau' }).click()
	await expect(toastWith(page, 'Content erfolgreich erstellt!')).toBeVisible({ timeout: 20_000 })
	await expect(page.getByRole('textbox', { name: 'Text für Threads' })).not.toHaveValue('')
	const generations = await db.selectFrom('generations').select(['source_type', 'status']).where('user_id', '=', user.id).where('status', '=', 'succeeded').execute()
	expect(generations).toEqual([{ source_type: 'web-article', status: 'succeeded' }])
})

test('an uploaded MP3 is taken besides recording: checked by its bytes, stored as audio/mpeg', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/create')
	await page.getByRole('button', { name: /^Sprachnotiz & Bild/ }).click()
	// Not audio at all: the server refuses it by content, whatever the name says.
	await page.getByLabel('Oder Audiodatei hochladen').setInputFiles({ name: 'memo.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('Das ist keine Aufnahme, sondern Text.') })
	await page.getByRole('button', { name: 'Weiter' }).click()
	await page.locator('label').filter({ has: page.getByRole('checkbox', { name: /^Threads/ }) }).click()
	await page.getByRole('button', { name: 'Bilder generieren & Vorschau' }).click()
	await expect(page.getByTestId('generation-error')).toContainText('WAV-, MP3- oder M4A-Datei', { timeout: 20_000 })

	await page.getByRole('button', { name: 'Zurück' }).click()
	const mp3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(4000)])
	await page.getByLabel('Oder Audiodatei hochladen').setInputFiles({ name: 'memo.mp3', mimeType: 'audio/mpeg', buffer: mp3 })
	await page.getByRole('button', { name: 'Weiter' }).click()
	await page.getByRole('button', { name: 'Bilder generieren & Vorschau' }).click()
	// Offline there is no transcription: the upload is kept, as a recording would be.
	await expect(page.getByTestId('generation-error')).toContainText('Transkription nicht verfügbar', { timeout: 20_000 })
	const uploads = await db.selectFrom('uploads').select(['kind', 'content_type']).where('user_id', '=', user.id).execute()
	expect(uploads).toEqual([{ kind: 'audio', content_type: 'audio/mpeg' }])
})
