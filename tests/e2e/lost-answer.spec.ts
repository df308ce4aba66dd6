import type { Page } from '@playwright/test'
import { shiftWeek, todayIn, toInstant, weekRange } from '#modules/scheduling/index.ts'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

// Issue 37, 4.4: with the network down a fetcher's answer is lost. The page stays with a toast; the
// error page ("Ein unerwarteter Fehler ist aufgetreten") no longer replaces it after the toast (the
// router reloaded the page's data after the failed action, and that request failed as well).
const zone = 'Europe/Zurich'
const [, , nextWed, nextThu] = weekRange(shiftWeek(todayIn(zone, new Date()), 1), zone).days as [string, string, string, string]

// Sonner's code is loaded with the first toast, so offline the toast comes from the plain fallback list (toast.tsx).
const toastWith = (page: Page, text: string) => page.locator('[data-sonner-toast], [data-toast-fallback]').filter({ hasText: text }).first()
const errorPages = (page: Page) => page.getByText(/Ein unerwarteter Fehler ist aufgetreten|Modelle konnten nicht geladen werden/)

test('a like while the network is down keeps the gallery and says so; the next like with the network back is saved', async ({ page, context, db, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/test-models?tab=language')
	const card = page.locator('[data-testid="model-card"][data-model-id="gpt-4o"]')
	const like = card.getByRole('button', { name: /^Gefällt mir( nicht mehr)? – \d+ Likes?$/ })
	await expect(like).toHaveAttribute('aria-pressed', 'false')

	await context.setOffline(true)
	await like.click()
	await expect(toastWith(page, 'Das Like konnte nicht gespeichert werden.')).toBeVisible()
	// The optimistic like is taken back once the fetcher is done (after the reload it started, if any).
	await expect(like).toHaveAttribute('aria-pressed', 'false')
	await expect(page.locator('[data-testid="model-card"]').first()).toBeVisible()
	await expect(errorPages(page)).toHaveCount(0)

	await context.setOffline(false)
	await like.click()
	await expect(like).toHaveAttribute('aria-pressed', 'true')
	const likes = () => db.selectFrom('user_model_likes').select('id').where('user_id', '=', user.id).execute()
	await expect.poll(async () => (await likes()).length).toBe(1)
	await expect(errorPages(page)).toHaveCount(0)
})

test('a calendar move while the network is down keeps the calendar, puts the post back and says so', async ({ page, context, db, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await db
		.insertInto('posts')
		.values({ user_id: user.id, title: 'Funkloch', content: 'Funkloch: Text.', platform: 'linkedin', status: 'scheduled', scheduled_at: toInstant(nextWed, '10:00', zone), time_zone: zone })
		.execute()
	await login(user)
	await gotoReady(page, `/schedule?view=month&date=${nextWed}`)
	const chipIn = (date: string) => page.locator(`.cal-day[data-date="${date}"]`).getByRole('button', { name: /^10:00 Funkloch –/ })

	await context.setOffline(true)
	await chipIn(nextWed).focus()
	await page.keyboard.press('Space')
	await page.keyboard.press('ArrowRight')
	await expect(page.locator(`.cal-day[data-date="${nextThu}"]`)).toHaveAttribute('data-over', 'true')
	await page.keyboard.press('Space')
	await expect(toastWith(page, 'Keine Antwort vom Server')).toBeVisible()
	await expect(chipIn(nextWed)).toBeVisible()
	await expect(chipIn(nextThu)).toHaveCount(0)
	await expect(page.getByRole('heading', { name: 'Content Kalender' })).toBeVisible()
	await expect(errorPages(page)).toHaveCount(0)
})
