// 'Konten verwalten' against the built-in sandbox network (every platform runs in 'Testmodus' here):
// the popup flow, the page picker, disconnecting, a cancelled consent, the full-page fallback.
import type { Page } from '@playwright/test'
import type { Kysely } from 'kysely'
import { platformModules } from '#adapters/platforms/index.ts'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import type { DB } from '#modules/core/db.server.ts'

const names = { linkedin: 'LinkedIn', facebook: 'Facebook', instagram: 'Instagram', threads: 'Threads' } as const
type Platform = keyof typeof names

/** Opens the connect dialog of a platform, starts the flow and returns the popup with the consent page. */
async function openConsent(page: Page, platform: Platform) {
	await page.getByTestId(`platform-${platform}`).getByRole('button', { name: 'Verbinden' }).click()
	const dialog = page.getByRole('dialog', { name: `${names[platform]} verbinden` })
	await expect(dialog.getByText(`Ein Fenster von ${names[platform]} öffnet sich.`)).toBeVisible()
	const popupOpened = page.waitForEvent('popup')
	await dialog.getByRole('button', { name: `Mit ${names[platform]} verbinden` }).click()
	const popup = await popupOpened
	await expect(dialog.getByText('Verbindung wird hergestellt …')).toBeVisible()
	await popup.getByRole('button', { name: 'Zulassen' }).waitFor()
	return { dialog, popup }
}

async function connect(page: Page, platform: Platform) {
	const { dialog, popup } = await openConsent(page, platform)
	await popup.getByRole('button', { name: 'Zulassen' }).click()
	// The callback exchanges the code and lists the pages against the sandbox: allow for a loaded CI machine.
	await expect(dialog.getByText(`${names[platform]} wurde erfolgreich verbunden.`)).toBeVisible({ timeout: 15_000 })
	await expect.poll(() => popup.isClosed(), { timeout: 10_000 }).toBe(true)
	// The success state closes itself after 2 s.
	await expect(dialog).toBeHidden({ timeout: 5_000 })
	await expect(page.getByTestId(`platform-${platform}`).getByTestId('connection-status')).toHaveText('Verbunden')
}

async function defaultPages(db: Kysely<DB>, userId: string, platform: Platform) {
	return db.selectFrom('channels').select(['id', 'page_name']).where('user_id', '=', userId).where('platform', '=', platform).where('is_default', '=', true).execute()
}

test('connect LinkedIn through the popup, tokens sealed, then pick another default page', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/accounts')
	await expect(page.getByRole('heading', { name: 'Konten verwalten' })).toBeVisible()
	await expect(page.getByText('Noch keine Konten verbunden.', { exact: false })).toBeVisible()
	await expect(page.getByTestId('sandbox-note')).toContainText('Testmodus: Posts landen im Sandbox-Netzwerk')
	await expect(page.getByTestId('sandbox-note').getByRole('link', { name: 'Sandbox-Feed öffnen' })).toHaveAttribute('href', '/sandbox')
	for (const platform of Object.keys(names) as Array<Platform>) {
		await expect(page.getByTestId(`platform-${platform}`).getByTestId('connection-status')).toHaveText('Nicht verbunden')
	}

	await connect(page, 'linkedin')
	await expect(page.getByText('Erfolg').first()).toBeVisible()
	const card = page.getByTestId('platform-linkedin')
	await expect(card.getByTestId('account-name')).toHaveText('Konto: Max Muster')
	await expect(card.getByText('Testmodus')).toBeVisible()
	await expect(card.getByTestId('page-option')).toHaveCount(2)
	await expect(card.getByText('Unternehmensseite', { exact: false })).toBeVisible()
	await expect(card.getByText('Persönliches Profil', { exact: false })).toBeVisible()

	const token = await db.selectFrom('social_tokens').select(['access_token_encrypted', 'sandbox', 'status']).where('user_id', '=', user.id).where('platform', '=', 'linkedin').executeTakeFirstOrThrow()
	expect(token.access_token_encrypted.startsWith('v1:')).toBe(true)
	expect(token.access_token_encrypted).not.toContain('sbx.')
	expect(token).toMatchObject({ sandbox: true, status: 'active' })
	const [firstDefault, ...others] = await defaultPages(db, user.id, 'linkedin')
	expect(others).toHaveLength(0)
	await expect(card.getByRole('radio', { checked: true })).toHaveAccessibleName(new RegExp(firstDefault!.page_name))

	const otherPage = await db.selectFrom('channels').select(['id', 'page_name']).where('user_id', '=', user.id).where('platform', '=', 'linkedin').where('is_default', '=', false).executeTakeFirstOrThrow()
	const other = card.getByRole('radio', { name: new RegExp(otherPage.page_name) })
	await other.click()
	await expect(page.getByText('Standard-Seite gesetzt')).toBeVisible()
	await expect(other).toBeChecked()
	await expect(card.getByRole('radio', { checked: true })).toHaveCount(1)
	expect(await defaultPages(db, user.id, 'linkedin')).toEqual([otherPage])

	await page.getByRole('button', { name: 'Follower-Zahlen aktualisieren' }).click()
	await expect(page.getByText('Follower-Zahlen aktualisiert')).toBeVisible()
})

test('connect all four platforms', async ({ page, createConfirmedUser, login, db }) => {
	test.setTimeout(60_000)
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/accounts')
	for (const platform of ['linkedin', 'facebook', 'instagram', 'threads'] as const) await connect(page, platform)

	await expect(page.getByText('Noch keine Konten verbunden.', { exact: false })).toBeHidden()
	const tokens = await db.selectFrom('social_tokens').select(['platform', 'access_token_encrypted']).where('user_id', '=', user.id).execute()
	expect(tokens.map((t) => t.platform).sort()).toEqual(['facebook', 'instagram', 'linkedin', 'threads'])
	for (const t of tokens) expect(t.access_token_encrypted.startsWith('v1:')).toBe(true)
	for (const platform of Object.keys(names) as Array<Platform>) {
		expect(await defaultPages(db, user.id, platform), platform).toHaveLength(1)
		await expect(page.getByTestId(`platform-${platform}`).getByTestId('page-option').first()).toBeVisible()
	}
	// Facebook pages carry their follower counts.
	await expect(page.getByTestId('platform-facebook').getByText(/Follower/).first()).toBeVisible()
})

test('disconnect asks first, then removes the connection', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/accounts')
	await connect(page, 'threads')
	const card = page.getByTestId('platform-threads')

	await card.getByRole('button', { name: 'Trennen' }).click()
	const confirm = page.getByRole('alertdialog', { name: 'Threads trennen?' })
	await confirm.getByRole('button', { name: 'Abbrechen' }).click()
	await expect(confirm).toBeHidden()
	await expect(card.getByTestId('connection-status')).toHaveText('Verbunden')

	await card.getByRole('button', { name: 'Trennen' }).click()
	await confirm.getByRole('button', { name: 'Trennen' }).click()
	await expect(page.getByText(/^Threads-Konto .+ wurde getrennt\.$/)).toBeVisible()
	await expect(card.getByTestId('connection-status')).toHaveText('Nicht verbunden')
	await expect(card.getByRole('button', { name: 'Verbinden' })).toBeVisible()
	expect(await db.selectFrom('social_tokens').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0)
	expect(await db.selectFrom('channels').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0)
})

test('cancelling on the consent page goes back to the instructions with "Verbindung fehlgeschlagen"', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/accounts')
	const { dialog, popup } = await openConsent(page, 'linkedin')
	await popup.getByRole('button', { name: 'Abbrechen' }).click()
	await expect(dialog.getByText('Verbindung fehlgeschlagen')).toBeVisible()
	await expect(dialog.getByText('Die Anmeldung wurde abgebrochen.')).toBeVisible()
	await expect(dialog.getByRole('button', { name: 'Mit LinkedIn verbinden' })).toBeVisible()
	await expect.poll(() => popup.isClosed()).toBe(true)
	expect(await db.selectFrom('social_tokens').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0)
})

// The popup must stay attached to the page while it shows the provider's pages: with
// Cross-Origin-Opener-Policy 'same-origin' on the app the browser cuts the popup off at the first
// page of another policy, the page sees it as closed and gives up after 3 s.
test('the popup stays attached while the user takes time on the consent page', async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/accounts')
	const { dialog, popup } = await openConsent(page, 'linkedin')
	await page.waitForTimeout(4_000)
	await expect(dialog.getByText('Verbindung wird hergestellt …')).toBeVisible()
	await popup.getByRole('button', { name: 'Zulassen' }).click()
	await expect(dialog.getByText('LinkedIn wurde erfolgreich verbunden.')).toBeVisible()
	await expect(page.getByText('Verbindung fehlgeschlagen')).toHaveCount(0)
})

test('closing the popup without consent: checked after 2 s, back to the instructions', async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/accounts')
	const { dialog, popup } = await openConsent(page, 'facebook')
	await popup.close()
	await expect(dialog.getByText('Das Fenster wurde geschlossen, bevor die Verbindung bestätigt war.')).toBeVisible({ timeout: 8_000 })
	await expect(page.getByTestId('platform-facebook').getByTestId('connection-status')).toHaveText('Nicht verbunden')
})

test('the popup gives up after 5 minutes with "OAuth Timeout"', async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await page.clock.install()
	await gotoReady(page, '/accounts')
	const { dialog, popup } = await openConsent(page, 'threads')
	await page.clock.fastForward('05:01')
	await expect(page.getByText('OAuth Timeout').first()).toBeVisible()
	await expect(dialog.getByRole('button', { name: 'Mit Threads verbinden' })).toBeVisible()
	await expect.poll(() => popup.isClosed()).toBe(true)
})

test('a blocked popup falls back to the full page and returns with ?connected=', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await page.addInitScript(() => {
		window.open = () => null
	})
	await gotoReady(page, '/accounts')
	await page.getByTestId('platform-linkedin').getByRole('button', { name: 'Verbinden' }).click()
	await page.getByRole('button', { name: 'Mit LinkedIn verbinden' }).click()
	await page.getByRole('button', { name: 'Zulassen' }).click()
	// Three full page loads (consent, callback, /accounts?connected=) before the success dialog shows; it closes
	// 2 s after it came (spec), so it is looked for first, then the address without the query.
	await expect(page.getByRole('dialog').getByText('LinkedIn wurde erfolgreich verbunden.')).toBeVisible({ timeout: 15_000 })
	await expect(page).toHaveURL(/\/accounts$/, { timeout: 15_000 })
	await expect(page.getByTestId('platform-linkedin').getByTestId('connection-status')).toHaveText('Verbunden')
	expect(await defaultPages(db, user.id, 'linkedin')).toHaveLength(1)
})

test('a reconnect-needed account shows the reason and reconnects through the popup', async ({ page, createConfirmedUser, login, db }) => {
	// Two OAuth popup flows (connect, then reconnect): each took 10-15 s on a loaded machine.
	test.setTimeout(60_000)
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/accounts')
	await connect(page, 'linkedin')
	const reason = 'Die Verbindung ist abgelaufen. Bitte verbinden Sie das Konto erneut.'
	await db.updateTable('social_tokens').set({ status: 'reconnect_required', reconnect_reason: reason }).where('user_id', '=', user.id).execute()
	await gotoReady(page, '/accounts')
	const card = page.getByTestId('platform-linkedin')
	await expect(card.getByTestId('connection-status')).toHaveText('Verbindung erneuern')
	await expect(card.getByText(reason)).toBeVisible()

	await card.getByRole('button', { name: 'Verbindung erneuern' }).click()
	const dialog = page.getByRole('dialog', { name: 'LinkedIn verbinden' })
	const popupOpened = page.waitForEvent('popup')
	await dialog.getByRole('button', { name: 'Mit LinkedIn verbinden' }).click()
	const popup = await popupOpened
	await popup.getByRole('button', { name: 'Zulassen' }).click()
	// As in connect(): the consent page, the callback and the message back to the dialog.
	await expect(dialog.getByText('LinkedIn wurde erfolgreich verbunden.')).toBeVisible({ timeout: 15_000 })
	await expect(card.getByTestId('connection-status')).toHaveText('Verbunden')
	const token = await db.selectFrom('social_tokens').select(['status', 'reconnect_reason']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
	expect(token).toEqual({ status: 'active', reconnect_reason: null })
})

test('the callback page explains an expired or foreign state, and unknown platforms are 404', async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/accounts/callback/linkedin?code=abc&state=not-issued')
	await expect(page.getByRole('heading', { name: 'Verbindung fehlgeschlagen' })).toBeVisible()
	await expect(page.getByText('Die Anfrage ist abgelaufen. Bitte versuchen Sie es erneut.')).toBeVisible()
	await expect(page.getByRole('navigation')).toHaveCount(0)
	await page.getByRole('link', { name: 'Zurück zu Konten verwalten' }).click()
	await expect(page).toHaveURL(/\/accounts$/)

	const response = await page.goto('/accounts/callback/myspace?code=abc&state=x')
	expect(response?.status()).toBe(404)
})

test('signed out, the accounts page and the callback send the visitor to the login', async ({ page }) => {
	await page.goto('/accounts')
	await expect(page).toHaveURL(/\/auth\?redirectTo=%2Faccounts/)
	await page.goto('/accounts/callback/linkedin?code=a&state=b')
	await expect(page).toHaveURL(/\/auth\?redirectTo=/)
})

test('one card per registered platform in the registry order, each mark in its brand colour from the descriptor', async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/accounts')
	const cards = page.locator('[data-testid^="platform-"]:has(.platform-mark)')
	await expect(cards).toHaveCount(platformModules.length)
	expect(await cards.evaluateAll((list) => list.map((card) => card.getAttribute('data-testid')))).toEqual(platformModules.map((m) => `platform-${m.platform}`))
	const background = (platform: Platform) => page.locator(`.platform-mark[data-platform="${platform}"]`).first().evaluate((mark) => getComputedStyle(mark).backgroundImage + getComputedStyle(mark).backgroundColor)
	expect(await background('linkedin')).toContain('rgb(10, 102, 194)')
	expect(await background('facebook')).toContain('rgb(24, 119, 242)')
	expect(await background('threads')).toContain('rgb(16, 16, 16)')
	expect(await background('instagram')).toContain('linear-gradient')
	await expect(page.locator('.platform-mark[data-platform="linkedin"]').first()).toHaveText('in')
})
