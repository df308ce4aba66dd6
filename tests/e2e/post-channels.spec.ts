// Where a post goes (issue 38, item 3): with two Instagram accounts the network alone does not say it.
// Meine Posts' cards and the calendar's hover cards name the channels; the calendar filters by
// channel (?channel=, kept by the week and month steps). At 1440 px with a mouse and the card at 390 px
// with touch. Channels are written into the database (connecting is channels.spec.ts's subject); the
// posts are planned through the content service for next week (always in the future).
import type { Kysely } from 'kysely'
import type { Page } from '@playwright/test'
import type { DB } from '#modules/core/db.server.ts'
import type { Services } from '#modules/services.ts'
import { shiftWeek, todayIn, weekRange } from '#modules/scheduling/index.ts'
import { expect, gotoReady, test, type TestUser } from '#tests/e2e/fixtures.ts'

const zone = 'Europe/Zurich'
const nextWed = weekRange(shiftWeek(todayIn(zone, new Date()), 1), zone).days[2]!

/** Two Instagram channels of one account in the user's brand: 'Bäckerei Winterthur' (the default) and 'Café am Markt'. */
async function twoInstagramChannels(db: Kysely<DB>, userId: string) {
	const token = await db
		.insertInto('social_tokens')
		.values({ user_id: userId, platform: 'instagram', account_id: `ig-${userId}`, account_name: 'Bäckerei Meier', access_token_encrypted: 'v1:unbenutzt', sandbox: true, status: 'active' })
		.returning('id')
		.executeTakeFirstOrThrow()
	const rows = await db
		.insertInto('channels')
		.values(
			['Bäckerei Winterthur', 'Café am Markt'].map((name, i) => ({ user_id: userId, social_token_id: token.id, platform: 'instagram', page_id: `ig-page-${i}-${userId}`, page_name: name, is_default: i === 0 })),
		)
		.returning(['id', 'page_name'])
		.execute()
	return { winterthur: rows.find((r) => r.page_name === 'Bäckerei Winterthur')!.id, cafe: rows.find((r) => r.page_name === 'Café am Markt')!.id }
}

async function plan(services: Services, user: TestUser, title: string, channelIds: Array<string>, time: string) {
	const result = await services.content.createScheduledPost(
		user.id,
		crypto.randomUUID(),
		{ platform: 'instagram', content: { base: `${title}\nFrisch aus dem Ofen.`, platforms: {} }, imageUrl: 'https://cdn.example.com/zopf.jpg', channelIds },
		{ date: nextWed, time, timeZone: zone },
	)
	if (!result.ok) throw new Error(`${result.error} ${result.reasons?.join(' ')}`)
	return result.post.id
}

async function channelsInDb(db: Kysely<DB>, postId: string) {
	const rows = await db.selectFrom('post_deliveries').innerJoin('channels', 'channels.id', 'post_deliveries.channel_id').select('channels.page_name').where('post_id', '=', postId).orderBy('page_name').execute()
	return rows.map((r) => r.page_name)
}

const card = (page: Page, title: string) => page.getByTestId('post-card').filter({ hasText: title })
/** A calendar chip; its name starts with the time and title it shows (the post's first words). */
const chip = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(`^\\d\\d:\\d\\d ${title} `) })

test.describe('at 1440 px', () => {
	test.use({ viewport: { width: 1440, height: 1100 } })

	test('a post to two Instagram channels names both on its card and in its hover card; the calendar filters by channel', async ({ page, db, services, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		const { winterthur, cafe } = await twoInstagramChannels(db, user.id)
		const both = await plan(services, user, 'Zopf am Sonntag', [cafe, winterthur], '10:00')
		const onlyCafe = await plan(services, user, 'Kaffee des Monats', [cafe], '11:00')
		expect(await channelsInDb(db, both)).toEqual(['Bäckerei Winterthur', 'Café am Markt'])
		expect(await channelsInDb(db, onlyCafe)).toEqual(['Café am Markt'])
		await login(user)

		await gotoReady(page, '/posts')
		await expect(card(page, 'Zopf am Sonntag').getByTestId('post-channels')).toHaveText('Instagram: Bäckerei Winterthur, Café am Markt')
		await expect(card(page, 'Kaffee des Monats').getByTestId('post-channels')).toHaveText('Instagram: Café am Markt')

		await gotoReady(page, `/schedule?view=month&date=${nextWed}`)
		// The chip names the channels for screen readers too.
		await expect(chip(page, 'Zopf am Sonntag')).toHaveAccessibleName(/Instagram: Bäckerei Winterthur, Café am Markt/)
		await chip(page, 'Zopf am Sonntag').hover()
		const preview = page.getByTestId('post-preview')
		await expect(preview.getByTestId('post-channels')).toHaveText('Instagram: Bäckerei Winterthur, Café am Markt')
		await page.mouse.move(0, 0)
		await expect(preview).toBeHidden()

		const filter = page.getByRole('combobox', { name: 'Kanal' })
		await expect(filter).toHaveValue('')
		await filter.selectOption({ label: 'Instagram: Bäckerei Winterthur' })
		await expect(page).toHaveURL(new RegExp(`[?&]channel=${winterthur}`))
		await expect(chip(page, 'Kaffee des Monats')).toHaveCount(0)
		await expect(chip(page, 'Zopf am Sonntag')).toBeVisible()
		// The week keeps the filter (a GET form's hidden field), and so does a reload.
		await page.getByRole('button', { name: 'Woche', exact: true }).click()
		await expect(page).toHaveURL(/view=week/)
		await expect(page).toHaveURL(new RegExp(`[?&]channel=${winterthur}`))
		await expect(page.getByRole('combobox', { name: 'Kanal' })).toHaveValue(winterthur)
		await expect(chip(page, 'Zopf am Sonntag')).toHaveCount(1)
		await expect(chip(page, 'Kaffee des Monats')).toHaveCount(0)
		await page.reload()
		await expect(chip(page, 'Zopf am Sonntag')).toHaveCount(1)
		await expect(chip(page, 'Kaffee des Monats')).toHaveCount(0)

		// 'Alle Kanäle' shows both again and leaves the address without the filter.
		await page.getByRole('combobox', { name: 'Kanal' }).selectOption({ label: 'Alle Kanäle' })
		await expect(chip(page, 'Kaffee des Monats')).toHaveCount(1)
		await expect(page).not.toHaveURL(/channel=/)
	})

	test('a draft card names the channels the draft would go to: its chosen ones, else its brand default', async ({ page, db, services, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		const { cafe } = await twoInstagramChannels(db, user.id)
		const content = (title: string) => ({ base: `${title}\nFrisch aus dem Ofen.`, platforms: {} })
		const chosen = await services.content.createDraft(user.id, { platforms: ['instagram'], content: content('Kaffee-Entwurf'), channelIds: [cafe] })
		const unchosen = await services.content.createDraft(user.id, { platforms: ['instagram'], content: content('Zopf-Entwurf') })
		const stored = await db.selectFrom('drafts').select(['id', 'channel_ids']).where('user_id', '=', user.id).execute()
		expect(stored.find((d) => d.id === chosen.id)?.channel_ids).toEqual([cafe])
		expect(stored.find((d) => d.id === unchosen.id)?.channel_ids).toEqual([])
		await login(user)

		await gotoReady(page, '/posts')
		await expect(card(page, 'Kaffee-Entwurf')).toHaveAttribute('data-status', 'draft')
		await expect(card(page, 'Kaffee-Entwurf').getByTestId('post-channels')).toHaveText('Instagram: Café am Markt')
		// Without a choice: the default channel of the network in the draft's brand.
		await expect(card(page, 'Zopf-Entwurf').getByTestId('post-channels')).toHaveText('Instagram: Bäckerei Winterthur')
	})

	test("an id that is not one of the user's channels is ignored: every post shows", async ({ page, db, services, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		const other = await createConfirmedUser()
		const { cafe } = await twoInstagramChannels(db, user.id)
		const { winterthur: hers } = await twoInstagramChannels(db, other.id)
		await plan(services, user, 'Kaffee des Monats', [cafe], '11:00')
		await login(user)
		for (const channel of [hers, 'kein-kanal']) {
			const response = await gotoReady(page, `/schedule?view=month&date=${nextWed}&channel=${channel}`)
			expect(response?.status()).toBe(200)
			await expect(chip(page, 'Kaffee des Monats')).toHaveCount(1)
			await expect(page.getByRole('combobox', { name: 'Kanal' })).toHaveValue('')
		}
	})
})

test.describe('on a phone (390 px, touch)', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

	test('the card names both channels of a post to two Instagram accounts', async ({ page, db, services, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		const { winterthur, cafe } = await twoInstagramChannels(db, user.id)
		const both = await plan(services, user, 'Zopf am Sonntag', [winterthur, cafe], '10:00')
		expect(await channelsInDb(db, both)).toEqual(['Bäckerei Winterthur', 'Café am Markt'])
		await login(user)
		await gotoReady(page, '/posts')
		await page.getByRole('radiogroup', { name: 'Status anzeigen' }).getByRole('radio', { name: /Geplant/ }).tap()
		const names = card(page, 'Zopf am Sonntag').getByTestId('post-channels')
		await expect(names).toBeVisible()
		await expect(names).toHaveText('Instagram: Bäckerei Winterthur, Café am Markt')
		// Inside the card on the narrow screen (it wraps, it does not run out).
		const [box, cardBox] = await Promise.all([names.boundingBox(), card(page, 'Zopf am Sonntag').boundingBox()])
		expect(box!.x + box!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width)

		// The calendar's channel filter is there on the phone too, as large as a finger needs.
		await gotoReady(page, `/schedule?date=${nextWed}`)
		const filter = page.getByRole('combobox', { name: 'Kanal' })
		await expect(filter).toBeVisible()
		expect((await filter.boundingBox())!.height).toBeGreaterThanOrEqual(44)
	})
})
