// 'Konten verwalten' with several accounts per network (issue 38, ADR 0044/0046), at 1440 px with a
// mouse and at 390 px with touch: two LinkedIn members (one with the organization page) and two
// Mastodon accounts on different servers; the page lists each channel and the plan's count;
// disconnecting one account leaves the other accounts' channels.
import type { Locator, Page } from '@playwright/test'
import { expect, expectTouchTarget, gotoReady, test } from '#tests/e2e/fixtures.ts'

type Press = (target: Locator) => Promise<void>

function dialogOf(page: Page, name: string) {
	return page.getByRole('dialog', { name: `${name} verbinden` })
}

/** Waits for the dialog's success state and for it to close itself. */
async function connected(dialog: Locator, name: string) {
	await expect(dialog.getByText(`${name} wurde erfolgreich verbunden.`)).toBeVisible({ timeout: 15_000 })
	await expect(dialog).toBeHidden({ timeout: 5_000 })
}

/** A LinkedIn member through the sandbox consent page (`organizations`: also the page 'Muster AG'). */
async function connectLinkedIn(page: Page, press: Press, button: string, member: string, organizations: boolean) {
	await press(page.getByTestId('platform-linkedin').getByRole('button', { name: button, exact: true }))
	const dialog = dialogOf(page, 'LinkedIn')
	const popupOpened = page.waitForEvent('popup')
	await press(dialog.getByRole('button', { name: 'Mit LinkedIn verbinden' }))
	const popup = await popupOpened
	await popup.getByLabel('Testprofil').fill(member)
	const organization = popup.getByRole('checkbox')
	if (!organizations) await organization.uncheck()
	await popup.getByRole('button', { name: 'Zulassen' }).click()
	await connected(dialog, 'LinkedIn')
}

async function connectMastodon(page: Page, press: Press, button: string, instance: string) {
	await press(page.getByTestId('platform-mastodon').getByRole('button', { name: button, exact: true }))
	const dialog = dialogOf(page, 'Mastodon')
	await dialog.getByLabel('Ihre Instanz').fill(instance)
	const popupOpened = page.waitForEvent('popup')
	await press(dialog.getByRole('button', { name: 'Mit Mastodon verbinden' }))
	const popup = await popupOpened
	await popup.getByRole('button', { name: 'Zulassen' }).click()
	await connected(dialog, 'Mastodon')
}

async function touchTargets(locators: Array<Locator>) {
	for (const locator of locators) await expectTouchTarget(locator)
}

function channelsFlow(press: Press, phone: boolean) {
	return async ({ page, createConfirmedUser, login, db }: Parameters<Parameters<typeof test>[2]>[0]) => {
		test.setTimeout(120_000)
		const user = await createConfirmedUser()
		await login(user)
		await gotoReady(page, '/accounts')
		await expect(page.getByTestId('channel-usage')).toHaveText('0 von 10 Kanälen')

		await connectLinkedIn(page, press, 'Verbinden', 'Anna Alt', true)
		await connectLinkedIn(page, press, 'Weiteres Konto verbinden', 'Bernd Neu', false)
		await connectMastodon(page, press, 'Verbinden', 'mastodon.social')
		await connectMastodon(page, press, 'Weiteres Konto verbinden', 'chaos.social')

		const linkedin = page.getByTestId('platform-linkedin')
		const mastodon = page.getByTestId('platform-mastodon')
		await expect(linkedin.getByTestId('account')).toHaveCount(2)
		await expect(mastodon.getByTestId('account')).toHaveCount(2)
		const anna = linkedin.getByTestId('account').filter({ hasText: 'Konto: Anna Alt' })
		await expect(anna.getByTestId('channel')).toHaveCount(2)
		await expect(anna.getByTestId('channel').filter({ hasText: 'Muster AG' })).toContainText('LinkedIn · Seite · Marke: Meine Marke')
		await expect(anna.getByTestId('channel').filter({ hasText: 'Anna Alt' })).toContainText('LinkedIn · Profil')
		await expect(linkedin.getByTestId('account').filter({ hasText: 'Konto: Bernd Neu' }).getByTestId('channel')).toHaveCount(1)
		await expect(mastodon.getByTestId('channel')).toHaveCount(2)
		// The account names the server (the profile's display name is the same on both).
		await expect(mastodon.getByTestId('account').filter({ hasText: '@mastodon.social' }).getByTestId('channel')).toHaveCount(1)
		await expect(mastodon.getByTestId('account').filter({ hasText: '@chaos.social' }).getByTestId('channel')).toHaveCount(1)
		await expect(page.getByTestId('channel-status').first()).toHaveText('Verbunden')
		await expect(page.getByTestId('channel-usage')).toHaveText('5 von 10 Kanälen')
		expect(await db.selectFrom('channels').select('id').where('user_id', '=', user.id).execute()).toHaveLength(5)

		if (phone) {
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
			await touchTargets([anna.getByRole('button', { name: 'Trennen' }), linkedin.getByRole('button', { name: 'Weiteres Konto verbinden' }), mastodon.getByRole('button', { name: 'Weiteres Konto verbinden' })])
		}

		// Disconnecting Anna's account asks first, then takes her two channels only.
		await press(anna.getByRole('button', { name: 'Trennen' }))
		const confirm = page.getByRole('alertdialog', { name: 'LinkedIn trennen?' })
		await expect(confirm).toContainText('Das Konto Anna Alt (LinkedIn) wird mit seinen 2 Kanälen getrennt')
		await press(confirm.getByRole('button', { name: 'Trennen' }))
		await expect(page.getByText('LinkedIn-Konto Anna Alt wurde getrennt.')).toBeVisible()
		await expect(linkedin.getByTestId('account')).toHaveCount(1)
		await expect(linkedin.getByTestId('account-name')).toHaveText('Konto: Bernd Neu')
		await expect(linkedin.getByTestId('connection-status')).toHaveText('Verbunden')
		await expect(page.getByTestId('channel-usage')).toHaveText('3 von 10 Kanälen')

		const tokens = await db.selectFrom('social_tokens').select(['platform', 'account_name']).where('user_id', '=', user.id).orderBy('platform').orderBy('account_name').execute()
		expect(tokens.map((t) => t.platform)).toEqual(['linkedin', 'mastodon', 'mastodon'])
		expect(tokens[0]!.account_name).toBe('Bernd Neu')
		const channels = await db.selectFrom('channels').select(['platform', 'page_name', 'is_default']).where('user_id', '=', user.id).orderBy('platform').execute()
		expect(channels.map((c) => c.platform)).toEqual(['linkedin', 'mastodon', 'mastodon'])
		// Bernd's profile took over as LinkedIn's default channel.
		expect(channels[0]).toEqual({ platform: 'linkedin', page_name: 'Bernd Neu', is_default: true })
	}
}

test.describe('at 1440 px with a mouse', () => {
	test.use({ viewport: { width: 1440, height: 900 } })
	test('two LinkedIn members with an organization page and two Mastodon servers; disconnecting one account keeps the others', channelsFlow((target) => target.click(), false))
})

test.describe('on a phone (390 px, touch)', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
	test('two LinkedIn members with an organization page and two Mastodon servers; disconnecting one account keeps the others', channelsFlow((target) => target.tap(), true))
})

test('a full plan says so with the way to a larger one instead of a connect button', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	// Free allows 10 channels: 9 Threads profiles of one account leave room for one.
	const token = await db
		.insertInto('social_tokens')
		.values({ user_id: user.id, platform: 'threads', account_id: `voll-${user.id}`, account_name: 'Volles Konto', access_token_encrypted: 'v1:unbenutzt', sandbox: true, status: 'active' })
		.returning('id')
		.executeTakeFirstOrThrow()
	await db
		.insertInto('channels')
		.values(Array.from({ length: 9 }, (_, i) => ({ user_id: user.id, social_token_id: token.id, platform: 'threads', page_id: `voll-${i}`, page_name: `Profil ${i + 1}`, is_default: i === 0 })))
		.execute()
	await gotoReady(page, '/accounts')
	await expect(page.getByTestId('channel-usage')).toHaveText('9 von 10 Kanälen')
	await connectLinkedIn(page, (target) => target.click(), 'Verbinden', 'Anna Alt', true)
	// The profile fits, the organization page does not.
	await expect(page.getByText('1 Seite wurde nicht verbunden: Ihr Tarif erlaubt 10 Kanäle.')).toBeVisible()
	const full = page.getByTestId('channel-limit-full')
	await expect(full).toContainText('10 von 10 Kanälen')
	await expect(full).toContainText('Ihr Tarif ist voll')
	const mastodon = page.getByTestId('platform-mastodon')
	await expect(mastodon.getByRole('button', { name: 'Verbinden' })).toHaveCount(0)
	await expect(mastodon.getByRole('link', { name: 'Größeren Tarif wählen' })).toHaveAttribute('href', '/pricing')
})
