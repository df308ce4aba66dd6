import type { Kysely } from 'kysely'
import type { Locator, Page } from '@playwright/test'
import type { DB } from '#modules/core/db.server.ts'
import { shiftWeek, todayIn, toInstant, weekRange } from '#modules/scheduling/index.ts'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

// Issue 37, 4.1: mouse drops in a scrolled week grid at the hold-out's window size (1440 × 900, the
// grid's lower part near the window's bottom edge). A drop lands on the hour under the pointer at
// release, on every visible row; the grid scrolls only with the pointer at its very edge.
const zone = 'Europe/Zurich'
const nextWeek = weekRange(shiftWeek(todayIn(zone, new Date()), 1), zone).days
const [, nextTue, nextWed, nextThu] = nextWeek as [string, string, string, string]
const rowHeight = 64

async function insertPost(db: Kysely<DB>, userId: string, title: string, at: Date) {
	const row = await db
		.insertInto('posts')
		.values({ user_id: userId, title, content: `${title}: Text.`, platform: 'linkedin', status: 'scheduled', scheduled_at: at, time_zone: zone })
		.returning('id')
		.executeTakeFirstOrThrow()
	return row.id
}

async function storedInstant(db: Kysely<DB>, id: string) {
	const row = await db.selectFrom('posts').select('scheduled_at').where('id', '=', id).executeTakeFirstOrThrow()
	return row.scheduled_at?.toISOString() ?? null
}

const slot = (page: Page, date: string, hour: number) => page.locator(`.cal-slot[data-date="${date}"][data-hour="${hour}"]`)
const chipIn = (scope: Locator, title: string) => scope.getByRole('button', { name: new RegExp(`^\\d\\d:\\d\\d ${title} –`) })

/** The hours whose whole row shows in the grid's scrolled window. */
async function visibleHours(page: Page) {
	const { top, height } = await page.getByTestId('week-scroll').evaluate((element) => ({ top: element.scrollTop, height: element.clientHeight }))
	const first = Math.ceil(top / rowHeight - 0.01)
	const last = Math.floor((top + height) / rowHeight + 0.01) - 1
	return Array.from({ length: last - first + 1 }, (_, index) => first + index)
}

/** The user holds the mouse still for a moment (a number of frames, so it waits for the page, not a clock). */
async function holdStill(page: Page, frames: number) {
	await page.evaluate(async (count) => {
		for (let frame = 0; frame < count; frame++) await new Promise((resolve) => requestAnimationFrame(resolve))
	}, frames)
}

/** Presses on the chip, moves to the middle of the target as measured before the drag, holds still, releases. */
async function dropOn(page: Page, source: Locator, target: Locator) {
	const from = (await source.boundingBox())!
	const to = (await target.boundingBox())!
	const at = { x: to.x + to.width / 2, y: to.y + to.height / 2 }
	await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
	await page.mouse.down()
	await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 4, { steps: 4 })
	await page.mouse.move(at.x, at.y, { steps: 10 })
	await holdStill(page, 20)
	// Nothing covers the grid while a chip is moved.
	await expect(page.locator('.cal-preview')).toBeHidden()
	await page.mouse.up()
}

test.describe('Content Kalender: mouse drops on every row of a scrolled week', () => {
	test.use({ viewport: { width: 1440, height: 900 } })

	for (const where of ['top', 'middle', 'bottom'] as const) {
		test(`every visible row, grid scrolled to the ${where}`, async ({ page, db, createConfirmedUser, login }) => {
			test.setTimeout(90_000)
			const user = await createConfirmedUser()
			const title = `Zeilenplan ${where}`
			const start = { top: 0, middle: 8, bottom: 23 }[where]
			const id = await insertPost(db, user.id, title, toInstant(nextWed, `${String(start).padStart(2, '0')}:00`, zone))
			await login(user)
			await gotoReady(page, `/schedule?date=${nextWed}`)
			const grid = page.getByTestId('week-scroll')
			// The page as a user scrolls it to work in the grid: the grid's bottom at the window's bottom.
			await grid.evaluate((element) => element.scrollIntoView({ block: 'end' }))
			await grid.evaluate((element, top) => element.scrollTo({ top }), start * rowHeight)
			const hours = await visibleHours(page)
			expect(hours.length).toBeGreaterThanOrEqual(8)

			// The chip's hover card is open when the drag starts: it closes.
			let post = chipIn(slot(page, nextWed, start), title)
			await post.hover()
			await expect(page.locator('.cal-preview')).toBeVisible()

			let date = nextWed
			for (const hour of hours) {
				const next = date === nextTue ? nextThu : nextTue
				const scrollTop = await grid.evaluate((element) => element.scrollTop)
				await dropOn(page, post, slot(page, next, hour))
				const expected = toInstant(next, `${String(hour).padStart(2, '0')}:00`, zone).toISOString()
				await expect.poll(() => storedInstant(db, id), { message: `drop on ${next} ${hour}:00` }).toBe(expected)
				post = chipIn(slot(page, next, hour), title)
				await expect(post).toBeVisible()
				// The grid did not scroll away under the still pointer.
				expect(await grid.evaluate((element) => element.scrollTop)).toBe(scrollTop)
				date = next
			}
		})
	}

	test('a drag closes the hover card that was open, and it stays closed after a drop that moves nothing', async ({ page, db, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		await insertPost(db, user.id, 'Kartenplan', toInstant(nextWed, '16:00', zone))
		await login(user)
		await gotoReady(page, `/schedule?date=${nextWed}`)
		const post = chipIn(slot(page, nextWed, 16), 'Kartenplan')
		// The chip in the middle of the window, wherever the grid opened (it opens at the current hour):
		// picked up within 24 px of the window's bottom, the move down below starts the edge scroll.
		await post.evaluate((element) => element.scrollIntoView({ block: 'center' }))
		await post.hover()
		const card = page.locator('.cal-preview')
		await expect(card).toBeVisible()
		const from = (await post.boundingBox())!
		const home = { x: from.x + from.width / 2, y: from.y + from.height / 2 }
		await page.mouse.down()
		await page.mouse.move(home.x + 40, home.y + 10, { steps: 6 })
		await expect(card).toBeHidden()
		// Back over its own hour: the drop moves nothing, and the card does not come back over the grid.
		await page.mouse.move(home.x, home.y, { steps: 6 })
		await page.mouse.up()
		await holdStill(page, 10)
		await expect(card).toBeHidden()
		await expect(chipIn(slot(page, nextWed, 16), 'Kartenplan')).toBeVisible()
	})

	test('the grid scrolls while the chip is held at its bottom edge, and stops when the pointer leaves the edge', async ({ page, db, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		await insertPost(db, user.id, 'Randplan', toInstant(nextWed, '03:00', zone))
		await login(user)
		await gotoReady(page, `/schedule?date=${nextWed}`)
		const grid = page.getByTestId('week-scroll')
		await grid.evaluate((element) => element.scrollIntoView({ block: 'end' }))
		await grid.evaluate((element) => element.scrollTo({ top: 0 }))
		const from = (await chipIn(slot(page, nextWed, 3), 'Randplan').boundingBox())!
		const box = (await grid.boundingBox())!
		await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
		await page.mouse.down()
		await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 4, { steps: 4 })
		await page.mouse.move(from.x + from.width / 2, box.y + box.height - 4, { steps: 10 })
		await expect.poll(() => grid.evaluate((element) => element.scrollTop)).toBeGreaterThan(3 * rowHeight)
		await page.mouse.move(from.x + from.width / 2, box.y + box.height / 2, { steps: 4 })
		await holdStill(page, 2)
		const stopped = await grid.evaluate((element) => element.scrollTop)
		await holdStill(page, 20)
		expect(await grid.evaluate((element) => element.scrollTop)).toBe(stopped)
		await page.keyboard.press('Escape')
		await page.mouse.up()
	})
})

test.describe('Content Kalender: the hour the week opens at', () => {
	test.use({ viewport: { width: 1440, height: 900 } })

	for (const [now, first] of [['00:30', 6], ['04:10', 6], ['10:30', 10], ['15:30', 15]] as const) {
		test(`at ${now} the first row in sight is ${first}:00`, async ({ page, createConfirmedUser, login }) => {
			const user = await createConfirmedUser()
			await login(user)
			await page.clock.setFixedTime(toInstant(todayIn(zone, new Date()), now, zone))
			await gotoReady(page, '/schedule')
			await expect.poll(() => visibleHours(page).then((hours) => hours[0])).toBe(first)
		})
	}
})
