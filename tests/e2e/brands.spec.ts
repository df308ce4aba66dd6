import type { Page } from '@playwright/test'
import type { Kysely } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'
import { expect, gotoReady, test, type TestUser } from '#tests/e2e/fixtures.ts'
import { expectNoHorizontalScroll, phone } from '#tests/e2e/phone-support.ts'

// Brands (issue 38, ADR 0047): a brand made on 'Marken', chosen in the switcher, narrows Meine Posts,
// the calendar and the dashboard to its posts, and the creator preselects its default agent.

const zurichDay = (offsetDays: number) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zurich' }).format(new Date(Date.now() + offsetDays * 86_400_000))

async function agent(db: Kysely<DB>, userId: string, name: string, order: number, isDefault: boolean) {
	return (await db.insertInto('agent_configurations').values({ user_id: userId, name, agent_order: order, is_default: isDefault }).returning('id').executeTakeFirstOrThrow()).id
}

async function post(db: Kysely<DB>, userId: string, brandId: string, title: string, status: 'scheduled' | 'published', at: Date) {
	await db
		.insertInto('posts')
		.values({ user_id: userId, brand_id: brandId, platform: 'linkedin', title, content: title, status, scheduled_at: status === 'scheduled' ? at : null, published_at: status === 'published' ? at : null })
		.execute()
}

async function brandJourney(page: Page, db: Kysely<DB>, user: TestUser, switcher: string) {
	const firstBrand = (await db.selectFrom('brands').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow()).id
	const baker = await agent(db, user.id, 'Bäcker-Agent', 1, false)

	await gotoReady(page, '/marken')
	await page.getByLabel('Name der neuen Marke').fill('Bäckerei Winterthur')
	await page.getByRole('button', { name: 'Marke anlegen' }).click()
	const card = page.getByTestId('brand-card').filter({ has: page.getByRole('heading', { name: 'Bäckerei Winterthur' }) })
	await expect(card).toBeVisible()
	await card.getByLabel('Standard-Agent von Bäckerei Winterthur').selectOption({ label: 'Bäcker-Agent' })
	await card.getByRole('button', { name: 'Speichern' }).click()
	await expect(page.getByText('Standard-Agent gespeichert')).toBeVisible()
	const bakery = await db.selectFrom('brands').select(['id', 'default_agent_id']).where('user_id', '=', user.id).where('name', '=', 'Bäckerei Winterthur').executeTakeFirstOrThrow()
	expect(bakery.default_agent_id).toBe(baker)

	// Tomorrow at 10:00 and 11:00 in Zurich: one post of each brand on the same calendar day.
	const day = zurichDay(1)
	await post(db, user.id, bakery.id, 'Zopf am Sonntag', 'scheduled', new Date(`${day}T08:00:00Z`))
	await post(db, user.id, firstBrand, 'Ferien im Tessin', 'scheduled', new Date(`${day}T09:00:00Z`))
	await post(db, user.id, bakery.id, 'Brot des Monats', 'published', new Date(Date.now() - 3_600_000))

	await gotoReady(page, '/posts')
	await expect(page.getByText('Ferien im Tessin').first()).toBeVisible()
	await page.getByTestId(switcher).selectOption({ label: 'Bäckerei Winterthur' })
	// The switch revalidates the page: the other brand's post goes.
	await expect(page.getByText('Ferien im Tessin')).toHaveCount(0)
	await expect(page.getByText('Zopf am Sonntag').first()).toBeVisible()
	await expect(page.getByTestId(switcher)).toHaveValue(bakery.id)

	// The week's chip (on a phone the week scrolls sideways and by hours: the chip is there, maybe off screen).
	await gotoReady(page, `/schedule?date=${day}`)
	await expect(page.getByText('Zopf am Sonntag').first()).toBeAttached()
	await expect(page.getByText('Ferien im Tessin')).toHaveCount(0)

	await gotoReady(page, '/')
	await expect(page.getByTestId('recent-post').filter({ hasText: 'Zopf am Sonntag' })).toHaveCount(1)
	await expect(page.getByTestId('recent-post').filter({ hasText: 'Ferien im Tessin' })).toHaveCount(0)

	await gotoReady(page, '/create')
	await page.getByRole('button', { name: /^Smart Prompt Creator/ }).click()
	await page.getByLabel('Ihre Idee').fill('Unser Zopf zum Wochenende')
	await page.getByRole('button', { name: 'Weiter' }).click()
	await expect(page.getByRole('combobox', { name: 'Agent' })).toHaveText(/Bäcker-Agent/)

	// 'Alle Marken' shows both brands' posts again.
	await gotoReady(page, '/posts')
	await page.getByTestId(switcher).selectOption({ label: 'Alle Marken' })
	await expect(page.getByText('Ferien im Tessin').first()).toBeVisible()
	await expect(page.getByText('Zopf am Sonntag').first()).toBeVisible()
}

test.describe('desktop', () => {
	test.use({ viewport: { width: 1440, height: 900 } })
	test('a brand made on Marken narrows posts, calendar and dashboard and preselects its agent', async ({ page, createConfirmedUser, login, db }) => {
		const user = await createConfirmedUser()
		await agent(db, user.id, 'Haus-Agent', 0, true)
		await login(user)
		await brandJourney(page, db, user, 'brand-switcher')
	})
})

test.describe('phone', () => {
	test.use(phone)
	test('the phone bar switches the brand with a tap', async ({ page, createConfirmedUser, login, db }) => {
		const user = await createConfirmedUser()
		await agent(db, user.id, 'Haus-Agent', 0, true)
		await login(user)
		await gotoReady(page, '/')
		// The phone bar's switcher, a tap target of 44 px, and no sideways scrolling; the header's is hidden.
		await expect(page.getByTestId('brand-switcher')).toBeHidden()
		expect((await page.getByTestId('phone-brand-switcher').boundingBox())?.height).toBeGreaterThanOrEqual(44)
		await expectNoHorizontalScroll(page, 'the dashboard with the brand switcher')
		await brandJourney(page, db, user, 'phone-brand-switcher')
	})
})
