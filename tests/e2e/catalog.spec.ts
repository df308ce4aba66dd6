import type { Locator, Page } from '@playwright/test'
import type { Kysely } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

// The model gallery (/test-models) and the model test (/model-test), offline: every provider runs
// on the local one ('Testmodus'), charged in credits on the server.

async function balanceOf(db: Kysely<DB>, userId: string) {
	const row = await db.selectFrom('profiles').select('credits_remaining').where('id', '=', userId).executeTakeFirstOrThrow()
	return row.credits_remaining
}

async function setBalance(db: Kysely<DB>, userId: string, credits: number) {
	await db.updateTable('profiles').set({ credits_remaining: credits }).where('id', '=', userId).execute()
}

/** The user's likes plus favourites: the buttons answer at once, a reload must wait for the requests. */
async function marks(db: Kysely<DB>, userId: string) {
	const likes = await db.selectFrom('user_model_likes').select('id').where('user_id', '=', userId).execute()
	const favourites = await db.selectFrom('user_model_favorites').select('id').where('user_id', '=', userId).execute()
	return likes.length + favourites.length
}

function toastWith(page: Page, title: string, description?: string) {
	let toast = page.locator('[data-sonner-toast]').filter({ hasText: title })
	if (description) toast = toast.filter({ hasText: description })
	return toast.first()
}

/** The seeded models' order (models another spec creates for a moment, e.g. admin-models, are named e2e-*). */
function cardOrder(page: Page) {
	return page.getByTestId('model-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-model-id')).filter((id) => !id?.startsWith('e2e-')))
}

function card(page: Page, modelId: string): Locator {
	return page.locator(`[data-testid="model-card"][data-model-id="${modelId}"]`)
}

async function sortBy(page: Page, label: string, value: string) {
	// A native select: its value is in the server's HTML.
	await page.getByRole('combobox', { name: 'Sortieren nach' }).selectOption({ label })
	await expect(page.getByRole('combobox', { name: 'Sortieren nach' })).toHaveValue(value)
	await expect(page).toHaveURL(new RegExp(`sort=${value}`))
}

async function optionsOf(page: Page, label: string) {
	await page.getByRole('combobox', { name: label, exact: true }).click()
	const options = await page.getByRole('option').allTextContents()
	await page.keyboard.press('Escape')
	return options
}

test('gallery: the tabs, every sort order, and favourites always first', async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/test-models')
	await expect(page.getByRole('heading', { name: 'KI Modelle', exact: true })).toBeVisible()
	await expect(page.getByRole('tab', { name: 'Sprache' })).toHaveAttribute('aria-selected', 'true')
	await expect.poll(() => cardOrder(page)).toEqual(['gpt-5-2025-08-07', 'gpt-5-mini-2025-08-07', 'gpt-4.1', 'gpt-4o', 'gpt-4o-mini', 'gpt-4.1-mini'])
	await expect(page.getByTestId('credit-balance')).toHaveAttribute('data-balance', '50')
	await expect(page.getByTestId('credit-balance').getByRole('link', { name: 'Credits kaufen' })).toHaveAttribute('href', '/pricing')

	await page.getByRole('tab', { name: 'Bild' }).click()
	await expect(page).toHaveURL(/tab=image/)
	await expect.poll(() => cardOrder(page)).toEqual(['flux-1.1-pro', 'ideogram-v3-turbo', 'flux-1.1-pro-ultra', 'gpt-image-1', 'flux-schnell', 'flux-dev'])
	// At most three features, then '+n weitere'; the recommendation level as a label.
	await expect(card(page, 'flux-1.1-pro').getByTestId('model-level')).toHaveText('Featured')
	await expect(card(page, 'ideogram-v3-turbo').getByTestId('model-level')).toHaveText('Empfohlen')
	await expect(card(page, 'flux-1.1-pro').getByTestId('model-cost')).toHaveText('5 Credits')

	await sortBy(page, 'Günstigste zuerst', 'credits_asc')
	await expect.poll(() => cardOrder(page)).toEqual(['flux-schnell', 'flux-dev', 'ideogram-v3-turbo', 'flux-1.1-pro', 'gpt-image-1', 'flux-1.1-pro-ultra'])

	// The most expensive model as a favourite: first, whatever the sort.
	await card(page, 'flux-1.1-pro-ultra').getByRole('button', { name: 'Als Favorit markieren' }).click()
	await expect.poll(() => cardOrder(page)).toEqual(['flux-1.1-pro-ultra', 'flux-schnell', 'flux-dev', 'ideogram-v3-turbo', 'flux-1.1-pro', 'gpt-image-1'])
	await sortBy(page, 'Teuerste zuerst', 'credits_desc')
	await expect.poll(() => cardOrder(page)).toEqual(['flux-1.1-pro-ultra', 'gpt-image-1', 'flux-1.1-pro', 'flux-dev', 'ideogram-v3-turbo', 'flux-schnell'])
	await sortBy(page, 'Empfehlung', 'recommendation')
	await expect.poll(() => cardOrder(page)).toEqual(['flux-1.1-pro-ultra', 'flux-1.1-pro', 'ideogram-v3-turbo', 'gpt-image-1', 'flux-schnell', 'flux-dev'])
	await card(page, 'gpt-image-1').getByRole('button', { name: /^Gefällt mir – \d+ Likes?$/ }).click()
	await expect(card(page, 'gpt-image-1').getByRole('button', { name: /^Gefällt mir nicht mehr – \d+ Likes?$/ })).toBeVisible()
	await sortBy(page, 'Meiste Likes', 'likes_desc')
	await expect.poll(async () => (await cardOrder(page)).slice(0, 2)).toEqual(['flux-1.1-pro-ultra', 'gpt-image-1'])
	await sortBy(page, 'Favoriten', 'favorites')
	await expect.poll(async () => (await cardOrder(page))[0]).toBe('flux-1.1-pro-ultra')
	await sortBy(page, 'Standard', 'default')
	await expect.poll(() => cardOrder(page)).toEqual(['flux-1.1-pro-ultra', 'flux-1.1-pro', 'ideogram-v3-turbo', 'gpt-image-1', 'flux-schnell', 'flux-dev'])

	await page.getByRole('tab', { name: 'Video' }).click()
	await expect(page).toHaveURL(/tab=video/)
	await expect.poll(() => cardOrder(page)).toEqual(['seedance-1-pro', 'veo-3-fast', 'kling-v2.1', 'seedance-1-lite', 'wan-2.2-t2v-fast'])
	await expect(card(page, 'seedance-1-pro').getByTestId('model-cost')).toHaveText('ab 1 Credit/Sek.')
})

test('like and favourite persist across reloads', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/test-models?tab=language')
	const gpt4o = card(page, 'gpt-4o')
	const before = Number(await gpt4o.getByTestId('like-count').textContent())
	await gpt4o.getByRole('button', { name: /^Gefällt mir – \d+ Likes?$/ }).click()
	await expect(gpt4o.getByRole('button', { name: /^Gefällt mir nicht mehr – \d+ Likes?$/ })).toHaveAttribute('aria-pressed', 'true')
	await expect(gpt4o.getByTestId('like-count')).toHaveText(String(before + 1))
	await gpt4o.getByRole('button', { name: 'Als Favorit markieren' }).click()
	await expect(gpt4o.getByRole('button', { name: 'Aus den Favoriten entfernen' })).toHaveAttribute('aria-pressed', 'true')
	await expect.poll(async () => (await cardOrder(page))[0]).toBe('gpt-4o')
	await expect.poll(() => marks(db, user.id)).toBe(2)

	await page.reload()
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	await expect.poll(async () => (await cardOrder(page))[0]).toBe('gpt-4o')
	await expect(gpt4o.getByRole('button', { name: /^Gefällt mir nicht mehr – \d+ Likes?$/ })).toHaveAttribute('aria-pressed', 'true')
	await expect(gpt4o.getByRole('button', { name: 'Aus den Favoriten entfernen' })).toHaveAttribute('aria-pressed', 'true')
	await expect(gpt4o.getByTestId('like-count')).toHaveText(String(before + 1))
	const rows = await db.selectFrom('user_model_likes').innerJoin('ai_models', 'ai_models.id', 'user_model_likes.model_id').select('ai_models.model_id').where('user_id', '=', user.id).execute()
	expect(rows).toEqual([{ model_id: 'gpt-4o' }])

	await gpt4o.getByRole('button', { name: /^Gefällt mir nicht mehr – \d+ Likes?$/ }).click()
	await gpt4o.getByRole('button', { name: 'Aus den Favoriten entfernen' }).click()
	await expect(gpt4o.getByRole('button', { name: 'Als Favorit markieren' })).toBeVisible()
	await expect.poll(() => marks(db, user.id)).toBe(0)
	await page.reload()
	await expect(gpt4o.getByRole('button', { name: /^Gefällt mir – \d+ Likes?$/ })).toHaveAttribute('aria-pressed', 'false')
	await expect(gpt4o.getByTestId('like-count')).toHaveText(String(before))
	await expect.poll(async () => (await cardOrder(page))[0]).toBe('gpt-5-2025-08-07')
})

test('compare two image models: two images, charged on the server; "Jetzt posten" opens the creator', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await setBalance(db, user.id, 40)
	await login(user)
	await gotoReady(page, '/test-models?tab=image')

	// No selection: the spec's message. A selection is cleared when the tab changes.
	await page.getByRole('button', { name: 'Vergleichen', exact: true }).click()
	await expect(toastWith(page, 'Bitte wählen Sie mindestens ein Modell aus.')).toBeVisible()
	await card(page, 'flux-dev').getByRole('checkbox').click()
	await expect(page.getByRole('button', { name: 'Vergleichen (1)' })).toBeVisible()
	await page.getByRole('tab', { name: 'Video' }).click()
	await expect(page.getByRole('button', { name: 'Vergleichen', exact: true })).toBeVisible()
	// Wait for each tab's cards: a click on a card of a tab still loading lands on a card about to be replaced.
	await expect(card(page, 'seedance-1-pro')).toBeVisible()
	await page.getByRole('tab', { name: 'Bild' }).click()
	await expect(page).toHaveURL(/tab=image/)
	await expect(card(page, 'seedance-1-pro')).toHaveCount(0)
	await expect(card(page, 'flux-dev').getByRole('checkbox')).toHaveAttribute('aria-checked', 'false')

	await card(page, 'flux-schnell').getByRole('checkbox').click()
	await expect(page.getByRole('button', { name: 'Vergleichen (1)' })).toBeVisible()
	await card(page, 'flux-dev').getByRole('checkbox').click()
	await page.getByRole('button', { name: 'Vergleichen (2)' }).click()
	await expect(page).toHaveURL(/\/model-test\?models=flux-schnell%2Cflux-dev&mode=compare&category=image$/)
	await expect(page.getByRole('heading', { name: 'Modell-Vergleich' })).toBeVisible()
	await expect(page.getByTestId('test-cost')).toHaveAttribute('data-cost', '6')

	await page.getByRole('button', { name: 'Alle generieren' }).click()
	await expect(toastWith(page, 'Prompt erforderlich', 'Bitte geben Sie einen Prompt ein.')).toBeVisible()
	await page.getByLabel('Prompt', { exact: true }).fill('Ein Leuchtturm im Nebel')
	await page.getByRole('button', { name: 'Alle generieren' }).click()

	const results = page.getByTestId('test-result')
	await expect(results).toHaveCount(2)
	await expect(page.getByRole('img', { name: 'Ergebnis von FLUX.1 [schnell]' })).toBeVisible({ timeout: 20_000 })
	await expect(page.getByRole('img', { name: 'Ergebnis von FLUX.1 [dev]' })).toBeVisible({ timeout: 20_000 })
	await expect(toastWith(page, 'Generierung erfolgreich!')).toBeVisible()
	expect(await balanceOf(db, user.id)).toBe(34)
	await expect(page.getByTestId('credit-balance')).toHaveAttribute('data-balance', '34')
	const ledger = await db.selectFrom('credit_transactions').select(['credits_amount', 'transaction_type']).where('user_id', '=', user.id).where('credits_amount', '<', 0).orderBy('transaction_type').execute()
	expect(ledger).toEqual([
		{ credits_amount: -4, transaction_type: 'Model Test: FLUX.1 [dev]' },
		{ credits_amount: -2, transaction_type: 'Model Test: FLUX.1 [schnell]' },
	])
	const logs = await db.selectFrom('activity_logs').select(['log_type', 'status']).where('user_id', '=', user.id).where('log_type', '=', 'model_test').execute()
	expect(logs).toHaveLength(2)

	const src = await page.getByRole('img', { name: 'Ergebnis von FLUX.1 [schnell]' }).getAttribute('src')
	expect(src).toMatch(/^\/media\/images\/[0-9a-f-]+\.jpg$/)
	const postNow = page.getByTestId('test-result').filter({ hasText: 'FLUX.1 [schnell]' }).getByRole('link', { name: 'Jetzt posten' })
	const href = new URL((await postNow.getAttribute('href'))!, 'http://x')
	expect(href.pathname).toBe('/create')
	expect(Object.fromEntries(href.searchParams)).toEqual({ fromModelTest: 'true', imageUrl: src, prompt: 'Ein Leuchtturm im Nebel', modelName: 'FLUX.1 [schnell]' })
	await postNow.click()
	await expect(page).toHaveURL(/\/create(\?|$)/)
	await expect(toastWith(page, 'Bild und Prompt übernommen!')).toBeVisible()
})

test('a video test offers only the settings all selected models share, with the cost per second', async ({ page, createConfirmedUser, login, db }) => {
	test.setTimeout(120_000)
	const user = await createConfirmedUser()
	await setBalance(db, user.id, 100)
	// Video is part of the Pro plan.
	await db.updateTable('profiles').set({ subscription_type: 'pro', subscription_tier: 'pro', plan: 'pro' }).where('id', '=', user.id).execute()
	await login(user)

	// Seedance offers 5 and 10 seconds, Veo only 8: nothing in common, and no cost figure.
	await gotoReady(page, '/model-test?models=seedance-1-pro,veo-3-fast&mode=compare&category=video')
	await expect(page.getByText('Die ausgewählten Modelle haben keine gemeinsamen Video-Einstellungen.')).toBeVisible()
	await expect(page.getByTestId('test-cost')).toHaveText('Keine Kosten: keine gemeinsamen Einstellungen')
	await expect(page.getByRole('button', { name: 'Alle generieren' })).toBeDisabled()

	await gotoReady(page, '/model-test?models=seedance-1-pro,wan-2.2-t2v-fast&mode=compare&category=video')
	// Shared: 16:9 and 9:16, 480p and 720p, 5 s; the defaults 16:9 and 5 s, 720p as 1080p is not shared.
	expect(await optionsOf(page, 'Format')).toEqual(['16:9', '9:16'])
	expect(await optionsOf(page, 'Auflösung')).toEqual(['480p', '720p'])
	expect(await optionsOf(page, 'Dauer')).toEqual(['5 s'])
	await expect(page.getByRole('combobox', { name: 'Format', exact: true })).toHaveText('16:9')
	await expect(page.getByRole('combobox', { name: 'Auflösung', exact: true })).toHaveText('720p')
	// 720p: 2 credits/s (Seedance) + 1 credit/s (Wan), 5 seconds.
	await expect(page.getByTestId('test-cost')).toHaveAttribute('data-cost', '15')
	await page.getByRole('combobox', { name: 'Auflösung', exact: true }).click()
	await page.getByRole('option', { name: '480p' }).click()
	// 480p: 1 credit/s × 5 = 5, 0.5 credits/s × 5 = 2.5, rounded up to 3 (and the page says so).
	await expect(page.getByTestId('test-cost')).toHaveAttribute('data-cost', '8')
	await expect(page.getByTestId('test-cost')).toHaveText('8 Credits (7.5 aufgerundet)')
	await expect(page.getByText('Wan 2.2 Fast: 3 Credits (2.5 aufgerundet)')).toBeVisible()

	await page.getByLabel('Prompt', { exact: true }).fill('Ein Zug fährt durch die verschneiten Alpen')
	await page.getByRole('button', { name: 'Alle generieren' }).click()
	const results = page.getByTestId('test-result')
	await expect(results).toHaveCount(2)
	expect(await balanceOf(db, user.id)).toBe(92)
	const ledger = await db.selectFrom('credit_transactions').select(['credits_amount', 'transaction_type']).where('user_id', '=', user.id).where('credits_amount', '<', 0).orderBy('transaction_type').execute()
	expect(ledger).toEqual([
		{ credits_amount: -5, transaction_type: 'Model Test: Seedance 1 Pro (480p, 5s)' },
		{ credits_amount: -3, transaction_type: 'Model Test: Wan 2.2 Fast (480p, 5s)' },
	])

	// The worker renders the clips (offline: the local video renderer) and the page shows them as they finish.
	await expect(page.locator('[data-testid="test-result"][data-status="succeeded"]')).toHaveCount(2, { timeout: 90_000 })
	for (const name of ['Seedance 1 Pro', 'Wan 2.2 Fast']) {
		await expect(page.getByLabel(`Video von ${name}`)).toHaveAttribute('src', /^\/media\/videos\/[0-9a-f-]+\.mp4$/)
	}
	await expect(toastWith(page, 'Generierung erfolgreich!')).toBeVisible()
	expect(await balanceOf(db, user.id)).toBe(92)
	const video = await page.request.get((await page.getByLabel('Video von Wan 2.2 Fast').getAttribute('src'))!)
	expect(video.headers()['content-type']).toContain('video/mp4')
})

test('insufficient credits: "Testen" disabled on the card, the spec message and no generate on the test page', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await setBalance(db, user.id, 3)
	await login(user)
	await gotoReady(page, '/test-models?tab=image')
	await expect(card(page, 'flux-1.1-pro').getByRole('button', { name: 'FLUX1.1 [pro] testen' })).toBeDisabled()
	await expect(card(page, 'flux-schnell').getByRole('link', { name: 'FLUX.1 [schnell] testen' })).toHaveAttribute('href', '/model-test?models=flux-schnell&mode=single&category=image')

	await gotoReady(page, '/model-test?models=flux-1.1-pro&mode=single&category=image')
	await expect(page.getByRole('heading', { name: 'Modell-Test' })).toBeVisible()
	await expect(page.getByTestId('insufficient-credits')).toContainText('Nicht genügend Credits')
	await expect(page.getByTestId('insufficient-credits')).toContainText('Sie benötigen 5 Credits für diesen Test.')
	await expect(page.getByRole('button', { name: 'Generieren' })).toBeDisabled()

	await gotoReady(page, '/model-test?models=flux-schnell,flux-dev&mode=compare&category=image')
	await expect(page.getByTestId('insufficient-credits')).toContainText('Sie benötigen 6 Credits für alle Tests.')
	await expect(page.getByRole('button', { name: 'Alle generieren' })).toBeDisabled()
	expect(await balanceOf(db, user.id)).toBe(3)
})
