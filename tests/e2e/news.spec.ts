import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { FAKE_ATOM_PATH, FAKE_FEED_TITLES, FAKE_RSS_PATH } from '#tests/fakes/web.ts'
import { fakeWebUrl } from '#tests/support/e2e.ts'

const rssUrl = `${fakeWebUrl}${FAKE_RSS_PATH}`
const atomUrl = `${fakeWebUrl}${FAKE_ATOM_PATH}`
const settings = { niche: 'Treuhand', targetAudience: 'KMU in der Schweiz', keywords: ['wasserstoff'], newsKeywords: ['ki', 'automation'] }

test('news from the local fake feeds appear after a refresh and become a post in the creator', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await services.news.saveContentSettings(user.id, settings)
	// Only the local fakes: the default sources would reach the real internet.
	await services.news.saveNewsFeeds(user.id, [atomUrl])
	await login(user)
	await gotoReady(page, '/news')
	await expect(page.getByRole('heading', { name: 'Persönlicher News Feed' })).toBeVisible()
	await expect(page.getByTestId('news-empty')).toBeVisible()

	// 'Quellen' in the collapsible settings summary: add the RSS feed.
	await page.getByRole('button', { name: 'Einstellungen anzeigen' }).click()
	const sources = page.getByTestId('news-sources')
	await expect(sources.getByTestId('news-source')).toHaveCount(1)
	await sources.getByRole('textbox', { name: 'Feed-Adresse' }).fill('ftp://kein-feed')
	await expect(sources.getByRole('button', { name: 'Hinzufügen' })).toBeDisabled()
	await sources.getByRole('textbox', { name: 'Feed-Adresse' }).fill(rssUrl)
	await sources.getByRole('button', { name: 'Hinzufügen' }).click()
	await expect(sources.getByTestId('news-source')).toHaveCount(2)
	await expect(sources.getByRole('textbox', { name: 'Feed-Adresse' })).toHaveValue('')
	const saved = await db.selectFrom('content_settings').select('news_feeds').where('user_id', '=', user.id).executeTakeFirstOrThrow()
	expect(saved.news_feeds).toEqual([atomUrl, rssUrl])

	await page.getByTestId('news-refresh').click()
	await expect(page.getByText('News aktualisiert').first()).toBeVisible({ timeout: 20_000 })
	const cards = page.getByTestId('news-card')
	await expect(cards).toHaveCount(4)
	const kiCard = cards.filter({ hasText: FAKE_FEED_TITLES.kiAutomation })
	await expect(kiCard.getByTestId('trending-badge')).toBeVisible()
	await expect(kiCard.getByRole('link', { name: 'Zum Artikel' })).toHaveAttribute('href', `${fakeWebUrl}/artikel/ki-assistenten-mittelstand`)
	for (const unrelated of FAKE_FEED_TITLES.unrelated) await expect(page.getByText(unrelated)).toHaveCount(0)
	await expect(page.getByTestId('idea-card')).toHaveCount(4)
	await expect(page.getByTestId('news-source-report')).toContainText('Technikwelt')

	const rows = await db.selectFrom('news_items').select(['title', 'content', 'trending']).where('user_id', '=', user.id).execute()
	expect(rows.map((r) => r.title).sort()).toEqual([FAKE_FEED_TITLES.automation, FAKE_FEED_TITLES.kiAutomation, FAKE_FEED_TITLES.kiBuchhaltung, FAKE_FEED_TITLES.wasserstoff].sort())
	const ki = rows.find((r) => r.title === FAKE_FEED_TITLES.kiAutomation)!
	expect(ki.trending).toBe(true)
	await expect(kiCard.getByTestId('news-summary')).toHaveText(ki.content)

	await kiCard.getByRole('button', { name: 'Post erstellen' }).click()
	await expect(page).toHaveURL(/\/create$/)
	await expect(page.getByLabel('Ihre Idee')).toHaveValue(`${FAKE_FEED_TITLES.kiAutomation}\n\n${ki.content}`)
})

test('the daily job runs once per day even when triggered twice', async ({ page, createConfirmedUser, login, services, composition, db }) => {
	const user = await createConfirmedUser()
	await services.news.saveContentSettings(user.id, settings)
	await services.news.saveNewsFeeds(user.id, [rssUrl, atomUrl])
	const task = composition.tasks.find((t) => t.id === 'news_daily_user')
	expect(task).toBeDefined()
	await task!.handler({ userId: user.id }, { jobId: 'e2e-1', attempts: 1 })
	const first = await db.selectFrom('news_items').select(['id', 'created_at']).where('user_id', '=', user.id).orderBy('id').execute()
	expect(first).toHaveLength(4)
	await task!.handler({ userId: user.id }, { jobId: 'e2e-2', attempts: 1 })
	expect(await db.selectFrom('news_items').select(['id', 'created_at']).where('user_id', '=', user.id).orderBy('id').execute()).toEqual(first)
	expect(await db.selectFrom('content_ideas').select('id').where('user_id', '=', user.id).execute()).toHaveLength(4)
	expect(await db.selectFrom('user_news_generation_log').select('last_generated_date').where('user_id', '=', user.id).execute()).toHaveLength(1)

	await login(user)
	await gotoReady(page, '/news')
	await expect(page.getByTestId('news-card')).toHaveCount(4)
	await expect(page.getByTestId('news-refreshed-at')).toContainText('Zuletzt aktualisiert:')
})

test("dashboard ideas need settings ('Einstellungen fehlen'); with settings 'Mehr generieren' shows four ideas", async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await services.news.saveContentSettings(user.id, { niche: '', targetAudience: '', keywords: [], newsKeywords: [] })
	await login(user)
	await gotoReady(page, '/')
	const card = page.getByTestId('dashboard-ideas')
	await expect(card.getByRole('heading', { name: 'KI Content-Ideen' })).toBeVisible()
	await expect(card.getByText('Einstellungen fehlen')).toBeVisible()
	await expect(card.getByRole('link', { name: 'Zu den Einstellungen' })).toHaveAttribute('href', '/settings#content')
	await expect(card.getByRole('button', { name: 'Mehr generieren' })).toHaveCount(0)

	await services.news.saveContentSettings(user.id, { niche: 'Bäckerei', targetAudience: 'Familien im Quartier', keywords: ['brot'], newsKeywords: [] })
	await gotoReady(page, '/')
	await expect(card.getByText('Einstellungen fehlen')).toHaveCount(0)
	await card.getByRole('button', { name: 'Mehr generieren' }).click()
	await expect(card.getByTestId('idea-card')).toHaveCount(4)
	const ideas = await db.selectFrom('content_ideas').select(['title', 'description', 'created_at']).where('user_id', '=', user.id).orderBy('created_at', 'desc').execute()
	expect(ideas).toHaveLength(4)
	for (const idea of ideas) await expect(card.getByText(idea.title, { exact: true })).toBeVisible()

	const first = card.getByTestId('idea-card').first()
	const title = (await first.locator('div').first().innerText()).trim()
	const idea = ideas.find((i) => title.startsWith(i.title))!
	await first.getByRole('button', { name: 'Post erstellen' }).click()
	await expect(page).toHaveURL(/\/create$/)
	await expect(page.getByLabel('Ihre Idee')).toHaveValue(`${idea.title}\n\n${idea.description}`)
})
