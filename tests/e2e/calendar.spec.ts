import type { Kysely } from 'kysely'
import type { Locator, Page } from '@playwright/test'
import type { DB } from '#modules/core/db.server.ts'
import { shiftWeek, todayIn, toInstant, weekRange } from '#modules/scheduling/index.ts'
import { expect, gotoReady, test, waitForLive } from '#tests/e2e/fixtures.ts'
import { e2eUrl } from '#tests/support/e2e.ts'

// The content calendar at /schedule: posts are written straight into the database for next week
// (always in the future) and the page is opened on that week with ?date=.
const zone = 'Europe/Zurich'
const nextWeek = weekRange(shiftWeek(todayIn(zone, new Date()), 1), zone).days
const [, nextTue, nextWed, nextThu, nextFri] = nextWeek as [string, string, string, string, string, string, string]
const lastWeek = weekRange(shiftWeek(todayIn(zone, new Date()), -1), zone).days

type PostSeed = {
	title: string
	platform?: string
	status?: 'scheduled' | 'published'
	at: Date
	engagement?: { likes?: number; comments?: number; shares?: number }
}

async function insertPost(db: Kysely<DB>, userId: string, seed: PostSeed) {
	const status = seed.status ?? 'scheduled'
	const row = await db
		.insertInto('posts')
		.values({
			user_id: userId,
			title: seed.title,
			content: `${seed.title}: Text für den Kalender-Test.`,
			platform: seed.platform ?? 'linkedin',
			status,
			scheduled_at: status === 'scheduled' ? seed.at : null,
			published_at: status === 'published' ? seed.at : null,
			time_zone: zone,
			engagement_likes: seed.engagement?.likes ?? 0,
			engagement_comments: seed.engagement?.comments ?? 0,
			engagement_shares: seed.engagement?.shares ?? 0,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	return row.id
}

async function storedInstant(db: Kysely<DB>, id: string, column: 'scheduled_at' | 'published_at' = 'scheduled_at') {
	const row = await db.selectFrom('posts').select(column).where('id', '=', id).executeTakeFirstOrThrow()
	return row[column]?.toISOString() ?? null
}

const slot = (page: Page, date: string, hour: number) => page.locator(`.cal-slot[data-date="${date}"][data-hour="${hour}"]`)
const day = (page: Page, date: string) => page.locator(`.cal-day[data-date="${date}"]`)
/** A post's chip; its name starts with the time and title it shows. */
const chip = (scope: Page | Locator, title: string) => scope.getByRole('button', { name: new RegExp(`^\\d\\d:\\d\\d ${title} –`) })

/** Scrolls the week grid so that `hour` is the first visible row (rows are 64 px). */
async function scrollWeekTo(page: Page, hour: number) {
	await page.getByTestId('week-scroll').evaluate((element, top) => element.scrollTo({ top }), hour * 64)
}

/** A pointer drag with intermediate moves, as the pointer sensor needs (activation distance). */
async function dragWithMouse(page: Page, source: Locator, target: Locator) {
	await target.scrollIntoViewIfNeeded()
	await source.scrollIntoViewIfNeeded()
	const from = (await source.boundingBox())!
	const to = (await target.boundingBox())!
	await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
	await page.mouse.down()
	await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 4, { steps: 4 })
	await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 })
	await page.mouse.up()
}

test.describe('Content Kalender', () => {
	// Tall enough that the whole grid fits without scrolling the page: a drag near the window's
	// edge would start dnd-kit's auto-scroll.
	test.use({ viewport: { width: 1280, height: 1200 } })

	test('shows a scheduled post in its day column and hour row, and on its day in the month view', async ({ page, db, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		const id = await insertPost(db, user.id, { title: 'Herbst-Aktion', at: toInstant(nextWed, '10:00', zone) })
		await login(user)
		// The week opens at the current hour of the user's day (ADR 0039): here 15:30.
		await page.clock.setFixedTime(toInstant(todayIn(zone, new Date()), '15:30', zone))
		await gotoReady(page, `/schedule?date=${nextWed}`)

		await expect(page.getByRole('heading', { name: 'Content Kalender' })).toBeVisible()
		await expect(page.getByTestId('calendar-range')).toContainText(nextWed.slice(0, 4))
		await expect(page.getByTestId('stat-engagement')).toContainText('Keine Vergleichsdaten')
		await expect(chip(slot(page, nextWed, 10), 'Herbst-Aktion')).toBeAttached()
		await expect(page.locator('.cal-slot .cal-chip')).toHaveCount(1)
		// Suggested posting times: Wednesday 09:00, 11:00, 15:00, 17:00.
		await expect(slot(page, nextWed, 11).getByText('Empfohlen')).toBeAttached()
		await expect(slot(page, nextWed, 10).getByText('Empfohlen')).toHaveCount(0)

		// The grid opens at 15:00, so the 10:00 post lies above: the badge scrolls to it.
		const badge = page.getByRole('button', { name: '↑ 1 Post früher' })
		await expect(badge).toBeVisible()
		await expect(chip(page, 'Herbst-Aktion')).not.toBeInViewport()
		await badge.click()
		await expect(chip(page, 'Herbst-Aktion')).toBeInViewport()
		await expect(badge).toBeHidden()
		await expect(page.getByRole('button', { name: /Post später/ })).toBeHidden()

		// Hover preview: the page carries only what the chips show; the card reads the text when it opens.
		expect(await page.content()).not.toContain('Text für den Kalender-Test')
		await chip(page, 'Herbst-Aktion').hover()
		const preview = page.getByTestId('post-preview')
		await expect(preview).toContainText('Herbst-Aktion')
		await expect(preview).toContainText('LinkedIn')
		await expect(preview).toContainText('Geplant')
		await expect(preview).toContainText('um 10:00')
		await expect(preview).toContainText('Herbst-Aktion: Text für den Kalender-Test.')

		await page.getByRole('button', { name: 'Monat' }).click()
		await expect(page).toHaveURL(/view=month/)
		await expect(chip(day(page, nextWed), 'Herbst-Aktion')).toBeVisible()
		await expect(page.locator('.cal-day .cal-chip')).toHaveCount(1)

		// Double-click opens the editor on the posts page.
		await chip(page, 'Herbst-Aktion').dblclick()
		await expect(page).toHaveURL(`/posts?edit=${id}`)
	})

	test('the hover card reads the text again after the post was changed elsewhere', async ({ page, db, services, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		const id = await insertPost(db, user.id, { title: 'Vorschau', at: toInstant(nextWed, '10:00', zone) })
		await login(user)
		await gotoReady(page, `/schedule?date=${nextWed}&view=month`)
		await waitForLive(page)
		const post = page.locator('.cal-chip')
		const preview = page.getByTestId('post-preview')
		await post.hover()
		await expect(preview).toContainText('Vorschau: Text für den Kalender-Test.')
		await page.mouse.move(0, 0)
		await expect(preview).toBeHidden()

		// Another tab edits the post: the page's data is read again, the card's text with it.
		await services.content.updatePost(user.id, id, { content: { base: 'Vorschau neu\nDer geänderte Text.', platforms: {} } })
		await expect(post).toContainText('Vorschau neu', { timeout: 3000 })
		await post.hover()
		await expect(preview).toContainText('Der geänderte Text.')
		await expect(preview).not.toContainText('Text für den Kalender-Test')
	})

	test('the chip keeps its element and the focus when its hover card arrives, and the card sits at the chip', async ({ page, db, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		await insertPost(db, user.id, { title: 'Ankerplan', at: toInstant(nextWed, '10:30', zone) })
		await login(user)
		await gotoReady(page, `/schedule?view=month&date=${nextWed}`)
		const post = chip(day(page, nextWed), 'Ankerplan')
		// Wrapping the chip in the card would replace its element (and dnd-kit's node) mid keyboard move.
		await post.evaluate((element) => element.setAttribute('data-first', ''))
		await post.focus()
		const card = page.locator('.cal-preview')
		await expect(card).toBeVisible()
		await expect(card).toContainText('Ankerplan: Text für den Kalender-Test.')
		await expect(post).toHaveAttribute('data-first', '')
		expect(await post.evaluate((element) => element === document.activeElement)).toBe(true)
		// Anchored to the chip: 8 px below it, or above it if there is no room below.
		const [chipBox, cardBox] = [(await post.boundingBox())!, (await card.boundingBox())!]
		const gap = cardBox.y >= chipBox.y ? cardBox.y - (chipBox.y + chipBox.height) : chipBox.y - (cardBox.y + cardBox.height)
		expect(Math.abs(gap - 8)).toBeLessThan(2)
		await page.keyboard.press('Tab')
		await expect(card).toBeHidden()
	})

	test('moves a post in the week view to another day and hour with the keyboard', async ({ page, db, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		const id = await insertPost(db, user.id, { title: 'Wochenplan', at: toInstant(nextWed, '10:00', zone) })
		await login(user)
		await gotoReady(page, `/schedule?date=${nextWed}`)
		await scrollWeekTo(page, 8)

		const post = chip(slot(page, nextWed, 10), 'Wochenplan')
		await post.focus()
		await page.keyboard.press('Space')
		await expect(post).toHaveAttribute('aria-pressed', 'true')
		await page.keyboard.press('ArrowRight')
		await expect(slot(page, nextThu, 10)).toHaveAttribute('data-over', 'true')
		await page.keyboard.press('ArrowDown')
		await expect(slot(page, nextThu, 11)).toHaveAttribute('data-over', 'true')
		await page.keyboard.press('ArrowDown')
		await expect(slot(page, nextThu, 12)).toHaveAttribute('data-over', 'true')
		await page.keyboard.press('Space')

		await expect(chip(slot(page, nextThu, 12), 'Wochenplan')).toBeVisible()
		await expect(page.getByText('Termin geändert')).toBeVisible()
		await expect.poll(() => storedInstant(db, id)).toBe(toInstant(nextThu, '12:00', zone).toISOString())
		await page.reload()
		await expect(chip(slot(page, nextThu, 12), 'Wochenplan')).toBeAttached()
	})

	test('moves a post in the month view with the keyboard, and a screen reader hears each step in German', async ({ page, db, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		const id = await insertPost(db, user.id, { title: 'Tastaturplan', at: toInstant(nextWed, '10:30', zone) })
		await login(user)
		await gotoReady(page, `/schedule?view=month&date=${nextWed}`)

		const post = chip(day(page, nextWed), 'Tastaturplan')
		// The instructions dnd-kit reads out on focus, referenced by the chip's aria-describedby.
		const describedBy = await post.getAttribute('aria-describedby')
		await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(/Leertaste, um den Post aufzunehmen/)
		// Everything dnd-kit's live region says (it keeps only the latest line).
		await page.evaluate(() => {
			const region = document.querySelector('[id^="DndLiveRegion"]')!
			const said: Array<string> = []
			Object.assign(window, { said })
			new MutationObserver(() => said.push(region.textContent ?? '')).observe(region, { childList: true, characterData: true, subtree: true })
		})
		const said = () => page.evaluate(() => (window as unknown as { said: Array<string> }).said.join('\n'))

		await post.focus()
		await page.keyboard.press('Space')
		await expect(post).toHaveAttribute('aria-pressed', 'true')
		await expect.poll(said).toContain('„Tastaturplan“ aufgenommen.')
		await page.keyboard.press('ArrowRight')
		await expect(day(page, nextThu)).toHaveAttribute('data-over', 'true')
		await expect.poll(said).toContain('„Tastaturplan“ über Donnerstag')
		await page.keyboard.press('ArrowDown')
		await page.keyboard.press('ArrowUp')
		await expect(day(page, nextThu)).toHaveAttribute('data-over', 'true')
		await page.keyboard.press('Space')
		await expect.poll(said).toContain('„Tastaturplan“ abgelegt auf Donnerstag')

		await expect(chip(day(page, nextThu), 'Tastaturplan')).toBeVisible()
		await expect.poll(() => storedInstant(db, id)).toBe(toInstant(nextThu, '10:30', zone).toISOString())

		// Escape puts a picked-up post back where it was.
		const moved = chip(day(page, nextThu), 'Tastaturplan')
		await moved.focus()
		await page.keyboard.press('Space')
		await expect(moved).toHaveAttribute('aria-pressed', 'true')
		await page.keyboard.press('ArrowRight')
		await expect(day(page, nextFri)).toHaveAttribute('data-over', 'true')
		await page.keyboard.press('Escape')
		await expect.poll(said).toContain('Verschieben von „Tastaturplan“ abgebrochen.')
		await expect(chip(day(page, nextThu), 'Tastaturplan')).toBeVisible()
		await expect.poll(() => storedInstant(db, id)).toBe(toInstant(nextThu, '10:30', zone).toISOString())
	})

	test('moves a post in the week view with the mouse', async ({ page, db, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		const id = await insertPost(db, user.id, { title: 'Mausplan', platform: 'instagram', at: toInstant(nextWed, '16:00', zone) })
		await login(user)
		await gotoReady(page, `/schedule?date=${nextWed}`)
		await scrollWeekTo(page, 12)

		await dragWithMouse(page, chip(slot(page, nextWed, 16), 'Mausplan'), slot(page, nextTue, 18))

		await expect(chip(slot(page, nextTue, 18), 'Mausplan')).toBeVisible()
		await expect.poll(() => storedInstant(db, id)).toBe(toInstant(nextTue, '18:00', zone).toISOString())
	})

	test('moves a post in the month view to another day and keeps its time of day', async ({ page, db, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		const id = await insertPost(db, user.id, { title: 'Monatsplan', at: toInstant(nextWed, '10:30', zone) })
		await login(user)
		await gotoReady(page, `/schedule?view=month&date=${nextWed}`)

		await dragWithMouse(page, chip(day(page, nextWed), 'Monatsplan'), day(page, nextFri))

		await expect(chip(day(page, nextFri), 'Monatsplan')).toBeVisible()
		await expect.poll(() => storedInstant(db, id)).toBe(toInstant(nextFri, '10:30', zone).toISOString())
		await expect(chip(day(page, nextFri), 'Monatsplan')).toContainText('10:30')
	})

	test('a published post cannot be moved', async ({ page, db, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		const lastWed = lastWeek[2]!
		const lastThu = lastWeek[3]!
		const publishedAt = toInstant(lastWed, '16:00', zone)
		const id = await insertPost(db, user.id, { title: 'Schon draussen', status: 'published', at: publishedAt })
		await login(user)
		await gotoReady(page, `/schedule?date=${lastWed}`)

		const post = chip(slot(page, lastWed, 16), 'Schon draussen')
		await expect(post).toHaveAttribute('aria-disabled', 'true')
		await dragWithMouse(page, post, slot(page, lastThu, 17))
		await post.focus()
		await page.keyboard.press('Space')
		await page.keyboard.press('ArrowRight')
		await page.keyboard.press('Space')
		await expect(post).not.toHaveAttribute('aria-pressed', 'true')
		await expect(chip(slot(page, lastWed, 16), 'Schon draussen')).toBeVisible()
		await expect(slot(page, lastThu, 17).locator('.cal-chip')).toHaveCount(0)

		// The server refuses as well, with the German message (a data request, as the page's fetcher sends it).
		const response = await page.request.post('/schedule.data', {
			form: { intent: 'reschedule', postId: id, date: nextThu, time: '12:00' },
			headers: { Origin: e2eUrl },
		})
		expect(response.status()).toBe(400)
		expect(await response.text()).toContain('Veröffentlichte Posts können nicht verschoben werden.')
		expect(await storedInstant(db, id, 'published_at')).toBe(publishedAt.toISOString())
		expect(await storedInstant(db, id)).toBeNull()
	})

	test("shows two posts per day and '+1 mehr', which opens that week", async ({ page, db, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		for (const [title, time] of [['Erster', '09:00'], ['Zweiter', '11:00'], ['Dritter', '13:00']] as const) {
			await insertPost(db, user.id, { title, at: toInstant(nextThu, time, zone) })
		}
		await login(user)
		await gotoReady(page, `/schedule?view=month&date=${nextThu}`)

		const cell = day(page, nextThu)
		await expect(cell.locator('.cal-chip')).toHaveCount(2)
		await expect(chip(cell, 'Erster')).toBeVisible()
		await expect(chip(cell, 'Zweiter')).toBeVisible()
		await cell.getByText('+1 mehr').click()
		await expect(page).toHaveURL(`/schedule?view=week&date=${nextThu}`)
		await expect(page.getByRole('button', { name: 'Woche', exact: true })).toHaveAttribute('aria-pressed', 'true')
		await expect(chip(slot(page, nextThu, 13), 'Dritter')).toBeAttached()
	})

	test('the stat cards show the real numbers of this week', async ({ page, db, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		const now = Date.now()
		const thisWeek = weekRange(todayIn(zone, new Date(now)), zone)
		// Instants inside this week: published ones before now, scheduled ones after.
		const earlier = new Date((thisWeek.start.getTime() + now) / 2)
		const later = (share: number) => new Date(now + (thisWeek.end.getTime() - now) * share)
		await insertPost(db, user.id, { title: 'Diese Woche', platform: 'facebook', status: 'published', at: earlier, engagement: { likes: 30, comments: 10, shares: 5 } })
		await insertPost(db, user.id, { title: 'Letzte Woche', platform: 'facebook', status: 'published', at: new Date(earlier.getTime() - 7 * 86_400_000), engagement: { likes: 40 } })
		await insertPost(db, user.id, { title: 'Bald', platform: 'linkedin', at: later(0.5) })
		await insertPost(db, user.id, { title: 'Später', platform: 'threads', at: later(0.75) })
		// Next week's post counts for the platforms, not for this week.
		await insertPost(db, user.id, { title: 'Nächste Woche', platform: 'linkedin', at: toInstant(nextWed, '10:00', zone) })
		await login(user)
		await gotoReady(page, '/schedule')

		await expect(page.getByTestId('stat-scheduled').getByText('2', { exact: true })).toBeVisible()
		await expect(page.getByTestId('stat-engagement')).toContainText('45')
		await expect(page.getByTestId('stat-engagement')).toContainText('+12,5 % vs. letzte Woche')
		const platforms = page.getByTestId('stat-platforms')
		await expect(platforms).toContainText('Facebook: 2')
		await expect(platforms).toContainText('LinkedIn: 2')
		await expect(platforms).toContainText('Threads: 1')
	})
})
