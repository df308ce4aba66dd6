import type { Locator, Page } from '@playwright/test'
import type { Kysely } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'
import type { Services } from '#modules/services.ts'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { expectNoHorizontalScroll, phone } from '#tests/e2e/phone-support.ts'
import { fakeWebUrl } from '#tests/support/e2e.ts'
import { FAKE_ATOM_PATH, FAKE_RSS_PATH } from '#tests/fakes/web.ts'

// The activity log and the news follow the brand chosen in the header (issue 38, ADR 0047).

test.use({ viewport: { width: 1440, height: 900 } })

/** Two brands of the user, 'Privat' the first (the one 'Alle Marken' shows the news settings of). */
async function twoBrands(services: Services, userId: string) {
	const ids: Array<string> = []
	for (const name of ['Privat', 'Bäckerei Winterthur']) {
		const made = await services.brands.create(userId, name)
		if (!made.ok) throw new Error(made.error)
		ids.push(made.id)
	}
	return { privat: ids[0]!, baeckerei: ids[1]! }
}

async function post(db: Kysely<DB>, userId: string, brandId: string, title: string) {
	return (
		await db
			.insertInto('posts')
			.values({ user_id: userId, brand_id: brandId, platform: 'linkedin', title, content: title, status: 'published', published_at: new Date() })
			.returning('id')
			.executeTakeFirstOrThrow()
	).id
}

/** Three entries: one about a post of each brand (the database gives them its brand) and an account-wide sign-in. */
async function threeEntries(services: Services, db: Kysely<DB>, userId: string) {
	const { privat, baeckerei } = await twoBrands(services, userId)
	const velotour = await post(db, userId, privat, 'Velotour')
	const zopf = await post(db, userId, baeckerei, 'Zopf am Sonntag')
	await db
		.insertInto('activity_logs')
		.values([
			{ user_id: userId, log_type: 'post_publication', title: 'Velotour veröffentlicht', status: 'success', metadata: JSON.stringify({ postId: velotour }) },
			{ user_id: userId, log_type: 'post_publication', title: 'Zopf veröffentlicht', status: 'success', metadata: JSON.stringify({ postId: zopf }) },
			{ user_id: userId, log_type: 'authentication', title: 'Angemeldet', status: 'info' },
		])
		.execute()
	// The database gave each entry about a post its post's brand; the sign-in has none.
	const stored = await db.selectFrom('activity_logs').select(['title', 'brand_id']).where('user_id', '=', userId).orderBy('title').execute()
	expect(stored).toEqual([
		{ title: 'Angemeldet', brand_id: null },
		{ title: 'Velotour veröffentlicht', brand_id: privat },
		{ title: 'Zopf veröffentlicht', brand_id: baeckerei },
	])
}

/** On 'Aktivitäts-Logbuch': each choice of the switcher shows its brand's entries and the account-wide one. */
async function switchBrands(page: Page, switcher: Locator) {
	await gotoReady(page, '/activity-logs')
	const rows = page.getByTestId('activity-row')
	await expect(rows).toHaveCount(3)
	await expect(page.getByTestId('activity-total')).toHaveText('3 Einträge')

	await switcher.selectOption({ label: 'Bäckerei Winterthur' })
	await expect(rows.filter({ hasText: 'Velotour veröffentlicht' })).toHaveCount(0)
	await expect(rows).toHaveCount(2)
	await expect(rows.filter({ hasText: 'Zopf veröffentlicht' })).toHaveCount(1)
	await expect(rows.filter({ hasText: 'Angemeldet' })).toHaveCount(1)
	await expect(page.getByTestId('activity-total')).toHaveText('2 Einträge')

	await switcher.selectOption({ label: 'Privat' })
	await expect(rows.filter({ hasText: 'Zopf veröffentlicht' })).toHaveCount(0)
	await expect(rows.filter({ hasText: 'Velotour veröffentlicht' })).toHaveCount(1)
	await expect(rows).toHaveCount(2)

	await switcher.selectOption({ label: 'Alle Marken' })
	await expect(rows).toHaveCount(3)
}

test('switching the brand in the header changes the activity list: its entries and the account-wide ones', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await threeEntries(services, db, user.id)
	await login(user)
	await switchBrands(page, page.getByTestId('brand-switcher'))
})

test.describe('phone', () => {
	test.use(phone)
	test("switching the brand on the phone's top bar changes the activity list", async ({ page, createConfirmedUser, login, services, db }) => {
		const user = await createConfirmedUser()
		await threeEntries(services, db, user.id)
		await login(user)
		// The phone bar's switcher (its label 'Marke'); the header's is hidden.
		const switcher = page.getByTestId('phone-brand-switcher')
		await switchBrands(page, switcher)
		await expect(page.getByTestId('brand-switcher')).toBeHidden()
		await expect(switcher).toHaveAccessibleName('Marke')
		await expectNoHorizontalScroll(page, 'the activity log with the brand switcher')
	})
})

test("news with 'Alle Marken' shows the first brand's settings and says so; a chosen brand shows its own", async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	const { baeckerei } = await twoBrands(services, user.id)
	await services.news.saveContentSettings(user.id, { niche: 'Velotouren', targetAudience: '', keywords: ['velo'], newsKeywords: [] })
	await services.news.saveContentSettings(user.id, { niche: 'Bäckerei', targetAudience: 'Familien im Quartier', keywords: ['brot'], newsKeywords: [] }, baeckerei)
	// Only the local fakes: the default sources would reach the real internet.
	await services.news.saveNewsFeeds(user.id, [`${fakeWebUrl}${FAKE_ATOM_PATH}`], baeckerei)

	await login(user)
	await gotoReady(page, '/news')
	await expect(page.getByTestId('news-brand-hint')).toContainText('der Marke „Privat“')
	await page.getByRole('button', { name: 'Einstellungen anzeigen' }).click()
	await expect(page.getByTestId('news-settings')).toContainText('Velotouren')

	await page.getByTestId('brand-switcher').selectOption({ label: 'Bäckerei Winterthur' })
	await expect(page.getByTestId('news-brand-hint')).toHaveCount(0)
	await expect(page.getByTestId('news-settings')).toContainText('Familien im Quartier')
	await expect(page.getByTestId('news-settings')).not.toContainText('Velotouren')

	// A source added now is the bakery's.
	const sources = page.getByTestId('news-sources')
	await sources.getByRole('textbox', { name: 'Feed-Adresse' }).fill(`${fakeWebUrl}${FAKE_RSS_PATH}`)
	await sources.getByRole('button', { name: 'Hinzufügen' }).click()
	await expect(sources.getByTestId('news-source')).toHaveCount(2)
	const saved = await db.selectFrom('content_settings').select(['brand_id', 'news_feeds']).where('user_id', '=', user.id).where('news_feeds', 'is not', null).execute()
	expect(saved).toEqual([{ brand_id: baeckerei, news_feeds: [`${fakeWebUrl}${FAKE_ATOM_PATH}`, `${fakeWebUrl}${FAKE_RSS_PATH}`] }])
})
