import type { Locator, Page } from '@playwright/test'
import type { Kysely } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'
import { expectAccessible } from '#tests/e2e/a11y.ts'
import { expect, expectTouchTarget, gotoReady, test } from '#tests/e2e/fixtures.ts'

// The creator's channel step (issue 38, item 3), at 1440 px with a mouse and at 390 px with touch: a
// user with two Instagram accounts, one Instagram account that needs reconnecting and a LinkedIn
// profile in one brand picks 'Alle' for Instagram and the LinkedIn profile, generates and plans. The
// post gets one delivery per chosen channel, with its network's text; the channel that needs
// reconnecting is neither chosen by 'Alle' nor choosable.

type Press = (target: Locator) => Promise<void>

/** A connected account with one channel, as a connect stores it (the brand trigger puts it in the user's brand). */
async function addChannel(db: Kysely<DB>, userId: string, platform: string, name: string, options: { status?: 'active' | 'reconnect_required'; isDefault?: boolean } = {}) {
	const token = await db
		.insertInto('social_tokens')
		.values({ user_id: userId, platform, account_id: `${name}-${userId}`, account_name: name, access_token_encrypted: 'v1:unbenutzt', sandbox: true, status: options.status ?? 'active' })
		.returning('id')
		.executeTakeFirstOrThrow()
	const channel = await db
		.insertInto('channels')
		.values({ user_id: userId, social_token_id: token.id, platform, page_id: `${name}-seite`, page_name: name, is_default: options.isDefault ?? false })
		.returning('id')
		.executeTakeFirstOrThrow()
	return channel.id
}

async function touchTargets(locators: Array<Locator>) {
	for (const locator of locators) await expectTouchTarget(locator)
}

function optionOf(page: Page, name: string) {
	return page.locator('label').filter({ has: page.getByRole('checkbox', { name: new RegExp(`^${name}`) }) })
}

function channelFlow(press: Press, phone: boolean) {
	return async ({ page, createConfirmedUser, login, db }: Parameters<Parameters<typeof test>[2]>[0]) => {
		test.setTimeout(90_000)
		const user = await createConfirmedUser()
		const shop = await addChannel(db, user.id, 'instagram', 'Bäckerei Laden', { isDefault: true })
		const owner = await addChannel(db, user.id, 'instagram', 'Bäckerin Paula')
		const old = await addChannel(db, user.id, 'instagram', 'Altes Konto', { status: 'reconnect_required' })
		const profile = await addChannel(db, user.id, 'linkedin', 'Paula Muster', { isDefault: true })
		await login(user)
		await gotoReady(page, '/create')
		await press(page.getByRole('button', { name: /^Smart Prompt Creator/ }))
		await page.getByLabel('Ihre Idee').fill('Frische Zimtschnecken ab Samstag in beiden Filialen')
		await press(page.getByRole('button', { name: 'Weiter' }))
		await expect(page.getByRole('heading', { name: 'Kanäle wählen' })).toBeVisible()

		// Grouped by network with its name as the legend; nothing chosen yet.
		const instagram = page.getByRole('group', { name: 'Instagram' })
		const linkedin = page.getByRole('group', { name: 'LinkedIn' })
		await expect(instagram.getByTestId('creator-channel')).toHaveCount(3)
		await expect(linkedin.getByTestId('creator-channel')).toHaveCount(1)
		await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0)
		const generate = page.getByRole('button', { name: 'Bilder generieren & Vorschau' })
		await expect(generate).toBeDisabled()
		// The account that needs reconnecting says so, cannot be chosen and leads to Konten.
		const stale = instagram.getByTestId('creator-channel').filter({ hasText: 'Altes Konto' })
		await expect(stale.getByTestId('channel-reconnect')).toHaveText('braucht neue Verbindung')
		await expect(stale.getByRole('checkbox')).toBeDisabled()
		await expect(stale.getByRole('link', { name: 'Altes Konto unter Konten neu verbinden' })).toHaveAttribute('href', '/accounts')
		if (!phone) await expectAccessible(page, 'Kanal-Schritt des Post-Erstellers')
		if (phone) {
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
			await touchTargets([optionOf(page, 'Alle Kanäle von Instagram'), optionOf(page, 'Bäckerei Laden'), optionOf(page, 'Paula Muster'), stale.getByRole('link')])
		}

		// 'Alle' takes both working Instagram accounts in one go, and clears them again.
		const all = page.getByRole('checkbox', { name: 'Alle Kanäle von Instagram' })
		await press(all)
		await expect(all).toBeChecked()
		await expect(page.getByRole('checkbox', { name: /^Bäckerei Laden/ })).toBeChecked()
		await expect(page.getByRole('checkbox', { name: /^Bäckerin Paula/ })).toBeChecked()
		await expect(stale.getByRole('checkbox')).not.toBeChecked()
		await press(all)
		await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0)
		await press(all)
		await press(optionOf(page, 'Paula Muster'))
		await expect(page.getByRole('checkbox', { name: /^Paula Muster/ })).toBeChecked()

		// Texts and images per network: two networks, not three channels.
		await press(generate)
		await expect(page.getByRole('heading', { name: 'Vorschau', exact: true })).toBeVisible({ timeout: 30_000 })
		await expect(page.getByRole('textbox', { name: /^Text für / })).toHaveCount(2)
		const instagramText = await page.getByRole('textbox', { name: 'Text für Instagram' }).inputValue()
		const linkedinText = await page.getByRole('textbox', { name: 'Text für LinkedIn' }).inputValue()
		await expect(page.getByTestId('editor-instagram').getByTestId('chosen-channels')).toContainText('Bäckerei Laden')
		await expect(page.getByTestId('editor-instagram').getByTestId('chosen-channels')).toContainText('Bäckerin Paula')

		await press(page.getByRole('button', { name: 'Planen' }))
		const dialog = page.getByRole('dialog', { name: 'Post planen' })
		await press(dialog.getByRole('button', { name: 'Planen' }))
		await expect(page).toHaveURL(/\/posts$/)

		const posts = await db.selectFrom('posts').select(['id', 'status', 'platform', 'brand_id']).where('user_id', '=', user.id).execute()
		expect(posts).toHaveLength(1)
		expect(posts[0]).toMatchObject({ status: 'scheduled', platform: 'multiple' })
		const deliveries = await db.selectFrom('post_deliveries').select(['channel_id', 'platform']).where('post_id', '=', posts[0]!.id).execute()
		expect(deliveries.map((d) => d.channel_id).sort()).toEqual([shop, owner, profile].sort())
		expect(deliveries.map((d) => d.channel_id)).not.toContain(old)
		const brand = await db.selectFrom('channels').select('brand_id').where('id', '=', shop).executeTakeFirstOrThrow()
		expect(posts[0]!.brand_id).toBe(brand.brand_id)
		const content = await db.selectFrom('posts').select('content').where('id', '=', posts[0]!.id).executeTakeFirstOrThrow()
		expect(JSON.parse(content.content).platforms).toEqual({ instagram: instagramText, linkedin: linkedinText })
	}
}

test.describe('at 1440 px with a mouse', () => {
	test.use({ viewport: { width: 1440, height: 900 } })
	test('Alle for two Instagram accounts and a LinkedIn profile: one planned post with three deliveries, one per channel', channelFlow((target) => target.click(), false))
})

test.describe('on a phone (390 px, touch)', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
	test('Alle for two Instagram accounts and a LinkedIn profile: one planned post with three deliveries, one per channel', channelFlow((target) => target.tap(), true))
})

test('a draft keeps its channels: reopened, the channel step shows them chosen', async ({ page, createConfirmedUser, login, db }) => {
	test.setTimeout(90_000)
	const user = await createConfirmedUser()
	const shop = await addChannel(db, user.id, 'instagram', 'Bäckerei Laden')
	await addChannel(db, user.id, 'instagram', 'Bäckerin Paula')
	await login(user)
	await gotoReady(page, '/create')
	await page.getByRole('button', { name: /^Smart Prompt Creator/ }).click()
	await page.getByLabel('Ihre Idee').fill('Unser Sonntagsbrot')
	await page.getByRole('button', { name: 'Weiter' }).click()
	await optionOf(page, 'Bäckerei Laden').click()
	// The creator's stored state carries the choice over a reload.
	await expect.poll(() => page.evaluate(() => window.localStorage.getItem('post-creator-state') ?? '')).toContain(shop)
	await page.reload()
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	await expect(page.getByRole('checkbox', { name: /^Bäckerei Laden/ })).toBeChecked()
	await page.getByRole('button', { name: 'Bilder generieren & Vorschau' }).click()
	await expect(page.getByRole('heading', { name: 'Vorschau', exact: true })).toBeVisible({ timeout: 30_000 })
	await page.getByRole('button', { name: 'Entwurf speichern' }).click()
	await expect(page).toHaveURL(/\/posts$/)
	const draft = await db.selectFrom('drafts').select(['id', 'channel_ids', 'platforms']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
	expect(draft).toMatchObject({ channel_ids: [shop], platforms: ['instagram'] })

	await gotoReady(page, `/create?draft=${draft.id}`)
	await page.getByRole('button', { name: 'Bearbeiten' }).click()
	await expect(page.getByRole('checkbox', { name: /^Bäckerei Laden/ })).toBeChecked()
	await expect(page.getByRole('checkbox', { name: /^Bäckerin Paula/ })).not.toBeChecked()
	await expect(page.getByRole('checkbox', { name: 'Alle Kanäle von Instagram' })).toHaveAttribute('data-state', 'indeterminate')
})

test('without any channel the step offers the networks to write for and the way to Konten', async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/create')
	await page.getByRole('button', { name: /^Smart Prompt Creator/ }).click()
	await page.getByLabel('Ihre Idee').fill('Unser Sonntagsbrot')
	await page.getByRole('button', { name: 'Weiter' }).click()
	await expect(page.getByRole('heading', { name: 'Plattformen wählen' })).toBeVisible()
	await expect(page.getByTestId('no-channels')).toContainText('Noch kein Kanal verbunden.')
	await expect(page.getByTestId('no-channels').getByRole('link', { name: 'Konten verbinden' })).toHaveAttribute('href', '/accounts')
	await expect(page.getByRole('checkbox', { name: /^Instagram/ })).toBeVisible()
	await expectAccessible(page, 'Plattform-Schritt ohne Kanäle')
})
