import type { Kysely } from 'kysely'
import type { Locator, Page } from '@playwright/test'
import type { DB } from '#modules/core/db.server.ts'
import { shiftWeek, todayIn, toInstant, weekRange } from '#modules/scheduling/index.ts'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { checkAccessibility, describeViolations } from '#tests/e2e/a11y.ts'
import { expectNoHorizontalScroll, phone } from '#tests/e2e/phone-support.ts'

// Calendar drag and drop: the drop lands in the hour under the pointer even after the grid has
// scrolled itself during the drag (defect 4), and a post is moved by touch on a phone.
const zone = 'Europe/Zurich'
const nextWeek = weekRange(shiftWeek(todayIn(zone, new Date()), 1), zone).days
const [, , nextWed, nextThu] = nextWeek as [string, string, string, string]

async function insertPost(db: Kysely<DB>, userId: string, title: string, at: Date) {
	const row = await db
		.insertInto('posts')
		.values({ user_id: userId, title, content: `${title}: Text.`, platform: 'linkedin', status: 'scheduled', scheduled_at: at, time_zone: zone })
		.returning('id')
		.executeTakeFirstOrThrow()
	return row.id
}

async function scheduledAt(db: Kysely<DB>, id: string) {
	const row = await db.selectFrom('posts').select('scheduled_at').where('id', '=', id).executeTakeFirstOrThrow()
	return row.scheduled_at?.toISOString() ?? null
}

const slot = (page: Page, date: string, hour: number) => page.locator(`.cal-slot[data-date="${date}"][data-hour="${hour}"]`)
const chip = (scope: Page | Locator, title: string) => scope.getByRole('button', { name: new RegExp(`^\\d\\d:\\d\\d ${title} –`) })

/** The hour row of `date` under a point of the window, read from the page. */
function hourAt(page: Page, x: number, y: number) {
	return page.evaluate(([px, py]) => {
		const cell = document.elementsFromPoint(px!, py!).find((element) => element.closest('.cal-slot'))
		return Number(cell?.closest<HTMLElement>('.cal-slot')?.dataset.hour ?? -1)
	}, [x, y])
}

test.describe('on a desktop window', () => {
	test.use({ viewport: { width: 1280, height: 800 } })

	test('a drag held at the bottom edge of the grid scrolls it and drops the post in the hour under the pointer', async ({ page, db, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		const id = await insertPost(db, user.id, 'Randlage', toInstant(nextWed, '09:00', zone))
		await login(user)
		await gotoReady(page, `/schedule?date=${nextWed}`)
		const grid = page.getByTestId('week-scroll')
		await grid.evaluate((element) => element.scrollTo({ top: 8 * 64 }))
		await grid.scrollIntoViewIfNeeded()
		const post = chip(slot(page, nextWed, 9), 'Randlage')
		const from = (await post.boundingBox())!
		const box = (await grid.boundingBox())!
		const scrolledBefore = await grid.evaluate((element) => element.scrollTop)
		const column = (await slot(page, nextThu, 9).boundingBox())!
		const x = column.x + column.width / 2
		// Near the grid's bottom edge dnd-kit scrolls the grid down while the pointer rests.
		const y = box.y + box.height - 12
		await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
		await page.mouse.down()
		await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 6, { steps: 4 })
		await page.mouse.move(x, y, { steps: 12 })
		await expect.poll(() => grid.evaluate((element) => element.scrollTop), { timeout: 5_000 }).toBeGreaterThan(scrolledBefore + 2 * 64)
		// Stop the scrolling (the pointer leaves the edge zone), then drop.
		await page.mouse.move(x, y - 160, { steps: 4 })
		await page.waitForTimeout(400)
		const hour = await hourAt(page, x, y - 160)
		expect(hour).toBeGreaterThan(9 + 2)
		await page.mouse.up()
		await expect(chip(slot(page, nextThu, hour), 'Randlage')).toBeAttached()
		await expect.poll(() => scheduledAt(db, id)).toBe(toInstant(nextThu, `${String(hour).padStart(2, '0')}:00`, zone).toISOString())
	})
})

/** A touch drag through Chrome's input domain: touch, hold (the sensor's delay), move, lift. */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
	const cdp = await page.context().newCDPSession(page)
	const point = (p: { x: number; y: number }) => [{ x: Math.round(p.x), y: Math.round(p.y) }]
	await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from) })
	await page.waitForTimeout(350)
	for (let step = 1; step <= 12; step++) {
		const p = { x: from.x + ((to.x - from.x) * step) / 12, y: from.y + ((to.y - from.y) * step) / 12 }
		await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(p) })
		await page.waitForTimeout(16)
	}
	await page.waitForTimeout(100)
	await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
	await cdp.detach()
}

const centre = (box: { x: number; y: number; width: number; height: number }) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 })

test.describe('on a phone (390 px, touch)', () => {
	test.use(phone)

	test('the week shows one day with day tabs; a post is moved by touch to another hour and to another day', async ({ page, db, createConfirmedUser, login }) => {
		test.setTimeout(60_000)
		const user = await createConfirmedUser()
		const id = await insertPost(db, user.id, 'Daumenplan', toInstant(nextWed, '16:00', zone))
		await login(user)
		await gotoReady(page, `/schedule?date=${nextWed}`)
		const tabs = page.getByRole('group', { name: /Tag anzeigen/ })
		await expect(tabs.getByRole('button')).toHaveCount(7)
		// Next week has no today: the view opens on Monday; Wednesday is one tap away.
		await tabs.getByRole('button', { name: new RegExp(`^Mittwoch`) }).tap()
		await expect(slot(page, nextWed, 16)).toBeVisible()
		await expect(slot(page, nextThu, 16)).toBeHidden()
		await expectNoHorizontalScroll(page, 'calendar day view')
		const a11y = await checkAccessibility(page)
		expect(a11y.serious, describeViolations(a11y.serious)).toEqual([])

		// Another hour of the same day.
		await slot(page, nextWed, 17).scrollIntoViewIfNeeded()
		const post = chip(slot(page, nextWed, 16), 'Daumenplan')
		await touchDrag(page, centre((await post.boundingBox())!), centre((await slot(page, nextWed, 17).boundingBox())!))
		await expect(chip(slot(page, nextWed, 17), 'Daumenplan')).toBeVisible()
		await expect.poll(() => scheduledAt(db, id)).toBe(toInstant(nextWed, '17:00', zone).toISOString())

		// Onto Thursday's tab: the post keeps its time of day.
		await expect(page.getByText('Termin geändert')).toBeVisible()
		const moved = chip(slot(page, nextWed, 17), 'Daumenplan')
		const thursday = tabs.getByRole('button', { name: /^Donnerstag/ })
		await thursday.scrollIntoViewIfNeeded()
		await touchDrag(page, centre((await moved.boundingBox())!), centre((await thursday.boundingBox())!))
		await expect.poll(() => scheduledAt(db, id)).toBe(toInstant(nextThu, '17:00', zone).toISOString())
		await thursday.tap()
		await expect(chip(slot(page, nextThu, 17), 'Daumenplan')).toBeVisible()
	})
})
