import type { Page } from '@playwright/test'
import { addDays, format } from 'date-fns'
import { connectPlatform, expect, gotoReady, signIn, test, waitForLive } from '#tests/e2e/fixtures.ts'
import { todayIn, toInstant } from '#modules/scheduling/index.ts'

const zurich = 'Europe/Zurich'

/** The requests that read Meine Posts' board: the page's own data request and /posts/cards (the layout's data request reads none). */
function boardReads(page: Page) {
	const asked: Array<string> = []
	page.on('request', (request) => {
		const url = new URL(request.url())
		if (url.pathname === '/posts/cards') asked.push(url.pathname)
		const routes = url.searchParams.get('_routes')
		if (url.pathname === '/posts.data' && (!routes || routes.split(',').includes('routes/app/posts'))) asked.push(url.pathname)
	})
	return asked
}

test('edit a draft in the modal: the counter turns red above the limit and it still saves', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	const draft = await services.content.createDraft(user.id, { platforms: ['linkedin', 'threads'], content: { base: 'Erster Gedanke zum Montag', platforms: {} } })
	await login(user)
	await gotoReady(page, '/posts')
	await expect(page.getByTestId('count-drafts')).toHaveText('1')
	const card = page.getByTestId('post-card').filter({ hasText: 'Erster Gedanke zum Montag' })
	await expect(card.getByText('Entwurf', { exact: true })).toBeVisible()
	await card.getByRole('button', { name: 'Bearbeiten' }).click()

	const dialog = page.getByRole('dialog', { name: 'Entwurf bearbeiten' })
	await expect(dialog.getByTestId('editor-linkedin')).toBeVisible()
	const threads = dialog.getByTestId('editor-threads')
	await expect(threads.getByTestId('char-counter')).toHaveText('25 / 500 Zeichen')
	const long = 'T'.repeat(501)
	await threads.getByRole('textbox', { name: 'Text für Threads' }).fill(long)
	await expect(threads.getByTestId('char-counter')).toHaveText('501 / 500 Zeichen')
	await expect(threads.getByTestId('char-counter')).toHaveAttribute('data-over', 'true')
	await expect(threads.getByTestId('preflight-text_too_long')).toContainText('Der Text ist für Threads zu lang: 501 von höchstens 500 Zeichen')
	await dialog.getByRole('textbox', { name: 'Text für LinkedIn' }).fill('Neuer LinkedIn-Text')
	await dialog.getByRole('button', { name: 'Speichern' }).click()
	await expect(page.getByText('Entwurf gespeichert').first()).toBeVisible()
	await expect(dialog).toBeHidden()

	const row = await db.selectFrom('drafts').select(['content', 'title']).where('id', '=', draft.id).executeTakeFirstOrThrow()
	expect(JSON.parse(row.content)).toEqual({ base: 'Neuer LinkedIn-Text', platforms: { linkedin: 'Neuer LinkedIn-Text', threads: long } })
	expect(row.title).toBe('Neuer LinkedIn-Text')
})

test('schedule a draft with the dialog: past days disabled, 06:00-23:00 only, default 17:00', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'facebook')
	const draft = await services.content.createDraft(user.id, { platforms: ['facebook'], content: { base: 'Bald auf Facebook', platforms: {} } })
	await login(user)
	await gotoReady(page, '/posts')
	await page.getByTestId('post-card').filter({ hasText: 'Bald auf Facebook' }).getByRole('button', { name: 'Planen' }).click()
	const dialog = page.getByRole('dialog', { name: 'Post planen' })
	await expect(dialog).toBeVisible()

	const today = todayIn(zurich, new Date())
	const yesterday = format(addDays(new Date(`${today}T12:00:00Z`), -1), 'yyyy-MM-dd')
	const target = format(addDays(new Date(`${today}T12:00:00Z`), 3), 'yyyy-MM-dd')
	if (yesterday.slice(0, 7) === today.slice(0, 7)) await expect(dialog.locator(`[data-date="${yesterday}"]`)).toBeDisabled()
	const time = dialog.getByRole('combobox', { name: 'Uhrzeit' })
	await expect(time).toHaveText(/17:00/)
	await time.click()
	const options = page.getByRole('option')
	await expect(options.first()).toHaveText(/^06:00/)
	await expect(options.last()).toHaveText(/^23:00/)
	await expect(options).toHaveCount(35)
	await expect(page.getByRole('option', { name: /^05:30/ })).toHaveCount(0)
	await expect(page.getByRole('option', { name: /^23:30/ })).toHaveCount(0)
	await page.getByRole('option', { name: /^09:30/ }).click()

	if (target.slice(0, 7) !== today.slice(0, 7)) await dialog.getByRole('button', { name: 'Nächster Monat' }).click()
	await dialog.locator(`[data-date="${target}"]`).click()
	await expect(dialog.getByTestId('scheduled-for')).toContainText('um 09:30')
	await dialog.getByRole('button', { name: 'Planen' }).click()
	await expect(page.getByText('Post geplant!').first()).toBeVisible()
	await expect(page.getByTestId('count-scheduled')).toHaveText('1')
	await expect(page.getByTestId('column-scheduled').getByTestId('post-card').filter({ hasText: 'Bald auf Facebook' })).toBeVisible()

	const post = await db.selectFrom('posts').select(['scheduled_at', 'status', 'platform']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
	expect(post).toMatchObject({ status: 'scheduled', platform: 'facebook' })
	expect(post.scheduled_at?.toISOString()).toBe(toInstant(target, '09:30', zurich).toISOString())
	expect(await db.selectFrom('drafts').select('id').where('id', '=', draft.id).execute()).toHaveLength(0)
})

test('delete a post after the "Post löschen" confirmation and a draft after the browser confirmation', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	const post = await services.content.createPost(user.id, { platform: 'instagram', content: { base: 'Weg damit', platforms: {} }, status: 'review', timeZone: zurich })
	const draft = await services.content.createDraft(user.id, { platforms: ['linkedin'], content: { base: 'Auch weg', platforms: {} } })
	await login(user)
	await gotoReady(page, '/posts')
	const postCard = page.getByTestId('post-card').filter({ hasText: 'Weg damit' })
	await expect(postCard.getByText('Überprüfung')).toBeVisible()
	await postCard.getByRole('button', { name: 'Löschen' }).click()
	const confirm = page.getByRole('alertdialog', { name: 'Post löschen' })
	await confirm.getByRole('button', { name: 'Abbrechen' }).click()
	await expect(postCard).toBeVisible()
	await postCard.getByRole('button', { name: 'Löschen' }).click()
	await confirm.getByRole('button', { name: 'Löschen' }).click()
	await expect(page.getByText('Content gelöscht').first()).toBeVisible()
	await expect(postCard).toHaveCount(0)
	expect(await db.selectFrom('posts').select('id').where('id', '=', post.id).execute()).toHaveLength(0)

	page.once('dialog', (dialog) => {
		expect(dialog.message()).toBe('Möchten Sie diesen Entwurf wirklich löschen?')
		void dialog.accept()
	})
	await page.getByTestId('post-card').filter({ hasText: 'Auch weg' }).getByRole('button', { name: 'Löschen' }).click()
	await expect(page.getByTestId('post-card').filter({ hasText: 'Auch weg' })).toHaveCount(0)
	await expect(page.getByTestId('count-drafts')).toHaveText('0')
	await expect(page.getByText('Noch keine Entwürfe.')).toBeVisible()
	expect(await db.selectFrom('drafts').select('id').where('id', '=', draft.id).execute()).toHaveLength(0)
})

test('the posts page updates live when a post is changed from another session', async ({ page, browser, createConfirmedUser, login, services }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/posts')
	await expect(page.getByText('Noch keine Entwürfe.')).toBeVisible()
	await waitForLive(page)

	// Another session of the same user creates a draft through the app's own service.
	const post = await services.content.createPost(user.id, { platform: 'linkedin', content: { base: 'Aus dem anderen Tab', platforms: {} }, status: 'draft', timeZone: zurich })
	await expect(page.getByTestId('post-card').filter({ hasText: 'Aus dem anderen Tab' })).toBeVisible({ timeout: 3000 })

	// A second browser edits it in the editor: the first page follows.
	const other = await browser.newContext()
	const otherPage = await other.newPage()
	await signIn(otherPage, user)
	await gotoReady(otherPage, '/posts')
	await otherPage.getByTestId('post-card').filter({ hasText: 'Aus dem anderen Tab' }).getByRole('button', { name: 'Bearbeiten' }).click()
	await otherPage.getByRole('textbox', { name: 'Text für LinkedIn' }).fill('Geändert im zweiten Browser')
	await otherPage.getByRole('button', { name: 'Speichern' }).click()
	await expect(otherPage.getByText('Post aktualisiert').first()).toBeVisible()
	await expect(page.getByTestId('post-card').filter({ hasText: 'Geändert im zweiten Browser' })).toBeVisible({ timeout: 3000 })
	await other.close()
	expect((await services.content.getPost(user.id, post.id))?.content).toBe('Geändert im zweiten Browser')

	// Another user's change does not reach this page.
	const stranger = await createConfirmedUser()
	await services.content.createPost(stranger.id, { platform: 'linkedin', content: { base: 'Fremder Post', platforms: {} }, status: 'draft', timeZone: zurich })
	await page.waitForTimeout(500)
	await expect(page.getByText('Fremder Post')).toHaveCount(0)
})

test('a column shows 10 cards, the first 4 already in the server HTML, and "Weitere anzeigen" the rest', async ({ page, createConfirmedUser, login, services }) => {
	const user = await createConfirmedUser()
	for (let i = 1; i <= 12; i++) await services.content.createDraft(user.id, { platforms: ['linkedin'], content: { base: `Idee Nummer ${i}`, platforms: {} } })
	await login(user)
	// Before hydration: the first cards of each column (about a screen), and the column's total.
	const html = await (await page.request.get('/posts')).text()
	expect(html.match(/data-testid="post-card"/g)).toHaveLength(4)
	expect(html).toContain('Idee Nummer 12')
	// The page's data holds only these cards; the rest of the first page comes right after hydration (ADR 0034).
	expect(html).not.toContain('Idee Nummer 8')
	// The link counts the cards on screen and, before hydration, leads to the page with all loaded cards.
	expect(html).toContain('Weitere anzeigen (4 von 12)')
	expect(html).toContain('href="/posts?show=10"')

	await gotoReady(page, '/posts')
	const column = page.getByTestId('column-drafts')
	await expect(page.getByTestId('count-drafts')).toHaveText('12')
	await expect(column.getByTestId('post-card')).toHaveCount(10)
	await expect(column.getByTestId('post-card').first()).toContainText('Idee Nummer 12')
	const more = column.getByTestId('more-drafts')
	await expect(more).toHaveText('Weitere anzeigen (10 von 12)')
	await more.click()
	await expect(column.getByTestId('post-card')).toHaveCount(12)
	await expect(column.getByTestId('post-card').last()).toContainText('Idee Nummer 1')
	await expect(more).toHaveCount(0)
	expect(new URL(page.url()).searchParams.get('show')).toBe('20')

	// A client-side navigation shows the whole first page too, from one read: the page's data request
	// answers all 10 cards and /posts/cards is not asked (ADR 0034, addendum).
	await gotoReady(page, '/')
	const asked = boardReads(page)
	await page.locator('a[href="/posts"]').first().click()
	await expect(page).toHaveURL(/\/posts$/)
	await expect(column.getByTestId('post-card')).toHaveCount(10)
	await expect(column.getByTestId('more-drafts')).toHaveText('Weitere anzeigen (10 von 12)')
	await page.waitForTimeout(300)
	expect(asked).toEqual(['/posts.data'])
})

test('right after hydration the rest of the first page comes from /posts/cards once, also with a bad ?edit', async ({ page, createConfirmedUser, login, services }) => {
	const user = await createConfirmedUser()
	for (let i = 1; i <= 12; i++) await services.content.createDraft(user.id, { platforms: ['linkedin'], content: { base: `Idee Nummer ${i}`, platforms: {} } })
	await login(user)
	const asked = boardReads(page)
	await gotoReady(page, '/posts')
	const column = page.getByTestId('column-drafts')
	await expect(column.getByTestId('post-card')).toHaveCount(10)
	await page.waitForTimeout(300)
	expect(asked).toEqual(['/posts/cards'])

	// A bad `edit` opens nothing and is not passed on (/posts/cards would refuse it): the whole first page comes.
	const again = boardReads(page)
	await gotoReady(page, '/posts?edit=kein-uuid')
	await expect(page.getByTestId('count-drafts')).toHaveText('12')
	await expect(column.getByTestId('post-card')).toHaveCount(10)
	await expect(column.getByTestId('more-drafts')).toHaveText('Weitere anzeigen (10 von 12)')
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await page.waitForTimeout(300)
	expect(again).toEqual(['/posts/cards'])
})

// A submission before the rest of the first page came: React Router reloads the page's data after the
// action. While a route's clientLoader ran on hydration (it asked /posts/cards), the router was not
// initialized and answered that reload without the server: the error page instead of the toast (issue 37).
test("'Jetzt posten' before the rest of the first page came: the toast and the board, no error page", async ({ page, createConfirmedUser, login, services }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'linkedin')
	await services.content.createPost(user.id, { platform: 'linkedin', content: { base: 'Vor den Karten gepostet', platforms: {} }, status: 'draft', timeZone: zurich })
	await login(user)
	// /posts/cards answers only after the page showed how the click ended.
	let release!: () => void
	const held = new Promise<void>((resolve) => (release = resolve))
	await page.route('**/posts/cards*', async (route) => {
		await held
		// The page may have dropped the request meanwhile (newer data came).
		await route.continue().catch(() => undefined)
	})
	await gotoReady(page, '/posts')
	await page.getByTestId('post-card').filter({ hasText: 'Vor den Karten gepostet' }).getByRole('button', { name: 'Jetzt posten' }).click()
	const published = page.getByText('✅ Post erfolgreich veröffentlicht!')
	const errorPage = page.getByRole('heading', { name: 'Ein unerwarteter Fehler ist aufgetreten' })
	await expect(published.or(errorPage)).toBeVisible({ timeout: 20_000 })
	release()
	await expect(errorPage).toHaveCount(0)
	await expect(page.getByTestId('column-published').getByTestId('post-card').filter({ hasText: 'Vor den Karten gepostet' })).toBeVisible()
})

/** The page's requests for the editor's data (/posts/editor-data). */
function editorDataReads(page: Page) {
	const asked: Array<string> = []
	page.on('request', (request) => {
		if (new URL(request.url()).pathname === '/posts/editor-data') asked.push(request.url())
	})
	return asked
}

test("the editor's channel picker and regeneration cost are not in the document: asked once, when an editor with the picker first opens", async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'linkedin')
	const { page_name: pageName } = await db.selectFrom('channels').select('page_name').where('user_id', '=', user.id).where('is_default', '=', true).executeTakeFirstOrThrow()
	// A channel no post goes to: only the picker lists it (the planned post's own channel is named on its card, ADR 0045).
	const { page_name: otherName } = await db.selectFrom('channels').select('page_name').where('user_id', '=', user.id).where('is_default', '=', false).executeTakeFirstOrThrow()
	await services.content.createDraft(user.id, { platforms: ['linkedin'], content: { base: 'Gipfeli frisch aus dem Ofen', platforms: {} } })
	await services.content.createPost(user.id, { platform: 'linkedin', content: { base: 'Zopf am Sonntag', platforms: {} }, status: 'scheduled', scheduledAt: addDays(new Date(), 2), timeZone: zurich })
	const cost = await services.generation.regenerationCost()
	await login(user)
	const asked = editorDataReads(page)
	const response = await gotoReady(page, '/posts')
	// The loader read neither: the document holds no page name and no cost.
	const html = await response!.text()
	expect(html).not.toContain(otherName)
	expect(html).not.toContain('regenerationCost')
	await page.waitForTimeout(300)
	expect(asked).toEqual([])

	// A planned post's editor has the channel picker (its own channel ticked) but no 'Bild neu generieren': asked once.
	await page.getByTestId('post-card').filter({ hasText: 'Zopf am Sonntag' }).getByRole('button', { name: 'Bearbeiten' }).click()
	const postDialog = page.getByRole('dialog', { name: 'Post bearbeiten' })
	await expect(postDialog.getByRole('group', { name: 'LinkedIn' }).getByRole('checkbox', { name: pageName })).toBeChecked()
	await expect(postDialog.getByRole('button', { name: /Bild neu generieren/ })).toHaveCount(0)
	await page.keyboard.press('Escape')
	await expect(page.getByRole('dialog')).toHaveCount(0)
	expect(asked).toHaveLength(1)

	const card = page.getByTestId('post-card').filter({ hasText: 'Gipfeli frisch aus dem Ofen' })
	const dialog = page.getByRole('dialog', { name: 'Entwurf bearbeiten' })
	const picker = dialog.getByRole('group', { name: 'LinkedIn' })
	const regenerate = dialog.getByRole('button', { name: `Bild neu generieren · ${cost} Credits` })
	await card.getByRole('button', { name: 'Bearbeiten' }).click()
	await expect(picker.getByRole('checkbox', { name: pageName })).toBeChecked()
	await expect(picker.getByRole('checkbox', { name: otherName })).not.toBeChecked()
	await expect(regenerate).toBeEnabled()
	expect(asked).toHaveLength(1)

	// Closed and opened again (also after a save, which revalidates the page): nothing is asked again.
	await page.keyboard.press('Escape')
	await expect(dialog).toBeHidden()
	await card.getByRole('button', { name: 'Bearbeiten' }).click()
	await expect(picker.getByRole('checkbox', { name: pageName })).toBeChecked()
	await dialog.getByRole('button', { name: 'Speichern' }).click()
	await expect(dialog).toBeHidden()
	await expect(page.getByText('Entwurf gespeichert').first()).toBeVisible()
	await card.getByRole('button', { name: 'Bearbeiten' }).click()
	await expect(picker.getByRole('checkbox', { name: pageName })).toBeChecked()
	await expect(regenerate).toBeVisible()
	await page.waitForTimeout(300)
	expect(asked).toHaveLength(1)
	// Untouched, the picker changed nothing: the draft still goes to its brand's default channel.
	const draft = await db.selectFrom('drafts').select(['channel_ids', 'platforms']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
	expect(draft).toEqual({ channel_ids: [], platforms: ['linkedin'] })
})

test("a post still in draft (as a CSV import stores them) has the channel picker: the chosen channel is saved on its delivery and shown again", async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'linkedin')
	const pages = await db.selectFrom('channels').select(['id', 'page_name', 'is_default']).where('user_id', '=', user.id).where('platform', '=', 'linkedin').execute()
	const standard = pages.find((p) => p.is_default)!
	const other = pages.find((p) => !p.is_default)!
	const post = await services.content.createPost(user.id, { platform: 'linkedin', content: { base: 'Aus der CSV-Datei', platforms: {} }, status: 'draft', timeZone: zurich, origin: 'csv' })
	await login(user)
	await gotoReady(page, '/posts')

	const card = page.getByTestId('post-card').filter({ hasText: 'Aus der CSV-Datei' })
	const dialog = page.getByRole('dialog', { name: /Post bearbeiten/ })
	const picker = dialog.getByRole('group', { name: 'LinkedIn' })
	await card.getByRole('button', { name: 'Bearbeiten' }).click()
	await expect(picker.getByRole('checkbox', { name: standard.page_name })).toBeChecked()
	await picker.getByRole('checkbox', { name: other.page_name }).click()
	await picker.getByRole('checkbox', { name: standard.page_name }).click()
	await expect(picker.getByRole('checkbox', { name: other.page_name })).toBeChecked()
	await expect(picker.getByRole('checkbox', { name: standard.page_name })).not.toBeChecked()
	await dialog.getByRole('button', { name: 'Speichern' }).click()
	await expect(page.getByText('Post aktualisiert').first()).toBeVisible()
	await expect(dialog).toBeHidden()
	const delivery = await db.selectFrom('post_deliveries').select(['channel_id', 'status']).where('post_id', '=', post.id).executeTakeFirstOrThrow()
	expect(delivery).toEqual({ channel_id: other.id, status: 'pending' })

	// Opened again (the board's data after the save): the chosen channel, not the default.
	await card.getByRole('button', { name: 'Bearbeiten' }).click()
	await expect(picker.getByRole('checkbox', { name: other.page_name })).toBeChecked()
	await expect(picker.getByRole('checkbox', { name: standard.page_name })).not.toBeChecked()
})

test('while the editor data loads the picker and "Bild neu generieren" wait; a failed load says so in German and the next opening asks again', async ({ page, createConfirmedUser, login, services }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'linkedin')
	await services.content.createDraft(user.id, { platforms: ['linkedin'], content: { base: 'Brot vom Vortag', platforms: {} } })
	await login(user)
	let release: () => void = () => {}
	const held = new Promise<void>((resolve) => (release = resolve))
	let answers = 0
	await page.route('**/posts/editor-data', async (route) => {
		answers += 1
		await held
		if (answers === 1) await route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
		else await route.continue()
	})
	await gotoReady(page, '/posts')
	const card = page.getByTestId('post-card').filter({ hasText: 'Brot vom Vortag' })
	const dialog = page.getByRole('dialog', { name: 'Entwurf bearbeiten' })
	await card.getByRole('button', { name: 'Bearbeiten' }).click()
	const picker = dialog.getByTestId('channel-picker')
	await expect(picker.getByRole('status')).toHaveText('Kanäle werden geladen …')
	await expect(picker.getByRole('checkbox')).toHaveCount(0)
	await expect(dialog.getByRole('button', { name: 'Bild neu generieren', exact: true })).toBeDisabled()
	// No connection warning while the channels are not known.
	await expect(dialog.getByTestId('account-not_connected')).toHaveCount(0)
	release()
	await expect(dialog.getByTestId('editor-data-failed')).toHaveText('Fehler beim Laden Die Kanäle und die Kosten für «Bild neu generieren» konnten nicht geladen werden. Öffnen Sie den Editor erneut, um es nochmals zu versuchen.')
	await expect(picker.getByRole('status')).toHaveText('Fehler beim Laden')
	await page.keyboard.press('Escape')
	await card.getByRole('button', { name: 'Bearbeiten' }).click()
	await expect(picker.getByRole('group', { name: 'LinkedIn' }).getByRole('checkbox').first()).toBeEnabled()
	await expect(dialog.getByTestId('editor-data-failed')).toHaveCount(0)
	await expect(dialog.getByRole('button', { name: /^Bild neu generieren · \d+ Credits?$/ })).toBeEnabled()
	expect(answers).toBe(2)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('"Weitere anzeigen" is a plain link: 4 cards, then the 10 loaded, then the next 10', async ({ page, createConfirmedUser, login, services }) => {
		const user = await createConfirmedUser()
		for (let i = 1; i <= 12; i++) await services.content.createDraft(user.id, { platforms: ['linkedin'], content: { base: `Idee Nummer ${i}`, platforms: {} } })
		await login(user)
		await page.goto('/posts')
		const column = page.getByTestId('column-drafts')
		const more = column.getByTestId('more-drafts')
		await expect(column.getByTestId('post-card')).toHaveCount(4)
		await expect(more).toHaveText('Weitere anzeigen (4 von 12)')
		await more.click()
		await expect(page).toHaveURL(/\/posts\?show=10$/)
		await expect(column.getByTestId('post-card')).toHaveCount(10)
		await expect(column.getByTestId('post-card').nth(9)).toContainText('Idee Nummer 3')
		await expect(more).toHaveText('Weitere anzeigen (10 von 12)')
		await more.click()
		await expect(page).toHaveURL(/\/posts\?show=20$/)
		await expect(column.getByTestId('post-card')).toHaveCount(12)
		await expect(column.getByTestId('post-card').last()).toContainText('Idee Nummer 1')
		await expect(more).toHaveCount(0)
	})

	test('a column with fewer posts than a page still reaches its last cards', async ({ page, createConfirmedUser, login, services }) => {
		const user = await createConfirmedUser()
		for (let i = 1; i <= 7; i++) await services.content.createDraft(user.id, { platforms: ['linkedin'], content: { base: `Notiz ${i}`, platforms: {} } })
		await login(user)
		await page.goto('/posts')
		const column = page.getByTestId('column-drafts')
		await expect(column.getByTestId('post-card')).toHaveCount(4)
		await column.getByTestId('more-drafts').getByText('Weitere anzeigen (4 von 7)').click()
		await expect(column.getByTestId('post-card')).toHaveCount(7)
		await expect(column.getByTestId('post-card').last()).toContainText('Notiz 1')
		await expect(column.getByTestId('more-drafts')).toHaveCount(0)
	})
})
