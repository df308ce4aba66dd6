import type { Page } from '@playwright/test'
import { connectPlatform, expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { networkTarget, TARGET_STEP_HEADING } from '#tests/e2e/creator-targets.ts'
import { checkAccessibility, describeViolations } from '#tests/e2e/a11y.ts'
import { expectNoHorizontalScroll, phone } from '#tests/e2e/phone-support.ts'

// The main flows on a phone (390x844, touch): sign-in, the drawer navigation, create and plan a
// post, Meine Posts, settings. Each screen: no sideways scrolling and axe clean. (The calendar's
// touch drag: phone-calendar.spec.ts.)
test.use(phone)

async function expectPhoneReady(page: Page, what: string) {
	await expectNoHorizontalScroll(page, what)
	// A toast sliding in is judged at its final colours.
	await page.waitForTimeout(500)
	const { serious } = await checkAccessibility(page)
	expect(serious, `${what}:\n${describeViolations(serious)}`).toEqual([])
}

test('sign in by tapping; the menu opens the drawer with every entry, traps focus and closes with Escape, the button or a link', async ({ page, createConfirmedUser }) => {
	test.setTimeout(60_000)
	const user = await createConfirmedUser({ admin: true, fullName: 'Pia Phone' })
	await gotoReady(page, '/auth')
	await expectPhoneReady(page, '/auth')
	await page.getByLabel('E-Mail').fill(user.email)
	await page.getByLabel('Passwort', { exact: true }).fill(user.password)
	await page.getByRole('button', { name: 'Anmelden', exact: true }).tap()
	await expect(page).toHaveURL('/')
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	// The sidebar gives way to the top bar.
	await expect(page.getByTestId('profile-card')).toBeHidden()
	await expect(page.getByRole('link', { name: /Entwürfe/ })).toBeVisible()
	await expectPhoneReady(page, 'dashboard')

	const menu = page.getByRole('button', { name: 'Menü öffnen' })
	const box = (await menu.boundingBox())!
	expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44)
	await menu.tap()
	const drawer = page.getByRole('dialog', { name: 'Menü' })
	await expect(drawer).toBeVisible()
	const nav = drawer.getByRole('navigation', { name: 'Hauptnavigation' })
	for (const label of ['Dashboard', 'Post erstellen', 'Meine Posts', 'Kalender', 'News', 'KI Modelle', 'Toolbox', 'Logbuch', 'Admin Panel', 'Mein Agent', 'Marken', 'Einstellungen']) {
		await expect(nav.getByRole('link', { name: label })).toBeVisible()
	}
	await expect(drawer.getByTestId('profile-card')).toContainText('Pia Phone')
	await expectPhoneReady(page, 'drawer')
	// Focus stays inside the drawer.
	for (let i = 0; i < 20; i++) await page.keyboard.press('Tab')
	expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true)
	await page.keyboard.press('Escape')
	await expect(drawer).toBeHidden()
	await expect(menu).toBeFocused()

	await menu.tap()
	await drawer.getByRole('button', { name: 'Menü schließen' }).tap()
	await expect(drawer).toBeHidden()

	await menu.tap()
	await nav.getByRole('link', { name: 'Einstellungen' }).tap()
	await expect(page).toHaveURL('/settings')
	await expect(drawer).toBeHidden()
	await expectPhoneReady(page, '/settings')
	const profile = page.getByTestId('settings-profile')
	await profile.getByLabel('Name').fill('Pia Handy')
	await profile.getByRole('button', { name: 'Speichern' }).tap()
	await expect(page.getByText('Einstellungen gespeichert').first()).toBeVisible()
})

test('create and plan a post on a phone: steps and preview stacked, the schedule dialog full-screen, Meine Posts with the status switcher', async ({ page, createConfirmedUser, login, services, db }) => {
	test.setTimeout(90_000)
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'linkedin')
	await login(user)
	await gotoReady(page, '/create')
	await expectPhoneReady(page, '/create')
	await page.getByRole('button', { name: /^Smart Prompt Creator/ }).tap()
	await page.getByLabel('Ihre Idee').fill('Drei Tipps für mehr Sichtbarkeit im lokalen Handwerk')
	await page.getByRole('button', { name: 'Weiter' }).tap()
	await expect(page.getByRole('heading', { name: TARGET_STEP_HEADING })).toBeVisible()
	await expectNoHorizontalScroll(page, 'platform step')
	await networkTarget(page, 'LinkedIn').tap()
	await page.getByRole('button', { name: 'Bilder generieren & Vorschau' }).tap()
	await expect(page.getByRole('heading', { name: 'Vorschau', exact: true })).toBeVisible({ timeout: 20_000 })
	await expect(page.getByRole('textbox', { name: 'Text für LinkedIn' })).toBeVisible()
	await expectPhoneReady(page, 'preview')

	await page.getByRole('button', { name: 'Planen' }).tap()
	const dialog = page.getByRole('dialog', { name: 'Post planen' })
	await expect(dialog).toBeVisible()
	// Full width once its opening animation (a slight zoom) has ended.
	await expect.poll(async () => (await dialog.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(389)
	await expectNoHorizontalScroll(page, 'schedule dialog')
	await dialog.getByRole('button', { name: 'Planen' }).tap()
	await expect(page).toHaveURL(/\/posts$/)
	await expect.poll(async () => (await db.selectFrom('posts').select('status').where('user_id', '=', user.id).execute()).map((p) => p.status)).toEqual(['scheduled'])

	// Meine Posts: one column at a time; the first one with posts opens.
	const switcher = page.getByRole('radiogroup', { name: 'Status anzeigen' })
	await expect(switcher).toBeVisible()
	await expect(page.getByTestId('column-scheduled')).toBeVisible()
	await expect(page.getByTestId('column-drafts')).toBeHidden()
	await expect(page.getByTestId('column-scheduled').getByTestId('post-card')).toHaveCount(1)
	await expectPhoneReady(page, '/posts')
	await switcher.getByRole('radio', { name: /Entwürfe/ }).tap()
	await expect(page.getByTestId('column-drafts')).toBeVisible()
	await expect(page.getByTestId('column-scheduled')).toBeHidden()
})
