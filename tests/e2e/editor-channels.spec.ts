import type { Locator, Page } from '@playwright/test'
import type { Kysely } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'
import type { Services } from '#modules/services.ts'
import { connectPlatform, expect, expectTouchTarget, gotoReady, test, type TestUser } from '#tests/e2e/fixtures.ts'

// The editor's channel picker (issue 38, item 3): a post in Meine Posts goes to the channels ticked
// there; the save changes its deliveries (one per channel), on the desktop and on a phone by touch.

const zurich = 'Europe/Zurich'

/** The user's Instagram channel from the sandbox connect and a second one on the same account. */
async function twoInstagramChannels(services: Services, db: Kysely<DB>, userId: string) {
	await connectPlatform(services, userId, 'instagram')
	const first = await db.selectFrom('channels').selectAll().where('user_id', '=', userId).where('platform', '=', 'instagram').where('is_default', '=', true).executeTakeFirstOrThrow()
	const second = await db
		.insertInto('channels')
		.values({ user_id: userId, social_token_id: first.social_token_id, platform: 'instagram', page_id: `${first.page_id}-filiale`, page_name: 'Filiale Winterthur', page_type: first.page_type, brand_id: first.brand_id, is_default: false })
		.returning(['id', 'page_name'])
		.executeTakeFirstOrThrow()
	return { first: { id: first.id, name: first.page_name }, second: { id: second.id, name: second.page_name } }
}

function channelFlow(tap: (target: Locator) => Promise<void>, phone: boolean) {
	return async ({ page, createConfirmedUser, login, services, db }: { page: Page; createConfirmedUser: () => Promise<TestUser>; login: (user: TestUser) => Promise<void>; services: Services; db: Kysely<DB> }) => {
		const user = await createConfirmedUser()
		const { first, second } = await twoInstagramChannels(services, db, user.id)
		const post = await services.content.createPost(user.id, { platform: 'instagram', content: { base: 'Neue Brote ab Montag', platforms: {} }, status: 'draft', timeZone: zurich, origin: 'csv' })
		await login(user)
		await gotoReady(page, '/posts')

		const card = page.getByTestId('post-card').filter({ hasText: 'Neue Brote ab Montag' })
		await tap(card.getByRole('button', { name: 'Bearbeiten' }))
		const dialog = page.getByRole('dialog', { name: /Post bearbeiten/ })
		const instagram = dialog.getByRole('group', { name: 'Instagram' })
		const ticked = instagram.getByRole('checkbox', { name: first.name })
		const other = instagram.getByRole('checkbox', { name: second.name })
		await expect(ticked).toBeChecked()
		await expect(other).not.toBeChecked()
		// A finger's target: the checkbox's box is 44 x 44 px.
		if (phone) await expectTouchTarget(other, { square: true })
		await tap(other)
		await expect(other).toBeChecked()
		await tap(dialog.getByRole('button', { name: 'Speichern' }))
		await expect(page.getByText('Post aktualisiert').first()).toBeVisible()
		await expect(dialog).toBeHidden()

		const deliveries = await db.selectFrom('post_deliveries').select(['channel_id', 'status']).where('post_id', '=', post.id).execute()
		expect(deliveries.map((d) => d.channel_id).sort()).toEqual([first.id, second.id].sort())
		expect(deliveries.every((d) => d.status === 'pending')).toBe(true)

		// Opened again: both ticked; no channel at all cannot be saved (German).
		await tap(card.getByRole('button', { name: 'Bearbeiten' }))
		await expect(ticked).toBeChecked()
		await expect(other).toBeChecked()
		await tap(ticked)
		await tap(other)
		await expect(dialog.getByTestId('channels-none')).toHaveText('Bitte wählen Sie mindestens einen Kanal.')
		await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeDisabled()
		await expect(dialog.getByTestId('editor-instagram')).toHaveCount(0)
	}
}

test('a post in draft with two Instagram channels: tick the second, save, the post has a delivery for each', channelFlow((target) => target.click(), false))

test('a draft moves to a channel of another network: its card appears with the text for all, the draft stores the channel and its network', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'linkedin')
	const { second } = await twoInstagramChannels(services, db, user.id)
	const draft = await services.content.createDraft(user.id, { platforms: ['linkedin'], content: { base: 'Zopf am Sonntag', platforms: {} } })
	await login(user)
	await gotoReady(page, '/posts')
	await page.getByTestId('post-card').filter({ hasText: 'Zopf am Sonntag' }).getByRole('button', { name: 'Bearbeiten' }).click()
	const dialog = page.getByRole('dialog', { name: 'Entwurf bearbeiten' })
	await expect(dialog.getByTestId('editor-instagram')).toHaveCount(0)
	await dialog.getByRole('group', { name: 'Instagram' }).getByRole('checkbox', { name: second.name }).click()
	await expect(dialog.getByRole('textbox', { name: 'Text für Instagram' })).toHaveValue('Zopf am Sonntag')
	await dialog.getByRole('button', { name: 'Speichern' }).click()
	await expect(page.getByText('Entwurf gespeichert').first()).toBeVisible()
	const row = await db.selectFrom('drafts').select(['channel_ids', 'platforms']).where('id', '=', draft.id).executeTakeFirstOrThrow()
	expect(row.platforms.toSorted()).toEqual(['instagram', 'linkedin'])
	expect(row.channel_ids).toHaveLength(2)
	expect(row.channel_ids).toContain(second.id)
})

test.describe('on a phone (390 px, touch)', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
	test('a post in draft with two Instagram channels: tap the second, save, the post has a delivery for each', channelFlow((target) => target.tap(), true))
})
