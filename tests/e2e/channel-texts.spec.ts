import type { Locator, Page } from '@playwright/test'
import type { Kysely } from 'kysely'
import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import type { DB } from '#modules/core/db.server.ts'
import type { Services } from '#modules/services.ts'
import { connectPlatform, expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

// A channel's own text (issue 38, item 3): texts stay per network, and a network with two or more
// chosen channels offers each 'Eigener Text für <Kanal>'. In the editor of Meine Posts at 1440 px the
// second Instagram account gets its own text, which is stored and published to that account only; in
// the creator at 390 px with touch the same control travels with 'Planen'.

const zurich = 'Europe/Zurich'

/** Both Instagram accounts of the sandbox's Facebook user as channels of the user's brand. */
async function sandboxInstagramChannels(services: Services, db: Kysely<DB>, userId: string) {
	await connectPlatform(services, userId, 'instagram')
	const connected = await db.selectFrom('channels').selectAll().where('user_id', '=', userId).where('platform', '=', 'instagram').orderBy('is_default', 'desc').execute()
	const first = connected[0]!
	const [otherPage] = ['17841400000000001', '17841400000000002'].filter((id) => !connected.some((c) => c.page_id === id))
	const second =
		connected[1] ??
		(await db
			.insertInto('channels')
			.values({ user_id: userId, social_token_id: first.social_token_id, platform: 'instagram', page_id: otherPage!, page_name: 'Muster Bäckerei', page_type: first.page_type, brand_id: first.brand_id, is_default: false })
			.returningAll()
			.executeTakeFirstOrThrow())
	return { first: { id: first.id, name: first.page_name, account: first.page_id }, second: { id: second.id, name: second.page_name, account: second.page_id } }
}

async function storedChannelTexts(db: Kysely<DB>, table: 'posts' | 'drafts', id: string) {
	const row = await db.selectFrom(table).select('content').where('id', '=', id).executeTakeFirstOrThrow()
	return row.content.trim().startsWith('{') ? ((JSON.parse(row.content) as { channels?: Record<string, string> }).channels ?? {}) : {}
}

test.describe('at 1440 px', () => {
	test.use({ viewport: { width: 1440, height: 900 } })

	test('the editor gives the second Instagram account its own text: stored, shown again, and published to that account only', async ({ page, createConfirmedUser, login, services, db }) => {
		const user = await createConfirmedUser()
		const { first, second } = await sandboxInstagramChannels(services, db, user.id)
		const key = `images/${randomUUID()}.jpg`
		await services.files.put(key, await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer(), 'image/jpeg')
		const post = await services.content.createPost(user.id, { platform: 'instagram', content: { base: 'Zimtschnecken für alle', platforms: {} }, imageUrl: `/media/${key}`, status: 'draft', timeZone: zurich, channelIds: [first.id, second.id] })
		await login(user)
		await gotoReady(page, '/posts')

		const card = page.getByTestId('post-card').filter({ hasText: 'Zimtschnecken für alle' })
		await card.getByRole('button', { name: 'Bearbeiten' }).click()
		const dialog = page.getByRole('dialog', { name: /Post bearbeiten/ })
		const instagram = dialog.getByTestId('editor-instagram')
		await expect(instagram.getByRole('button', { name: `Eigener Text für ${first.name}` })).toBeVisible()
		await instagram.getByRole('button', { name: `Eigener Text für ${second.name}` }).click()
		const own = instagram.getByRole('textbox', { name: `Eigener Text für ${second.name}` })
		await expect(own).toHaveValue('Zimtschnecken für alle')
		// The network's limit and rules judge the channel's text too.
		const field = instagram.getByTestId(`channel-text-${second.id}`)
		await own.fill('x'.repeat(2201))
		await expect(field.getByTestId('char-counter')).toHaveAttribute('data-over', 'true')
		await expect(field.getByTestId('preflight-text_too_long')).toBeVisible()
		await own.fill('Nur in der Bäckerei: Zimtschnecken')
		await expect(field.getByTestId('char-counter')).toHaveText(/^34 \/ /)
		await expect(field.getByTestId('preflight')).toHaveCount(0)
		await dialog.getByRole('button', { name: 'Speichern' }).click()
		await expect(page.getByText('Post aktualisiert').first()).toBeVisible()
		await expect(dialog).toBeHidden()
		expect(await storedChannelTexts(db, 'posts', post.id)).toEqual({ [second.id]: 'Nur in der Bäckerei: Zimtschnecken' })

		// Opened again, it is there; the first account still takes the network's text.
		await card.getByRole('button', { name: 'Bearbeiten' }).click()
		await expect(own).toHaveValue('Nur in der Bäckerei: Zimtschnecken')
		await expect(instagram.getByRole('textbox', { name: `Eigener Text für ${first.name}` })).toHaveCount(0)
		await dialog.getByRole('button', { name: 'Schliessen' }).or(dialog.getByRole('button', { name: 'Schließen' })).click()
		await expect(dialog).toBeHidden()

		await card.getByRole('button', { name: 'Jetzt posten' }).click()
		await expect(page.getByText('✅ Post erfolgreich veröffentlicht!')).toBeVisible({ timeout: 20_000 })
		await expect.poll(async () => (await db.selectFrom('post_deliveries').select('status').where('post_id', '=', post.id).execute()).map((d) => d.status), { timeout: 20_000 }).toEqual(['published', 'published'])
		await page.goto('/sandbox')
		const published = page.locator('article[data-platform="instagram"]')
		await expect(published.filter({ hasText: second.account }).filter({ hasText: 'Nur in der Bäckerei: Zimtschnecken' })).toHaveCount(1)
		await expect(published.filter({ hasText: first.account }).filter({ hasText: 'Zimtschnecken für alle' })).toHaveCount(1)
	})
})

/** A connected account with one channel, as a connect stores it (the brand trigger puts it in the user's brand). */
async function addChannel(db: Kysely<DB>, userId: string, platform: string, name: string, isDefault = false) {
	const token = await db
		.insertInto('social_tokens')
		.values({ user_id: userId, platform, account_id: `${name}-${userId}`, account_name: name, access_token_encrypted: 'v1:unbenutzt', sandbox: true, status: 'active' })
		.returning('id')
		.executeTakeFirstOrThrow()
	const channel = await db.insertInto('channels').values({ user_id: userId, social_token_id: token.id, platform, page_id: `${name}-seite`, page_name: name, is_default: isDefault }).returning('id').executeTakeFirstOrThrow()
	return channel.id
}

async function expectTouchTarget(locator: Locator) {
	const box = (await locator.boundingBox())!
	expect(box.height).toBeGreaterThanOrEqual(44)
}

async function toPreview(page: Page) {
	await page.getByRole('button', { name: /^Smart Prompt Creator/ }).tap()
	await page.getByLabel('Ihre Idee').fill('Frische Zimtschnecken ab Samstag in beiden Filialen')
	await page.getByRole('button', { name: 'Weiter' }).tap()
	await page.locator('label').filter({ has: page.getByRole('checkbox', { name: 'Alle Kanäle von Instagram' }) }).tap()
	await page.getByRole('button', { name: 'Bilder generieren & Vorschau' }).tap()
	await expect(page.getByRole('heading', { name: 'Vorschau', exact: true })).toBeVisible({ timeout: 30_000 })
}

test.describe('on a phone (390 px, touch)', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

	test('the creator gives one of two Instagram accounts its own text; Planen stores it for that channel', async ({ page, createConfirmedUser, login, db }) => {
		test.setTimeout(90_000)
		const user = await createConfirmedUser()
		await addChannel(db, user.id, 'instagram', 'Bäckerei Laden', true)
		const owner = await addChannel(db, user.id, 'instagram', 'Bäckerin Paula')
		await login(user)
		await gotoReady(page, '/create')
		await toPreview(page)

		const instagram = page.getByTestId('editor-instagram')
		const open = instagram.getByRole('button', { name: 'Eigener Text für Bäckerin Paula' })
		await expectTouchTarget(open)
		await open.tap()
		const own = instagram.getByRole('textbox', { name: 'Eigener Text für Bäckerin Paula' })
		await expect(own).toHaveValue(await instagram.getByRole('textbox', { name: 'Text für Instagram' }).inputValue())
		// Removed, the channel takes its network's text again; opened anew, it starts from that text.
		const remove = instagram.getByRole('button', { name: 'Eigenen Text für Bäckerin Paula entfernen' })
		await expectTouchTarget(remove)
		await remove.tap()
		await expect(own).toHaveCount(0)
		await open.tap()
		await own.fill('Paula empfiehlt: Zimtschnecken #zimt #backen #samstag #winterthur #frisch')
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

		await page.getByRole('button', { name: 'Planen' }).tap()
		const dialog = page.getByRole('dialog', { name: 'Post planen' })
		await dialog.getByRole('button', { name: 'Planen' }).tap()
		await expect(page).toHaveURL(/\/posts$/, { timeout: 20_000 })
		const post = await db.selectFrom('posts').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow()
		expect(await storedChannelTexts(db, 'posts', post.id)).toEqual({ [owner]: 'Paula empfiehlt: Zimtschnecken #zimt #backen #samstag #winterthur #frisch' })
		expect(await db.selectFrom('post_deliveries').select('channel_id').where('post_id', '=', post.id).execute()).toHaveLength(2)
	})
})
