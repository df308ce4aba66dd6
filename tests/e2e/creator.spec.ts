import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import type { Kysely } from 'kysely'
import sharp from 'sharp'
import { generationCost } from '#modules/generation/costs.ts'
import type { DB } from '#modules/core/db.server.ts'
import type { Services } from '#modules/services.ts'
import { connectPlatform, expect, gotoReady, test, type TestUser } from '#tests/e2e/fixtures.ts'
import { fakeWebUrl } from '#tests/support/e2e.ts'
import { draftImages } from '#tests/support/draft-media.ts'
import { networkTarget, TARGET_STEP_HEADING } from '#tests/e2e/creator-targets.ts'

// The post creator at /create and /create-post: every kind of input to the preview, the credit
// rules, validation, saving, scheduling, publishing, restoring and the entry points.

const ALL = ['LinkedIn', 'Instagram', 'Threads', 'Facebook'] as const
type PlatformName = (typeof ALL)[number]

async function balanceOf(db: Kysely<DB>, userId: string) {
	const row = await db.selectFrom('profiles').select('credits_remaining').where('id', '=', userId).executeTakeFirstOrThrow()
	return row.credits_remaining
}

async function setBalance(db: Kysely<DB>, userId: string, credits: number) {
	await db.updateTable('profiles').set({ credits_remaining: credits }).where('id', '=', userId).execute()
}

async function ledgerCount(db: Kysely<DB>, userId: string) {
	const rows = await db.selectFrom('credit_transactions').select('id').where('user_id', '=', userId).execute()
	return rows.length
}

/** A sonner toast with this title (and description). */
function toastWith(page: Page, title: string, description?: string | RegExp) {
	let toast = page.locator('[data-sonner-toast]').filter({ hasText: title })
	if (description) toast = toast.filter({ hasText: description })
	return toast.first()
}

async function chooseMedia(page: Page, title: string) {
	await page.getByRole('button', { name: new RegExp(`^${title.replace(/[/&]/g, '\\$&')}`) }).click()
	await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible()
}

async function choosePlatforms(page: Page, names: ReadonlyArray<PlatformName> = ALL) {
	// The card (a label) takes the click for its checkbox; with channels connected, the network's default channel.
	for (const name of names) await networkTarget(page, name).click()
}

function platformBox(page: Page, name: PlatformName) {
	return page.getByRole('checkbox', { name: new RegExp(`^${name}`) })
}

function generateButton(page: Page) {
	return page.getByRole('button', { name: 'Bilder generieren & Vorschau' })
}

async function shownCost(page: Page) {
	return Number(await page.getByTestId('cost-total').getAttribute('data-cost'))
}

async function expectShownBalance(page: Page, credits: number) {
	await expect(page.getByTestId('credit-balance')).toHaveAttribute('data-balance', String(credits))
}

/** Generates and waits for the preview of `platforms`; answers the cost the page showed. */
async function generateToPreview(page: Page, platforms: ReadonlyArray<PlatformName> = ALL) {
	const cost = await shownCost(page)
	await generateButton(page).click()
	await expect(toastWith(page, 'Content erfolgreich erstellt!')).toBeVisible({ timeout: 20_000 })
	await expect(page.getByRole('heading', { name: 'Vorschau', exact: true })).toBeVisible()
	for (const name of platforms) await expect(page.getByRole('textbox', { name: `Text für ${name}` })).toBeVisible()
	return cost
}

async function smartPostToPlatforms(page: Page, prompt = 'Drei Tipps für mehr Sichtbarkeit im lokalen Handwerk') {
	await chooseMedia(page, 'Smart Prompt Creator')
	await page.getByLabel('Ihre Idee').fill(prompt)
	await page.getByRole('button', { name: 'Weiter' }).click()
	await expect(page.getByRole('heading', { name: TARGET_STEP_HEADING })).toBeVisible()
}

async function jpeg(width = 64, height = 48) {
	return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } }).jpeg().toBuffer()
}

async function png() {
	return sharp({ create: { width: 32, height: 32, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 1 } } }).png().toBuffer()
}

/** A default agent as the onboarding leaves it (the creator picks it automatically). */
async function createDefaultAgent(services: Services, user: TestUser) {
	const saved = await services.agents.saveOnboardingAgent(user.id, {
		draftId: randomUUID(),
		agentName: 'Bäckerei-Bot',
		avatar: 'coffee',
		personality: 'friendly',
		targetAudience: 'Familien im Quartier',
		description: '',
		tone: 'conversational',
		industry: 'retail',
	})
	if (!saved.ok) throw new Error('agent not saved')
	return saved.agentId
}

test('smart prompt without agent: four platforms to the preview, charged exactly the shown cost', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/create')
	await expectShownBalance(page, 50)
	await expect(page.getByRole('list', { name: 'Schritte' }).getByRole('listitem').first()).toHaveAttribute('aria-current', 'step')
	for (const title of ['Smart Prompt Creator', 'YouTube Video', 'Blog/Artikel', 'PDF & Notizen', 'Sprachnotiz & Bild', 'Bild & Prompt']) {
		await expect(page.getByRole('button', { name: new RegExp(`^${title.replace(/[/&]/g, '\\$&')}`) })).toBeVisible()
	}
	await smartPostToPlatforms(page)
	await expect(generateButton(page)).toBeDisabled()
	await choosePlatforms(page)
	await expect(generateButton(page)).toBeEnabled()
	await expect(page.getByRole('combobox', { name: 'Agent' })).toHaveText('Kein Agent')
	await expect(page.getByText('Professionell', { exact: false }).first()).toBeVisible()

	// The cost accordion: 2 texts (gpt-4o-mini) and 2 images (flux-schnell), both local in e2e.
	await page.getByTestId('cost-summary').locator('summary').click()
	await expect(page.getByTestId('cost-text')).toContainText('2 × ')
	await expect(page.getByTestId('cost-images')).toContainText('2 × ')
	await expect(page.getByTestId('cost-text').getByText('Testmodus')).toBeVisible()
	const cost = await generateToPreview(page)
	expect(cost).toBe(6)

	for (const name of ALL) {
		const card = page.getByTestId(`editor-${name.toLowerCase()}`)
		await expect(card.getByRole('textbox', { name: `Text für ${name}` })).not.toHaveValue('')
		await expect(card.getByRole('img', { name: `Bild ${name}` })).toHaveAttribute('src', /^\/media\/images\/[0-9a-f-]{36}\.jpg$/)
		await expect(card.getByTestId('char-counter')).toBeVisible()
	}
	await expectShownBalance(page, 50 - cost)
	expect(await balanceOf(db, user.id)).toBe(50 - cost)
	const debits = await db.selectFrom('credit_transactions').select(['credits_amount', 'transaction_type']).where('user_id', '=', user.id).where('transaction_type', '=', 'generation').execute()
	expect(debits).toEqual([{ credits_amount: -cost, transaction_type: 'generation' }])
})

test('image and prompt with the default agent: the own image costs nothing, the agent models are charged', async ({ page, createConfirmedUser, login, db, services }) => {
	const user = await createConfirmedUser()
	const agentId = await createDefaultAgent(services, user)
	const data = await services.generation.creatorData(user.id)
	const agent = data.agents.find((a) => a.id === agentId)!
	const expected = generationCost({ descriptors: services.publishing.platforms.descriptors, platforms: ['linkedin', 'instagram', 'threads', 'facebook'], textModelCost: agent.text.cost, imageModelCost: agent.image.cost, withImages: false }).total
	await login(user)
	await gotoReady(page, '/create')
	await chooseMedia(page, 'Bild & Prompt')
	await page.getByLabel('Bild hochladen').setInputFiles({ name: 'laden.jpg', mimeType: 'image/jpeg', buffer: await jpeg(800, 600) })
	await expect(page.getByTestId('picked-file')).toContainText('laden.jpg')
	await page.getByLabel('Bildbeschreibung oder Idee').fill('Unser neues Schaufenster zum Frühling')
	await page.getByRole('button', { name: 'Weiter' }).click()
	await choosePlatforms(page)
	// The default agent is chosen automatically.
	await expect(page.getByRole('combobox', { name: 'Agent' })).toHaveText(/Bäckerei-Bot/)
	await page.getByTestId('cost-summary').locator('summary').click()
	await expect(page.getByTestId('cost-images')).toContainText('0 Credits')
	expect(await shownCost(page)).toBe(expected)
	const cost = await generateToPreview(page)
	expect(cost).toBe(expected)
	await expect(page.getByTestId('editor-instagram').getByRole('img', { name: 'Bild Instagram' })).toHaveAttribute('src', /^\/media\/images\//)
	await expectShownBalance(page, 50 - expected)
	expect(await balanceOf(db, user.id)).toBe(50 - expected)
	const generation = await db.selectFrom('generations').select(['agent_configuration_id', 'source_type']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
	expect(generation).toEqual({ agent_configuration_id: agentId, source_type: 'image-prompt' })
})

test('notes and a text document to the preview', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/create')
	await chooseMedia(page, 'PDF & Notizen')
	await page.getByLabel('Dokument hochladen').setInputFiles({ name: 'protokoll.txt', mimeType: 'text/plain', buffer: Buffer.from('Jahresrückblick der Schreinerei: neue Werkstatt, zwei Lernende, volle Auftragsbücher.') })
	await page.getByLabel('Notizen').fill('Bitte den Dank an das Team betonen.')
	await page.getByRole('button', { name: 'Weiter' }).click()
	await choosePlatforms(page)
	const cost = await generateToPreview(page)
	expect(cost).toBe(6)
	expect(await balanceOf(db, user.id)).toBe(50 - cost)
	const generation = await db.selectFrom('generations').select(['source_type', 'status']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
	expect(generation).toEqual({ source_type: 'pdf-notes', status: 'succeeded' })
	await expectShownBalance(page, 50 - cost)
})

test('YouTube video to the preview', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/create')
	await chooseMedia(page, 'YouTube Video')
	await page.getByLabel('YouTube URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
	await page.getByRole('button', { name: 'Weiter' }).click()
	await choosePlatforms(page)
	const cost = await generateToPreview(page)
	expect(cost).toBe(6)
	expect(await balanceOf(db, user.id)).toBe(50 - cost)
	await expectShownBalance(page, 50 - cost)
	const generation = await db.selectFrom('generations').select(['source_type', 'status']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
	expect(generation).toEqual({ source_type: 'youtube', status: 'succeeded' })
})

test('web article by URL to the preview', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/create')
	await chooseMedia(page, 'Blog/Artikel')
	await page.getByLabel('Web-URL').fill(`${fakeWebUrl}/artikel/ki-im-mittelstand`)
	await page.getByRole('button', { name: 'Weiter' }).click()
	await choosePlatforms(page)
	const cost = await generateToPreview(page)
	expect(cost).toBe(6)
	expect(await balanceOf(db, user.id)).toBe(50 - cost)
	await expectShownBalance(page, 50 - cost)
	const generation = await db.selectFrom('generations').select(['source_type', 'status']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
	expect(generation).toEqual({ source_type: 'web-article', status: 'succeeded' })
})

test('voice memo: alone it is refused with the transcription message and stored; with an image it reaches the preview', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/create')
	await chooseMedia(page, 'Sprachnotiz & Bild')
	await page.getByRole('button', { name: 'Aufnahme starten' }).click()
	await expect(page.getByTestId('recording-timer')).toContainText('00:0')
	await page.waitForTimeout(1500)
	await page.getByRole('button', { name: 'Aufnahme stoppen' }).click()
	await expect(page.getByTestId('recorded-audio')).toContainText('Aufnahme (00:01)')
	await expect(page.getByRole('button', { name: 'Anhören' })).toBeVisible()
	await page.getByRole('button', { name: 'Weiter' }).click()
	await choosePlatforms(page)
	await generateButton(page).click()
	// Said inline next to the button, not in a toast as well.
	await expect(page.getByTestId('generation-error')).toContainText('Transkription nicht verfügbar', { timeout: 20_000 })
	await expect(page.getByTestId('generation-error')).toContainText('Ihre Aufnahme wurde gespeichert.')
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Transkription nicht verfügbar' })).toHaveCount(0)
	// Refunded: the balance is where it was.
	expect(await balanceOf(db, user.id)).toBe(50)
	const uploads = await db.selectFrom('uploads').select(['kind', 'content_type', 'byte_size']).where('user_id', '=', user.id).execute()
	expect(uploads).toHaveLength(1)
	expect(uploads[0]).toMatchObject({ kind: 'audio', content_type: 'audio/wav' })
	// 1.5 s of 16 kHz mono 16-bit plus the header.
	expect(uploads[0]!.byte_size).toBeGreaterThan(44 + 16_000 * 2)

	await page.getByRole('button', { name: 'Zurück' }).click()
	await page.getByLabel('Bild hochladen').setInputFiles({ name: 'team.png', mimeType: 'image/png', buffer: await png() })
	await page.getByRole('button', { name: 'Weiter' }).click()
	// Two texts with gpt-4o-mini; the own image is the post image, no image is generated.
	const cost = await generateToPreview(page)
	expect(cost).toBe(2)
	await expect(toastWith(page, 'Transkription nicht verfügbar')).toBeVisible()
	for (const name of ALL) await expect(page.getByRole('img', { name: `Bild ${name}` })).toHaveAttribute('src', /^\/media\/images\//)
	expect(await balanceOf(db, user.id)).toBe(50 - cost)
	await expectShownBalance(page, 50 - cost)
	const kinds = await db.selectFrom('uploads').select('kind').where('user_id', '=', user.id).orderBy('created_at').execute()
	expect(kinds.map((k) => k.kind).sort()).toEqual(['audio', 'audio', 'post_image', 'post_image'])
})

test('a denied microphone shows the microphone error', async ({ page, createConfirmedUser, login }) => {
	await page.addInitScript(() => {
		navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'))
	})
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/create')
	await chooseMedia(page, 'Sprachnotiz & Bild')
	await page.getByRole('button', { name: 'Aufnahme starten' }).click()
	await expect(toastWith(page, 'Mikrofon-Fehler', 'Konnte nicht auf das Mikrofon zugreifen. Bitte überprüfen Sie die Berechtigungen.')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Aufnahme starten' })).toBeVisible()
})

test('every validation message of the input step, as toast and inline', async ({ page, createConfirmedUser, login }) => {
	// Handing 11 and 25 MB files to the browser takes a few seconds on a busy machine.
	test.setTimeout(90_000)
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/create')
	const next = page.getByRole('button', { name: 'Weiter' })
	const back = page.getByRole('button', { name: 'Zurück' })
	async function expectMessage(title: string, message: string) {
		await expect(page.getByTestId('input-error')).toContainText(title)
		await expect(page.getByTestId('input-error-message')).toHaveText(message)
		await expect(page.locator('[data-sonner-toast]').filter({ hasText: message })).toHaveCount(0)
	}

	await chooseMedia(page, 'Smart Prompt Creator')
	await page.getByLabel('Ihre Idee').fill('   ')
	await next.click()
	await expectMessage('Inhalt erforderlich', 'Bitte geben Sie eine Idee für Ihren Post ein.')
	await back.click()

	await chooseMedia(page, 'YouTube Video')
	await next.click()
	await expectMessage('URL erforderlich', 'Bitte geben Sie eine YouTube URL ein.')
	await page.getByLabel('YouTube URL').fill('https://vimeo.com/123456')
	await next.click()
	await expectMessage('Ungültige URL', 'Bitte geben Sie eine gültige YouTube URL ein.')
	await page.getByLabel('YouTube URL').fill('https://youtu.be/dQw4w9WgXcQ')
	await next.click()
	await expect(page.getByRole('heading', { name: 'Plattformen wählen' })).toBeVisible()
	await back.click()
	await back.click()

	await chooseMedia(page, 'Blog/Artikel')
	await next.click()
	await expectMessage('URL erforderlich', 'Bitte geben Sie eine Web-URL ein.')
	await back.click()

	await chooseMedia(page, 'Bild & Prompt')
	await next.click()
	await expectMessage('Inhalt erforderlich', 'Bitte geben Sie eine Bildbeschreibung ein oder laden Sie ein Bild hoch.')
	await page.getByLabel('Bild hochladen').setInputFiles({ name: 'riesig.png', mimeType: 'image/png', buffer: Buffer.alloc(11 * 1024 * 1024, 1) }, { timeout: 30_000 })
	await expectMessage('Datei zu gross', 'Bitte wählen Sie ein Bild unter 10MB.')
	await expect(page.getByTestId('picked-file')).toHaveCount(0)
	await back.click()

	await chooseMedia(page, 'Sprachnotiz & Bild')
	await next.click()
	await expectMessage('Inhalt erforderlich', 'Bitte nehmen Sie Audio auf oder laden Sie ein Bild hoch.')
	await back.click()

	await chooseMedia(page, 'PDF & Notizen')
	await next.click()
	await expectMessage('Inhalt erforderlich', 'Bitte geben Sie Notizen ein oder laden Sie eine Datei hoch.')
	await page.getByLabel('Dokument hochladen').setInputFiles({ name: 'bericht.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(25 * 1024 * 1024, 0x25) }, { timeout: 30_000 })
	await expectMessage('Datei zu gross', 'Bitte wählen Sie eine Datei unter 20MB.')
	await page.getByLabel('Dokument hochladen').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: await png() })
	await expectMessage('Dateiformat nicht unterstützt', 'Bitte wählen Sie eine PDF-, TXT- oder Word-Datei.')
	await expect(page.getByTestId('picked-file')).toHaveCount(0)
})

test('a PNG renamed to .pdf is refused by the server at upload with its message, and nothing is charged', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/create')
	await chooseMedia(page, 'PDF & Notizen')
	// The server reads the picked file by its content as the generation would (issue 37, 4.2): refused at once.
	await page.getByLabel('Dokument hochladen').setInputFiles({ name: 'rechnung.pdf', mimeType: 'application/pdf', buffer: await png() })
	await expect(page.getByTestId('input-error')).toContainText('Dateiformat nicht unterstützt')
	await expect(page.getByTestId('input-error-message')).toHaveText('Bitte wählen Sie eine PDF-, TXT- oder Word-Datei.')
	await expect(page.getByTestId('picked-file')).toHaveCount(0)
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Dateiformat nicht unterstützt' })).toHaveCount(0)
	expect(await balanceOf(db, user.id)).toBe(50)
	await expectShownBalance(page, 50)
})

test('at 10 credits the low-credit dialog comes first; "Später" generates', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await setBalance(db, user.id, 10)
	await login(user)
	await gotoReady(page, '/create')
	await expectShownBalance(page, 10)
	await smartPostToPlatforms(page)
	await choosePlatforms(page)
	await generateButton(page).click()
	const dialog = page.getByRole('alertdialog', { name: 'Wenig Credits verfügbar' })
	await expect(dialog).toBeVisible()
	await expect(dialog).toContainText('10 Credits')
	await expect(dialog.getByRole('link', { name: 'Pro-Pläne ansehen' })).toHaveAttribute('href', '/pricing')
	expect(await balanceOf(db, user.id)).toBe(10)
	await dialog.getByRole('button', { name: 'Später' }).click()
	await expect(dialog).toBeHidden()
	await expect(toastWith(page, 'Content erfolgreich erstellt!')).toBeVisible({ timeout: 20_000 })
	expect(await balanceOf(db, user.id)).toBe(4)
	await expectShownBalance(page, 4)
})

test('with 3 credits the generation is refused before sending, and by the server when the page did not know', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	const ledger = await ledgerCount(db, user.id)

	// The server refuses: the page still shows 50, the database has 3.
	await gotoReady(page, '/create')
	await smartPostToPlatforms(page)
	await choosePlatforms(page)
	await setBalance(db, user.id, 3)
	await generateButton(page).click()
	const notice = page.getByTestId('insufficient-credits')
	await expect(notice).toContainText('Nicht genügend Credits Sie haben nicht genügend Credits für diese Aktion.', { timeout: 20_000 })
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Nicht genügend Credits' })).toHaveCount(0)
	await expect(notice.getByRole('link', { name: 'Pro-Pläne ansehen' })).toHaveAttribute('href', '/pricing')
	await expectShownBalance(page, 3)
	expect(await balanceOf(db, user.id)).toBe(3)
	expect(await ledgerCount(db, user.id)).toBe(ledger)

	// Now the page knows: nothing is sent at all.
	let sent = 0
	page.on('request', (request) => {
		if (request.url().endsWith('/api/generations')) sent++
	})
	await page.reload()
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	await expect(page.getByRole('heading', { name: 'Plattformen wählen' })).toBeVisible()
	await generateButton(page).click()
	await expect(notice).toBeVisible()
	await expect(page.getByRole('alertdialog', { name: 'Wenig Credits verfügbar' })).toHaveCount(0)
	await page.waitForTimeout(300)
	expect(sent).toBe(0)
	expect(await balanceOf(db, user.id)).toBe(3)
	expect(await ledgerCount(db, user.id)).toBe(ledger)
	expect(await db.selectFrom('generations').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0)
})

test('"Entwurf speichern" creates one draft per platform with its own text and image', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/create')
	await smartPostToPlatforms(page)
	await choosePlatforms(page)
	await generateToPreview(page)
	const linkedin = page.getByRole('textbox', { name: 'Text für LinkedIn' })
	await linkedin.fill('Mein eigener LinkedIn-Text')
	await expect(page.getByTestId('editor-linkedin').getByText('3 Wörter')).toBeVisible()
	await expect(page.getByTestId('editor-linkedin').getByTestId('char-counter')).toHaveText('26 / 3000 Zeichen')
	const threads = page.getByRole('textbox', { name: 'Text für Threads' })
	await threads.fill('T'.repeat(501))
	await expect(page.getByTestId('editor-threads').getByTestId('preflight-text_too_long')).toContainText('Der Text ist für Threads zu lang')
	const images = Object.fromEntries(
		await Promise.all(ALL.map(async (name) => [name.toLowerCase(), await page.getByRole('img', { name: `Bild ${name}` }).getAttribute('src')] as const)),
	)
	await page.getByRole('button', { name: 'Entwurf speichern' }).click()
	await expect(toastWith(page, 'Entwurf gespeichert', 'Entwurf gespeichert!')).toBeVisible()
	await expect(page).toHaveURL(/\/posts$/)

	const drafts = await Promise.all(
		(await db.selectFrom('drafts').select(['id', 'platforms', 'content', 'text_origin']).where('user_id', '=', user.id).execute()).map(async (d) => ({ ...d, images: await draftImages(db, d.id) })),
	)
	expect(drafts).toHaveLength(4)
	const byPlatform = Object.fromEntries(drafts.map((d) => [d.platforms[0]!, d]))
	expect(drafts.every((d) => d.platforms.length === 1)).toBe(true)
	expect(byPlatform.linkedin!.content).toBe('Mein eigener LinkedIn-Text')
	expect(byPlatform.threads!.content).toBe('T'.repeat(501))
	for (const platform of ['linkedin', 'instagram', 'threads', 'facebook']) expect(byPlatform[platform]!.images).toEqual({ [platform]: images[platform] })
	// The texts came from the generation (also where they were edited): the AI label's 'auto' knows it (ADR 0067).
	expect(drafts.map((d) => d.text_origin)).toEqual(['smart-post', 'smart-post', 'smart-post', 'smart-post'])
	// The creator starts afresh next time.
	await gotoReady(page, '/create')
	await expect(page.getByRole('heading', { name: 'Womit möchten Sie starten?' })).toBeVisible()
})

test('"Planen" creates one scheduled post for several platforms', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	for (const platform of ['linkedin', 'threads']) await connectPlatform(services, user.id, platform)
	await login(user)
	await gotoReady(page, '/create')
	await smartPostToPlatforms(page)
	await choosePlatforms(page, ['LinkedIn', 'Threads'])
	await generateToPreview(page, ['LinkedIn', 'Threads'])
	const texts = {
		linkedin: await page.getByRole('textbox', { name: 'Text für LinkedIn' }).inputValue(),
		threads: await page.getByRole('textbox', { name: 'Text für Threads' }).inputValue(),
	}
	const image = await page.getByRole('img', { name: 'Bild LinkedIn' }).getAttribute('src')
	await page.getByRole('button', { name: 'Planen' }).click()
	const dialog = page.getByRole('dialog', { name: 'Post planen' })
	await expect(dialog.getByTestId('scheduled-for')).toContainText('um 17:00')
	await dialog.getByRole('button', { name: 'Planen' }).click()
	await expect(toastWith(page, 'Post geplant!')).toBeVisible()
	await expect(page).toHaveURL(/\/posts$/)
	await expect(page.getByTestId('count-scheduled')).toHaveText('1')

	const posts = await db
		.selectFrom('posts')
		.select(['status', 'platform', 'content', 'scheduled_at', 'text_origin'])
		// The post's image for every network (ADR 0053: a row of post_media for every network).
		.select((eb) => eb.selectFrom('post_media').select('url').whereRef('post_media.post_id', '=', 'posts.id').where('networks', 'is', null).orderBy('position').limit(1).as('image_url'))
		.where('user_id', '=', user.id)
		.execute()
	expect(posts).toHaveLength(1)
	expect(posts[0]).toMatchObject({ status: 'scheduled', platform: 'multiple', image_url: image, text_origin: 'smart-post' })
	expect(JSON.parse(posts[0]!.content)).toEqual({ base: texts.linkedin, platforms: texts })
	expect(posts[0]!.scheduled_at!.getTime()).toBeGreaterThan(Date.now())
})

test('"Jetzt posten" publishes through the sandbox and goes to "Meine Posts"', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'linkedin')
	await connectPlatform(services, user.id, 'facebook')
	await login(user)
	await gotoReady(page, '/create')
	await smartPostToPlatforms(page, 'Tag der offenen Tür am Samstag in der Schreinerei')
	await choosePlatforms(page, ['LinkedIn', 'Facebook'])
	await generateToPreview(page, ['LinkedIn', 'Facebook'])
	await page.getByRole('textbox', { name: 'Text für Facebook' }).fill('Kommt vorbei: Tag der offenen Tür am Samstag!')
	await page.getByRole('button', { name: 'Jetzt posten' }).click()
	await expect(toastWith(page, '✅ Post erfolgreich veröffentlicht!')).toBeVisible({ timeout: 20_000 })
	await expect(page).toHaveURL(/\/posts$/)
	const post = await db.selectFrom('posts').select(['id', 'status', 'platform']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
	expect(post).toMatchObject({ status: 'published', platform: 'multiple' })
	const deliveries = await db.selectFrom('post_deliveries').select(['platform', 'status']).where('post_id', '=', post.id).orderBy('platform').execute()
	expect(deliveries).toEqual([
		{ platform: 'facebook', status: 'published' },
		{ platform: 'linkedin', status: 'published' },
	])
	await page.goto('/sandbox')
	await expect(page.getByText('Kommt vorbei: Tag der offenen Tür am Samstag!').first()).toBeVisible()
})

test('a post without text asks first ("Post ohne Text?"), then goes out with its image only', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'linkedin')
	await login(user)
	await gotoReady(page, '/create')
	await smartPostToPlatforms(page, 'Ein Bild sagt mehr als tausend Worte')
	await choosePlatforms(page, ['LinkedIn'])
	await generateToPreview(page, ['LinkedIn'])
	await page.getByRole('textbox', { name: 'Text für LinkedIn' }).fill('')
	// The preview says it before anything is sent.
	await expect(page.getByTestId('editor-linkedin').getByTestId('preflight-empty_text')).toBeVisible()
	await page.getByRole('button', { name: 'Jetzt posten' }).click()
	const question = page.getByRole('alertdialog', { name: 'Post ohne Text?' })
	await expect(question).toBeVisible()
	expect(await db.selectFrom('posts').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0)
	await question.getByRole('button', { name: 'Ja, ohne Text veröffentlichen' }).click()
	await expect(toastWith(page, '✅ Post erfolgreich veröffentlicht!')).toBeVisible({ timeout: 20_000 })
	const post = await db.selectFrom('posts').select(['id', 'status']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
	expect(post.status).toBe('published')
})

test('planning a post without text: the schedule dialog asks, and plans once the box is ticked', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'linkedin')
	await login(user)
	await gotoReady(page, '/create')
	await smartPostToPlatforms(page, 'Nur ein Bild, kein Text')
	await choosePlatforms(page, ['LinkedIn'])
	await generateToPreview(page, ['LinkedIn'])
	await page.getByRole('textbox', { name: 'Text für LinkedIn' }).fill('')
	await page.getByRole('button', { name: 'Planen' }).click()
	const dialog = page.getByRole('dialog', { name: 'Post planen' })
	await dialog.getByRole('button', { name: 'Planen' }).click()
	await expect(dialog.getByRole('alert')).toContainText('Bestätigen Sie bitte, dass der Post ohne Text erscheinen soll.')
	expect(await db.selectFrom('posts').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0)
	await dialog.getByRole('checkbox', { name: 'Ja, ohne Text veröffentlichen' }).click()
	await dialog.getByRole('button', { name: 'Planen' }).click()
	await expect(toastWith(page, 'Post geplant!')).toBeVisible()
	expect((await db.selectFrom('posts').select('status').where('user_id', '=', user.id).executeTakeFirstOrThrow()).status).toBe('scheduled')
})

test('generating: the progress checklist, an answer that is no success (413), and a retry after a network error under the same request id', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/create')
	await smartPostToPlatforms(page)
	await choosePlatforms(page, ['LinkedIn'])
	const ids: Array<string> = []
	await page.route('**/api/generations', async (route) => {
		const body = route.request().postDataBuffer()?.toString('latin1') ?? ''
		ids.push(/name="requestId"\r\n\r\n([0-9a-f-]{36})/.exec(body)?.[1] ?? 'missing')
		if (ids.length === 1) return route.abort('connectionreset')
		if (ids.length === 2) {
			await new Promise((resolve) => setTimeout(resolve, 1200))
			const lines = [{ type: 'step', step: 'extracting' }, { type: 'done', outcome: { ok: false, code: 'request_too_large' } }]
			return route.fulfill({ status: 413, contentType: 'application/x-ndjson', body: lines.map((l) => `${JSON.stringify(l)}\n`).join('') })
		}
		return route.continue()
	})
	await generateButton(page).click()
	await expect(toastWith(page, 'Verbindungsfehler')).toBeVisible()

	await generateButton(page).click()
	const progress = page.getByTestId('generation-progress')
	await expect(progress).toBeVisible()
	await expect(progress.getByRole('listitem')).toContainText(['Inhalt wird gelesen …', 'Texte werden geschrieben …', 'Bilder werden erstellt …', 'Vorschau wird vorbereitet …'])
	await expect(generateButton(page)).toBeDisabled()
	await expect(page.getByTestId('generation-error')).toContainText('Datei zu gross: Die Anfrage ist zu gross. Bitte wählen Sie kleinere Dateien.')
	await expect(progress).toBeHidden()
	// The request that got no answer was sent again under its id (the server charges an id once).
	expect(ids[1]).toBe(ids[0])

	await generateToPreview(page, ['LinkedIn'])
	expect(ids).toHaveLength(3)
	expect(ids[2]).not.toBe(ids[0])
	const generations = await db.selectFrom('generations').select('idempotency_key').where('user_id', '=', user.id).execute()
	expect(generations).toEqual([{ idempotency_key: ids[2] }])
})

test('publishing without a connected account is refused with the reason and stays in the creator; once connected it is published once', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/create')
	await smartPostToPlatforms(page, 'Unser Sommerfest am Freitag')
	await choosePlatforms(page, ['LinkedIn'])
	await generateToPreview(page, ['LinkedIn'])
	// The preview says so before anyone presses a button.
	await expect(page.getByTestId('editor-linkedin').getByTestId('account-not_connected')).toContainText('Für LinkedIn ist kein Konto verbunden')
	await page.getByRole('button', { name: 'Jetzt posten' }).click()
	const refusal = page.getByRole('alertdialog', { name: 'So kann der Post nicht veröffentlicht werden' })
	await expect(refusal).toContainText('Für LinkedIn ist kein Konto verbunden', { timeout: 20_000 })
	await refusal.getByRole('button', { name: 'Schließen' }).click()
	await expect(refusal).toBeHidden()
	await expect(page).toHaveURL(/\/create$/)
	await expect(page.getByRole('button', { name: 'Jetzt posten' })).toBeEnabled()
	// Refused before anything was written.
	expect(await db.selectFrom('posts').select('id').where('user_id', '=', user.id).execute()).toEqual([])

	await connectPlatform(services, user.id, 'linkedin')
	await page.getByRole('button', { name: 'Jetzt posten' }).click()
	await expect(toastWith(page, '✅ Post erfolgreich veröffentlicht!')).toBeVisible({ timeout: 20_000 })
	await expect(page).toHaveURL(/\/posts$/)
	const after = await db.selectFrom('posts').select(['status']).where('user_id', '=', user.id).execute()
	expect(after).toEqual([{ status: 'published' }])
})

test('preview: regenerate an image, the empty-text guard, delete and edit', async ({ page, createConfirmedUser, login, db, services }) => {
	const user = await createConfirmedUser()
	const { regenerationCost } = await services.generation.creatorData(user.id)
	await login(user)
	await gotoReady(page, '/create')
	await smartPostToPlatforms(page)
	await choosePlatforms(page, ['Instagram'])
	const cost = await generateToPreview(page, ['Instagram'])
	const image = page.getByRole('img', { name: 'Bild Instagram' })
	const before = await image.getAttribute('src')
	const regenerate = page.getByRole('button', { name: `Bild neu generieren (${regenerationCost} Credits) für Instagram` })
	await regenerate.click()
	await expect(toastWith(page, 'Bild neu generiert')).toBeVisible({ timeout: 20_000 })
	await expect(image).not.toHaveAttribute('src', before!)
	expect(await balanceOf(db, user.id)).toBe(50 - cost - regenerationCost)
	await expectShownBalance(page, 50 - cost - regenerationCost)

	await page.getByRole('textbox', { name: 'Text für Instagram' }).fill('  ')
	await regenerate.click()
	await expect(toastWith(page, 'Kein Content vorhanden', 'Bitte erstellen Sie zuerst Content, bevor Sie Bilder generieren.')).toBeVisible()
	expect(await balanceOf(db, user.id)).toBe(50 - cost - regenerationCost)

	page.once('dialog', (dialog) => {
		expect(dialog.message()).toBe('Sind Sie sicher, dass Sie diesen Content löschen möchten?')
		void dialog.accept()
	})
	await page.getByRole('button', { name: 'Löschen' }).click()
	await expect(toastWith(page, 'Content gelöscht')).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Plattformen wählen' })).toBeVisible()

	await generateToPreview(page, ['Instagram'])
	await page.getByRole('button', { name: 'Bearbeiten' }).click()
	await expect(page.getByRole('heading', { name: 'Plattformen wählen' })).toBeVisible()
	await page.getByRole('button', { name: 'Zurück' }).click()
	await expect(page.getByLabel('Ihre Idee')).toHaveValue('Drei Tipps für mehr Sichtbarkeit im lokalen Handwerk')
	await page.getByRole('button', { name: 'Zurück' }).click()
	await expect(page.getByRole('heading', { name: 'Womit möchten Sie starten?' })).toBeVisible()
})

test('regenerating after a lost answer asks again under the same request id: the image of the first, charged once', async ({ page, createConfirmedUser, login, db, services }) => {
	const user = await createConfirmedUser()
	const { regenerationCost } = await services.generation.creatorData(user.id)
	await login(user)
	await gotoReady(page, '/create')
	await smartPostToPlatforms(page)
	await choosePlatforms(page, ['Instagram'])
	const cost = await generateToPreview(page, ['Instagram'])
	const ids: Array<string> = []
	let lost: { imageUrl: string } | null = null
	await page.route('**/api/generations/image', async (route) => {
		const body = route.request().postDataBuffer()?.toString('latin1') ?? ''
		ids.push(/name="requestId"\r\n\r\n([0-9a-f-]{36})/.exec(body)?.[1] ?? 'missing')
		if (ids.length > 1) return route.continue()
		// The server makes the image, the browser never hears of it.
		lost = (await (await route.fetch()).json()) as { imageUrl: string }
		return route.abort('connectionreset')
	})
	const regenerate = page.getByRole('button', { name: `Bild neu generieren (${regenerationCost} Credits) für Instagram` })
	await regenerate.click()
	await expect(toastWith(page, 'Verbindungsfehler')).toBeVisible()
	await regenerate.click()
	await expect(toastWith(page, 'Bild neu generiert')).toBeVisible({ timeout: 20_000 })
	expect(ids[1]).toBe(ids[0])
	await expect(page.getByRole('img', { name: 'Bild Instagram' })).toHaveAttribute('src', lost!.imageUrl)
	expect(await balanceOf(db, user.id)).toBe(50 - cost - regenerationCost)
	// The next click is a new request.
	await regenerate.click()
	await expect(page.getByRole('img', { name: 'Bild Instagram' })).not.toHaveAttribute('src', lost!.imageUrl, { timeout: 20_000 })
	expect(await balanceOf(db, user.id)).toBe(50 - cost - 2 * regenerationCost)
	expect(ids[2]).not.toBe(ids[0])
})

test('the state survives a reload with "Willkommen zurück!" once per session; "Neu beginnen" clears it; after 24 h it is gone', async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/create')
	await smartPostToPlatforms(page, 'Neue Öffnungszeiten ab Montag')
	await choosePlatforms(page, ['Threads', 'Facebook'])
	await page.reload()
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	await expect(toastWith(page, 'Willkommen zurück!')).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Plattformen wählen' })).toBeVisible()
	await expect(platformBox(page, 'Threads')).toHaveAttribute('aria-checked', 'true')
	await expect(platformBox(page, 'Facebook')).toHaveAttribute('aria-checked', 'true')
	await expect(platformBox(page, 'LinkedIn')).toHaveAttribute('aria-checked', 'false')
	await page.getByRole('button', { name: 'Zurück' }).click()
	await expect(page.getByLabel('Ihre Idee')).toHaveValue('Neue Öffnungszeiten ab Montag')

	// Once per browser session.
	await page.reload()
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	await expect(page.getByLabel('Ihre Idee')).toHaveValue('Neue Öffnungszeiten ab Montag')
	await page.waitForTimeout(300)
	await expect(toastWith(page, 'Willkommen zurück!')).toHaveCount(0)

	await page.getByRole('button', { name: 'Neu beginnen' }).click()
	await expect(page.getByRole('heading', { name: 'Womit möchten Sie starten?' })).toBeVisible()
	expect(await page.evaluate(() => window.localStorage.getItem('post-creator-state'))).toBeNull()

	// A state older than 24 hours is removed instead of restored.
	await smartPostToPlatforms(page, 'Alt')
	await page.evaluate(() => {
		const stored = JSON.parse(window.localStorage.getItem('post-creator-state')!) as { timestamp: number }
		window.localStorage.setItem('post-creator-state', JSON.stringify({ ...stored, timestamp: Date.now() - 25 * 3600 * 1000 }))
	})
	await page.reload()
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	await expect(page.getByRole('heading', { name: 'Womit möchten Sie starten?' })).toBeVisible()
	expect(await page.evaluate(() => window.localStorage.getItem('post-creator-state'))).toBeNull()
})

/** Puts `state` into the current history entry the way React Router keeps it, then reloads. */
async function reloadWithState(page: Page, path: string, state: unknown) {
	await gotoReady(page, path)
	await page.evaluate((usr) => window.history.replaceState({ usr, key: 'e2e', idx: 0 }, ''), state)
	await page.reload()
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

test('entry point: a news suggestion opens the smart prompt with title, blank line, description and its platform', async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await reloadWithState(page, '/create-post', {
		suggestion: {
			title: 'KI im Handwerk',
			description: 'Wie kleine Betriebe mit KI Zeit sparen.',
			source: 'Handwerk heute',
			publishedDate: '2026-11-20',
			trending: true,
			platform: 'instagram',
			keyword: 'ki',
			type: 'idea',
		},
	})
	await expect(page.getByRole('heading', { name: 'Smart Prompt Creator', exact: true })).toBeVisible()
	await expect(page.getByLabel('Ihre Idee')).toHaveValue('KI im Handwerk\n\nWie kleine Betriebe mit KI Zeit sparen.')
	await page.getByRole('button', { name: 'Weiter' }).click()
	await expect(platformBox(page, 'Instagram')).toHaveAttribute('aria-checked', 'true')
	await expect(platformBox(page, 'LinkedIn')).toHaveAttribute('aria-checked', 'false')
	// The navigation state is used once: a reload restores the stored state instead.
	expect(await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr ?? null)).toBeNull()
})

test('entry point: an article from the news feed skips the URL and is sent as article data', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await reloadWithState(page, '/create-post', {
		contentType: 'web-article',
		articleData: {
			title: 'Mittelstand setzt auf KI-Assistenten',
			url: '',
			source: 'Wirtschaftsblatt',
			published_date: '2026-11-18',
			content: 'Immer mehr kleine und mittlere Unternehmen nutzen KI-Assistenten für Texte, Offerten und Kundenanfragen.',
		},
	})
	await expect(page.getByRole('heading', { name: 'Blog/Artikel', exact: true })).toBeVisible()
	const card = page.getByTestId('article-card')
	await expect(card).toContainText('Mittelstand setzt auf KI-Assistenten')
	await expect(card).toContainText('Quelle: Wirtschaftsblatt')
	await expect(page.getByLabel('Web-URL (optional)')).toHaveValue('')
	await page.getByRole('button', { name: 'Weiter' }).click()
	await choosePlatforms(page, ['LinkedIn'])
	const cost = await generateToPreview(page, ['LinkedIn'])
	expect(await balanceOf(db, user.id)).toBe(50 - cost)
	const generation = await db.selectFrom('generations').select(['source_type', 'status']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
	expect(generation).toEqual({ source_type: 'web-article', status: 'succeeded' })
})

test('entry point: the model test hands over its image by its key and its prompt; the texts are generated from the prompt', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	// As the model test stores its image: the user's generated upload with its alt text (ADR 0068).
	const key = `images/${randomUUID()}.jpg`
	const bytes = await jpeg()
	await services.files.put(key, bytes, 'image/jpeg')
	await db.insertInto('uploads').values({ user_id: user.id, kind: 'generated_image', storage_key: key, content_type: 'image/jpeg', byte_size: bytes.byteLength, alt_text: 'Ein Leuchtturm im Nebel.' }).execute()
	await login(user)
	await gotoReady(page, `/create-post?fromModelTest=true&imageUrl=${encodeURIComponent(`/media/${key}`)}&prompt=${encodeURIComponent('Ein Leuchtturm im Nebel')}&modelName=FLUX%20schnell`)
	await expect(toastWith(page, 'Bild und Prompt übernommen!', 'Die Texte werden aus Ihrem Prompt geschrieben.')).toBeVisible()
	// The step that generates, with every platform chosen and the cost shown (the own image costs nothing).
	await expect(page.getByRole('heading', { name: 'Plattformen wählen' })).toBeVisible()
	await expect(page).toHaveURL(/\/create-post$/)
	for (const name of ALL) await expect(platformBox(page, name)).toBeChecked()
	await page.getByTestId('cost-summary').locator('summary').click()
	await expect(page.getByTestId('cost-images')).toContainText('0 Credits')
	await page.getByRole('button', { name: 'Zurück' }).click()
	await expect(page.getByLabel('Bildbeschreibung oder Idee')).toHaveValue('Ein Leuchtturm im Nebel')
	await expect(page.getByTestId('model-test-image')).toContainText('Bild aus dem Modelltest')
	await page.getByRole('button', { name: 'Weiter' }).click()
	const cost = await generateToPreview(page)
	expect(await balanceOf(db, user.id)).toBe(50 - cost)
	for (const name of ALL) await expect(page.getByRole('textbox', { name: `Text für ${name}` })).not.toHaveValue('')
	const src = await page.getByTestId('editor-instagram').getByRole('img', { name: 'Bild Instagram' }).getAttribute('src')
	expect(src).toMatch(/^\/media\/images\//)
	// Not re-uploaded as the user's own image: still generated, with the test's alt text.
	const cut = await db.selectFrom('uploads').select(['kind', 'alt_text']).where('storage_key', '=', src!.slice('/media/'.length)).executeTakeFirstOrThrow()
	expect(cut).toEqual({ kind: 'generated_image', alt_text: 'Ein Leuchtturm im Nebel.' })

	// Only this app's media: a foreign image URL is refused with a German error and no success toast.
	await page.getByRole('button', { name: 'Neu beginnen' }).click()
	await gotoReady(page, `/create-post?fromModelTest=true&imageUrl=${encodeURIComponent('https://bilder.example.com/x.jpg')}&prompt=Test`)
	await expect(toastWith(page, 'Bild konnte nicht übernommen werden', 'Die Bildadresse gehört nicht zu Postwerk.')).toBeVisible()
	await expect(toastWith(page, 'Bild und Prompt übernommen!')).toHaveCount(0)
	await expect(page.getByLabel('Bildbeschreibung oder Idee')).toHaveValue('Test')
	await expect(page.getByTestId('picked-file')).toHaveCount(0)
	await expect(page.getByTestId('model-test-image')).toHaveCount(0)
})

test('a draft opened from "Meine Posts" is updated by "Entwurf speichern"; a foreign draft is not found', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	const draft = await services.content.createDraft(user.id, { platforms: ['linkedin', 'threads'], content: { base: 'Entwurf aus der Liste', platforms: { threads: 'Kurz für Threads' } } })
	const stranger = await createConfirmedUser()
	const foreign = await services.content.createDraft(stranger.id, { platforms: ['linkedin'], content: { base: 'Fremder Entwurf', platforms: {} } })
	await login(user)
	await gotoReady(page, '/posts')
	await page.getByTestId('post-card').filter({ hasText: 'Entwurf aus der Liste' }).getByRole('link', { name: 'Im Post-Ersteller öffnen' }).click()
	await expect(page).toHaveURL(new RegExp(`/create-post\\?draft=${draft.id}$`))
	await expect(page.getByRole('heading', { name: 'Vorschau', exact: true })).toBeVisible()
	await expect(page.getByRole('textbox', { name: 'Text für LinkedIn' })).toHaveValue('Entwurf aus der Liste')
	await expect(page.getByRole('textbox', { name: 'Text für Threads' })).toHaveValue('Kurz für Threads')
	await page.getByRole('textbox', { name: 'Text für Threads' }).fill('Neu für Threads')
	await page.getByRole('button', { name: 'Entwurf speichern' }).click()
	await expect(toastWith(page, 'Entwurf gespeichert')).toBeVisible()
	await expect(page).toHaveURL(/\/posts$/)
	const drafts = await db.selectFrom('drafts').select(['id', 'content', 'platforms']).where('user_id', '=', user.id).execute()
	expect(drafts).toHaveLength(1)
	expect(drafts[0]!.id).toBe(draft.id)
	expect(JSON.parse(drafts[0]!.content)).toEqual({ base: 'Entwurf aus der Liste', platforms: { linkedin: 'Entwurf aus der Liste', threads: 'Neu für Threads' } })

	// A post opened with ?post= is updated in place.
	const post = await services.content.createPost(user.id, { platform: 'facebook', content: { base: 'Geplanter Beitrag', platforms: {} }, status: 'review', timeZone: 'Europe/Zurich' })
	await gotoReady(page, `/create-post?post=${post.id}`)
	await expect(page.getByText('Sie bearbeiten einen gespeicherten Post.')).toBeVisible()
	await page.getByRole('textbox', { name: 'Text für Facebook' }).fill('Geänderter Beitrag')
	await page.getByRole('button', { name: 'Entwurf speichern' }).click()
	await expect(toastWith(page, 'Post aktualisiert')).toBeVisible()
	const posts = await db.selectFrom('posts').select(['id', 'content', 'status']).where('user_id', '=', user.id).execute()
	expect(posts).toEqual([{ id: post.id, content: 'Geänderter Beitrag', status: 'review' }])

	await gotoReady(page, `/create-post?draft=${foreign.id}`)
	await expect(page.getByText('Dieser Entwurf oder Post wurde nicht gefunden.')).toBeVisible()
	await expect(page.getByText('Fremder Entwurf')).toHaveCount(0)
	await expect(page.getByRole('heading', { name: 'Womit möchten Sie starten?' })).toBeVisible()
})
