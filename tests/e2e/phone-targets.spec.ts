import type { Locator, Page } from '@playwright/test'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { expectNoHorizontalScroll, phone } from '#tests/e2e/phone-support.ts'

// Issue 37, 4.10: what a finger meets at 390 px (touch): the posts switcher, switches and checkboxes,
// the admin users list and tabs, and 'Zur Kasse' on /pricing. Boxes are measured, not screenshotted.
test.use(phone)

const zurich = 'Europe/Zurich'

type Box = { left: number; right: number; top: number; bottom: number; width: number; height: number }
const boxOf = (locator: Locator): Promise<Box> => locator.evaluate((el) => el.getBoundingClientRect().toJSON() as Box)

/** The boxes of all visible elements matching `selector` (display: none ones have no box). */
async function visibleBoxes(page: Page, selector: string) {
	return page.evaluate((css) => {
		return Array.from(document.querySelectorAll(css))
			.map((el) => ({ name: el.getAttribute('aria-label') ?? el.closest('label')?.textContent?.slice(0, 40) ?? el.outerHTML.slice(0, 60), ...(el.getBoundingClientRect().toJSON() as Box) }))
			.filter((box) => box.width > 0 && box.height > 0)
	}, selector)
}

test('Meine Posts: each status segment shows its whole label and count on a 390 px screen', async ({ page, createConfirmedUser, login, services }) => {
	const user = await createConfirmedUser()
	for (const text of ['Eins', 'Zwei', 'Drei']) await services.content.createPost(user.id, { platform: 'linkedin', content: { base: text, platforms: {} }, status: 'draft', timeZone: zurich })
	await login(user)
	await gotoReady(page, '/posts')
	const switcher = page.getByRole('radiogroup', { name: 'Status anzeigen' })
	await expect(switcher).toBeVisible()
	await expect(switcher.getByRole('radio', { name: /Entwürfe/ })).toContainText('Entwürfe')
	await expect(switcher.getByRole('radio', { name: /Entwürfe/ })).toContainText('(3)')
	const bar = await boxOf(switcher)
	expect(bar.right).toBeLessThanOrEqual(390)
	// Nothing scrolls inside the switcher: every segment is fully in sight.
	expect(await switcher.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
	for (const key of ['drafts', 'scheduled', 'published']) {
		const item = page.getByTestId(`switch-${key}`)
		const box = await boxOf(item)
		expect(box.left, key).toBeGreaterThanOrEqual(bar.left - 0.5)
		expect(box.right, key).toBeLessThanOrEqual(bar.right + 0.5)
		expect(box.height, key).toBeGreaterThanOrEqual(44)
		// The label is one line (no wrap inside 'Veröffentlicht'), neither cut.
		const label = item.locator('.posts-switch-label').first()
		expect(await label.evaluate((el) => el.getClientRects().length), key).toBe(1)
		expect(await label.evaluate((el) => el.scrollWidth <= Math.ceil(el.getBoundingClientRect().width)), key).toBe(true)
	}
	await expectNoHorizontalScroll(page, '/posts')
})

test('switches and checkboxes are 44 x 44 px touch targets, drawn at their usual size', async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/settings')
	const switches = await visibleBoxes(page, '[role="switch"]')
	expect(switches.length).toBeGreaterThan(0)
	for (const box of switches) {
		expect(box.width, box.name).toBeGreaterThanOrEqual(44)
		expect(box.height, box.name).toBeGreaterThanOrEqual(44)
	}
	await expectNoHorizontalScroll(page, '/settings')
	await gotoReady(page, '/settings/integrationen')
	const checkboxes = await visibleBoxes(page, 'button[role="checkbox"]')
	expect(checkboxes.length).toBeGreaterThan(0)
	for (const box of checkboxes) {
		expect(box.width, box.name).toBeGreaterThanOrEqual(44)
		expect(box.height, box.name).toBeGreaterThanOrEqual(44)
	}
	// The drawn control stays small (not a 44 px square) and a tap at the box's edge still hits it.
	const scope = page.getByRole('checkbox', { name: /^Lesen/ })
	const drawn = await scope.evaluate((el) => Number.parseFloat(getComputedStyle(el, '::before').width))
	expect(drawn).toBeLessThanOrEqual(20)
	const before = await scope.getAttribute('data-state')
	const box = await boxOf(scope)
	await page.touchscreen.tap(box.left + 3, box.top + 3)
	await expect(scope).not.toHaveAttribute('data-state', before ?? '')
	await expectNoHorizontalScroll(page, '/settings/integrationen')
})

test("admin users on a phone: each user a card with its actions in sight; the admin tabs all visible", async ({ page, createConfirmedUser, login }) => {
	const admin = await createConfirmedUser({ admin: true, fullName: 'Ada Admin' })
	const target = await createConfirmedUser({ fullName: 'Greta Gutschrift' })
	await login(admin)
	await gotoReady(page, `/admin/users?q=${encodeURIComponent(target.email)}`)
	const row = page.getByTestId('admin-user-row')
	await expect(row).toHaveCount(1)
	for (const name of ['Credits hinzufügen', 'Verlauf']) {
		const button = row.getByRole('button', { name })
		await expect(button).toBeVisible()
		await button.scrollIntoViewIfNeeded()
		// Not clipped by the table's box: a tap on its middle reaches it.
		expect(await button.evaluate((el) => {
			const r = el.getBoundingClientRect()
			return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2))
		}), name).toBe(true)
		const box = await boxOf(button)
		expect(box.right, name).toBeLessThanOrEqual(390)
		expect(box.left, name).toBeGreaterThanOrEqual(0)
	}
	const role = row.getByRole('button', { name: 'Zum Admin machen' })
	expect((await boxOf(role)).right).toBeLessThanOrEqual(390)
	// Fields are labelled on the card (the header row is not shown).
	await expect(row.getByTestId('credits')).toBeVisible()
	expect(await row.getByTestId('credits').evaluate((el) => getComputedStyle(el, '::before').content)).toContain('Credits')
	await expectNoHorizontalScroll(page, '/admin/users')

	const tabs = page.getByRole('navigation').filter({ has: page.getByRole('link', { name: 'Benutzer' }) }).last()
	const links = tabs.getByRole('link')
	expect(await links.count()).toBe(9)
	for (let i = 0; i < 8; i++) {
		const box = await boxOf(links.nth(i))
		const name = await links.nth(i).textContent()
		expect(box.left, `${name}`).toBeGreaterThanOrEqual(0)
		expect(box.right, `${name}`).toBeLessThanOrEqual(390)
		expect(box.height, `${name}`).toBeGreaterThanOrEqual(44)
	}
})

test("/pricing on a phone: after choosing a pack, 'Zur Kasse' is on screen next to it", async ({ page, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/pricing')
	const pack = page.getByTestId('pack-credits_500')
	await pack.getByRole('button', { name: 'Auswählen' }).tap()
	await expect(page.getByTestId('checkout-total')).toBeVisible()
	const buy = page.getByRole('button', { name: 'Zur Kasse' })
	await expect(buy).toBeEnabled()
	const packBox = await boxOf(pack)
	const buyBox = await boxOf(buy)
	// In the window, no scrolling needed, and within one screen of the chosen pack.
	expect(buyBox.top).toBeGreaterThanOrEqual(0)
	expect(buyBox.bottom).toBeLessThanOrEqual(844)
	expect(Math.abs(buyBox.top - packBox.bottom)).toBeLessThan(844)
	// Still there when the user scrolls back up to the plans.
	await page.getByTestId('plan-pro').scrollIntoViewIfNeeded()
	const planBox = await boxOf(page.getByTestId('plan-pro'))
	const again = await boxOf(buy)
	expect(again.bottom).toBeLessThanOrEqual(844)
	expect(again.top).toBeGreaterThanOrEqual(0)
	expect(planBox.top).toBeLessThan(844)
	await buy.tap()
	await expect(page).toHaveURL(/\/pricing\/test-checkout\/tc_/)
})
