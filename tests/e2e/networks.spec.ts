// Bluesky (handle + app password) and Mastodon (instance + OAuth popup) as plugins, in the built-in
// sandbox: connecting both with German messages for bad input, and one post for all six networks
// from the creator with per-network texts and counters, published now and scheduled.
import type { Locator, Page } from '@playwright/test'
import { BLUESKY_SANDBOX } from '#adapters/platforms/bluesky/sandbox.ts'
import { platformModules } from '#adapters/platforms/index.ts'
import type { Services } from '#modules/services.ts'
import { connectPlatform, expect, gotoReady, SANDBOX_APP_PASSWORD, test, type TestUser } from '#tests/e2e/fixtures.ts'
import { networkTarget } from '#tests/e2e/creator-targets.ts'
import { makeJobsDue } from '#tests/support/jobs.ts'

/** An app password of the right format that the Bluesky sandbox refuses. */
const WRONG_APP_PASSWORD = BLUESKY_SANDBOX.wrongAppPassword

const names = platformModules.map((m) => m.descriptor.name)

function connectDialog(page: Page, name: string) {
	return page.getByRole('dialog', { name: `${name} verbinden` })
}

async function openConnect(page: Page, platform: string, name: string) {
	await page.getByTestId(`platform-${platform}`).getByRole('button', { name: 'Verbinden' }).click()
	return connectDialog(page, name)
}

/** Starts the instance flow; a refused instance answers in the dialog (the popup closes again). */
async function startOnInstance(page: Page, dialog: Locator, instance: string) {
	await dialog.getByLabel('Ihre Instanz').fill(instance)
	const popup = page.waitForEvent('popup')
	await dialog.getByRole('button', { name: 'Mit Mastodon verbinden' }).click()
	return popup
}

test('connect Mastodon on an instance and Bluesky with an app password; bad input gets a German reason and stores nothing', async ({ page, createConfirmedUser, login, db }) => {
	test.setTimeout(90_000)
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/accounts')

	// Mastodon: the instance first, then the consent popup of that instance.
	const mastodon = await openConnect(page, 'mastodon', 'Mastodon')
	await expect(mastodon.getByText('Geben Sie an, auf welcher Instanz Ihr Mastodon-Konto liegt.')).toBeVisible()
	await startOnInstance(page, mastodon, '127.0.0.1')
	await expect(mastodon.getByRole('alert')).toContainText('Diese Adresse ist nicht erlaubt')
	await startOnInstance(page, mastodon, 'gibt-es-nicht.invalid')
	await expect(mastodon.getByRole('alert')).toContainText('Unter dieser Adresse wurde kein Mastodon-Server gefunden.')
	// Nothing registered on a refused instance (other tests share the database and its sandbox instances).
	expect(await db.selectFrom('platform_clients').select('id').where('server', 'in', ['https://127.0.0.1', 'https://gibt-es-nicht.invalid']).execute()).toHaveLength(0)

	const popup = await startOnInstance(page, mastodon, 'https://mastodon.social/')
	await popup.getByRole('button', { name: 'Zulassen' }).click()
	await expect(mastodon.getByText('Mastodon wurde erfolgreich verbunden.')).toBeVisible({ timeout: 15_000 })
	await expect(mastodon).toBeHidden({ timeout: 5_000 })
	await expect(page.getByTestId('platform-mastodon').getByTestId('connection-status')).toHaveText('Verbunden')
	const mastodonToken = await db.selectFrom('social_tokens').select(['server', 'sandbox', 'access_token_encrypted']).where('user_id', '=', user.id).where('platform', '=', 'mastodon').executeTakeFirstOrThrow()
	expect(mastodonToken).toMatchObject({ server: 'https://mastodon.social', sandbox: true })
	expect(mastodonToken.access_token_encrypted.startsWith('v1:')).toBe(true)

	// Bluesky: handle and app password in the dialog, no popup.
	const bluesky = await openConnect(page, 'bluesky', 'Bluesky')
	const signIn = async (handle: string, password: string) => {
		await bluesky.getByLabel('Handle').fill(handle)
		await bluesky.getByLabel('App-Passwort').fill(password)
		await bluesky.getByRole('button', { name: 'Anmelden und verbinden' }).click()
	}
	await signIn('paula.invalid', SANDBOX_APP_PASSWORD)
	await expect(bluesky.getByRole('alert')).toContainText('Dieses Handle wurde nicht gefunden.')
	await signIn('paula.bsky.social', 'mein-hauptpasswort')
	await expect(bluesky.getByRole('alert')).toContainText('Bitte verwenden Sie ein App-Passwort')
	await signIn('paula.bsky.social', WRONG_APP_PASSWORD)
	await expect(bluesky.getByRole('alert')).toContainText('Handle oder App-Passwort stimmen nicht.')
	expect(await db.selectFrom('social_tokens').select('id').where('user_id', '=', user.id).where('platform', '=', 'bluesky').execute()).toHaveLength(0)

	await signIn('@Paula.bsky.social', SANDBOX_APP_PASSWORD)
	await expect(bluesky.getByText('Bluesky wurde erfolgreich verbunden.')).toBeVisible({ timeout: 15_000 })
	await expect(bluesky).toBeHidden({ timeout: 5_000 })
	const card = page.getByTestId('platform-bluesky')
	await expect(card.getByTestId('connection-status')).toHaveText('Verbunden')
	await expect(card.getByTestId('account-name')).toContainText('paula.bsky.social')
	const token = await db.selectFrom('social_tokens').selectAll().where('user_id', '=', user.id).where('platform', '=', 'bluesky').executeTakeFirstOrThrow()
	expect(token.server).toMatch(/^https:\/\//)
	expect(JSON.stringify(token)).not.toContain(SANDBOX_APP_PASSWORD)
})

async function toPreviewForAll(page: Page) {
	await gotoReady(page, '/create')
	await page.getByRole('button', { name: /^Smart Prompt Creator/ }).click()
	await page.getByLabel('Ihre Idee').fill('Neue Öffnungszeiten ab Dezember')
	await page.getByRole('button', { name: 'Weiter' }).click()
	for (const name of names) await networkTarget(page, name).click()
	await page.getByRole('button', { name: 'Bilder generieren & Vorschau' }).click()
	await expect(page.getByRole('heading', { name: 'Vorschau', exact: true })).toBeVisible({ timeout: 20_000 })
}

/** Per-network texts; each counter counts the way its network does. */
async function writeTexts(page: Page, marker: string) {
	const texts: Record<string, string> = {}
	for (const module of platformModules) {
		const { id, name, text } = module.descriptor
		const box = page.getByRole('textbox', { name: `Text für ${name}` })
		const card = page.getByTestId(`editor-${id}`)
		// One character over the network's own limit shows the counter in red, then a text that fits.
		await box.fill('a'.repeat(text.limit + 1))
		await expect(card.getByTestId('char-counter')).toHaveAttribute('data-over', 'true')
		texts[id] = `${marker} auf ${name} 🎉`
		await box.fill(texts[id])
		await expect(card.getByTestId('char-counter')).toHaveAttribute('data-over', 'false')
		await expect(card.getByTestId('char-counter')).toContainText(String(module.descriptor.text.limit))
	}
	return texts
}

/** Every network connected, signed in, and in the creator's preview with a text per network (counters checked). */
async function sixNetworksInPreview(page: Page, user: TestUser, { login, services }: { login: (user: TestUser) => Promise<void>; services: Services }, marker: string) {
	for (const module of platformModules) await connectPlatform(services, user.id, module.platform)
	await login(user)
	await toPreviewForAll(page)
	return writeTexts(page, marker)
}

test('one post for all six networks from the creator: per-network texts and counters, published now on each', async ({ page, createConfirmedUser, login, services, db }) => {
	test.setTimeout(120_000)
	const user = await createConfirmedUser()
	const texts = await sixNetworksInPreview(page, user, { login, services }, 'Jetzt')
	await page.getByRole('button', { name: 'Jetzt posten' }).click()
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: '✅ Post erfolgreich veröffentlicht!' }).first()).toBeVisible({ timeout: 30_000 })
	const post = await db.selectFrom('posts').select(['id', 'status']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
	const deliveries = await db.selectFrom('post_deliveries').select(['platform', 'status']).where('post_id', '=', post.id).execute()
	expect(Object.fromEntries(deliveries.map((d) => [d.platform, d.status]))).toEqual(Object.fromEntries(platformModules.map((m) => [m.platform, 'published'])))
	await page.goto('/sandbox')
	for (const text of Object.values(texts)) await expect(page.getByText(text).first()).toBeVisible()
})

test('one post for all six networks planned from the creator is published on each when it is due', async ({ page, createConfirmedUser, login, services, db }) => {
	test.setTimeout(120_000)
	const user = await createConfirmedUser()
	const texts = await sixNetworksInPreview(page, user, { login, services }, 'Geplant')
	await page.getByRole('button', { name: 'Planen' }).click()
	const dialog = page.getByRole('dialog', { name: 'Post planen' })
	await dialog.getByRole('button', { name: 'Planen' }).click()
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Post geplant!' }).first()).toBeVisible()
	const post = await db.selectFrom('posts').select(['id', 'status']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
	expect(post.status).toBe('scheduled')
	const planned = await db.selectFrom('post_deliveries').select(['id', 'platform', 'status']).where('post_id', '=', post.id).execute()
	expect(planned.map((d) => d.status)).toEqual(platformModules.map(() => 'scheduled'))

	// Time passes: the post and its jobs fall due now (the worker of the running app publishes them).
	await db.updateTable('posts').set({ scheduled_at: new Date() }).where('id', '=', post.id).execute()
	await db.updateTable('post_deliveries').set({ scheduled_at: new Date() }).where('post_id', '=', post.id).execute()
	await makeJobsDue(db, { keys: planned.map((d) => `publish:${d.id}`) })
	await expect
		.poll(async () => (await db.selectFrom('post_deliveries').select('status').where('post_id', '=', post.id).execute()).map((d) => d.status).sort(), { timeout: 40_000 })
		.toEqual(platformModules.map(() => 'published'))
	await page.goto('/sandbox')
	for (const text of Object.values(texts)) await expect(page.getByText(text).first()).toBeVisible()
})

test.describe('on a phone (390 px, touch)', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

	test('connect Bluesky and Mastodon by tapping; the dialogs fit the screen', async ({ page, createConfirmedUser, login, db }) => {
		test.setTimeout(60_000)
		const user = await createConfirmedUser()
		await login(user)
		await gotoReady(page, '/accounts')

		await page.getByTestId('platform-bluesky').getByRole('button', { name: 'Verbinden' }).tap()
		const bluesky = connectDialog(page, 'Bluesky')
		await bluesky.getByLabel('Handle').fill('mara.bsky.social')
		await bluesky.getByLabel('App-Passwort').fill(SANDBOX_APP_PASSWORD)
		const submit = bluesky.getByRole('button', { name: 'Anmelden und verbinden' })
		await expect(submit).toBeInViewport()
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
		await submit.tap()
		await expect(bluesky.getByText('Bluesky wurde erfolgreich verbunden.')).toBeVisible({ timeout: 15_000 })
		await expect(bluesky).toBeHidden({ timeout: 5_000 })

		await page.getByTestId('platform-mastodon').getByRole('button', { name: 'Verbinden' }).tap()
		const mastodon = connectDialog(page, 'Mastodon')
		await mastodon.getByLabel('Ihre Instanz').fill('chaos.social')
		const popupOpened = page.waitForEvent('popup')
		await mastodon.getByRole('button', { name: 'Mit Mastodon verbinden' }).tap()
		const popup = await popupOpened
		await popup.getByRole('button', { name: 'Zulassen' }).click()
		await expect(mastodon.getByText('Mastodon wurde erfolgreich verbunden.')).toBeVisible({ timeout: 15_000 })
		expect((await db.selectFrom('social_tokens').select('platform').where('user_id', '=', user.id).orderBy('platform').execute()).map((row) => row.platform)).toEqual(['bluesky', 'mastodon'])
	})
})
