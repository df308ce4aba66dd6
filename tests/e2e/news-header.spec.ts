import { sql } from 'kysely'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { FAKE_ATOM_PATH } from '#tests/fakes/web.ts'
import { fakeWebUrl } from '#tests/support/e2e.ts'

// Defect 12: after a failed refresh the header says so (and when the news were last read), never
// "Noch nie aktualisiert"; the waiting time is written with real plural forms.

const settings = { niche: 'Treuhand', targetAudience: 'KMU in der Schweiz', keywords: ['wasserstoff'], newsKeywords: ['ki', 'automation'] }
const toastWith = (page: import('@playwright/test').Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first()

test('a failed refresh is named in the header with the last successful one', async ({ page, createConfirmedUser, login, services }) => {
	const user = await createConfirmedUser()
	await services.news.saveContentSettings(user.id, settings)
	// A source that answers 404: every source fails.
	await services.news.saveNewsFeeds(user.id, [`${fakeWebUrl}/gibt-es-nicht.xml`])
	await login(user)
	await gotoReady(page, '/news')
	const header = page.getByTestId('news-refreshed-at')
	await expect(header).toContainText('Noch nie aktualisiert')

	await page.getByTestId('news-refresh').click()
	await expect(header).toContainText(/Die letzte Aktualisierung am \d\d\.\d\d\.\d{4} \d\d:\d\d ist fehlgeschlagen \(bisher noch keine erfolgreiche Aktualisierung\)/)
	await expect(header).not.toContainText('Noch nie aktualisiert')

	// A successful run, then a failed one: both are named.
	await services.news.saveNewsFeeds(user.id, [`${fakeWebUrl}${FAKE_ATOM_PATH}`])
	await page.reload()
	await page.getByTestId('news-refresh').click()
	await expect(header).toContainText(/Zuletzt aktualisiert: \d\d\.\d\d\.\d{4} \d\d:\d\d/)
	await expect(page.getByTestId('news-refresh-failed')).toHaveCount(0)

	await services.news.saveNewsFeeds(user.id, [`${fakeWebUrl}/gibt-es-nicht.xml`])
	await page.reload()
	await page.getByTestId('news-refresh').click()
	await expect(header).toContainText(/Die letzte Aktualisierung am .+ ist fehlgeschlagen \(zuletzt erfolgreich am \d\d\.\d\d\.\d{4} \d\d:\d\d\)/)
})

test('the refresh limit names the waiting time in minutes with real plurals', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await services.news.saveContentSettings(user.id, settings)
	await services.news.saveNewsFeeds(user.id, [`${fakeWebUrl}${FAKE_ATOM_PATH}`])
	const key = `news_refresh:${user.id}`
	const limitEndsIn = async (seconds: number) => {
		await sql`insert into rate_limits (key, hits, window_start) values (${key}, 3, now() - ${`${600 - seconds} seconds`}::interval)
			on conflict (key) do update set hits = 3, window_start = excluded.window_start`.execute(db)
	}
	await login(user)
	await gotoReady(page, '/news')

	await limitEndsIn(30)
	await page.getByTestId('news-refresh').click()
	const first = toastWith(page, 'Sie können in 1 Minute wieder aktualisieren.')
	await expect(first).toBeVisible()
	// Toasts sit below the header, over the page's top right corner (where the button is): closed as a user would.
	await first.getByRole('button', { name: 'Meldung schliessen' }).click()
	await expect(first).toHaveCount(0)

	await limitEndsIn(290)
	await page.getByTestId('news-refresh').click()
	await expect(toastWith(page, 'Sie können in 5 Minuten wieder aktualisieren.')).toBeVisible()
	await expect(page.getByText('Minute(n)')).toHaveCount(0)
})
