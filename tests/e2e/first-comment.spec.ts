import type { Locator, Page } from '@playwright/test'
import type { Kysely } from 'kysely'
import { randomUUID } from 'node:crypto'
import type { DB } from '#modules/core/db.server.ts'
import { shiftWeek, todayIn, weekRange } from '#modules/scheduling/index.ts'
import type { Services } from '#modules/services.ts'
import { connectPlatform, expect, expectTouchTarget, gotoReady, test, waitForLive, type TestUser } from '#tests/e2e/fixtures.ts'

// The first comment and the AI label in the editor of Meine Posts (issue 39, items 5 and 7; ADR 0062):
// written in the editor and published with 'Sofort posten' to the sandbox, where it appears under the
// post; the card then shows 'Kommentar veröffentlicht' with its link, read from the delivery's columns.
// 'KI-Kennzeichnung: An' is stored and shown as 'KI' on the card and in the calendar's hover card. A
// LinkedIn member profile takes no comment through the API: the editor says so in German, and
// publishing is refused before anything is sent.

const zone = 'Europe/Zurich'

async function draftPost(services: Services, userId: string, platform: string, text: string, channelIds?: Array<string>) {
	return services.content.createPost(userId, { platform, content: { base: text, platforms: {} }, status: 'draft', timeZone: zone, ...(channelIds ? { channelIds } : {}) })
}

async function deliveryOf(db: Kysely<DB>, postId: string) {
	return db.selectFrom('post_deliveries').select(['status', 'external_id', 'comment_status', 'comment_external_id', 'comment_url']).where('post_id', '=', postId).executeTakeFirstOrThrow()
}

/** The editor of the card with `text`, opened with a click or a tap. */
async function openEditor(page: Page, text: string, tap: boolean) {
	const card = page.getByTestId('post-card').filter({ hasText: text })
	const edit = card.getByRole('button', { name: 'Bearbeiten' })
	await (tap ? edit.tap() : edit.click())
	const dialog = page.getByRole('dialog', { name: /Post bearbeiten/ })
	await expect(dialog.getByTestId('editor-first-comment')).toBeVisible()
	return { card, dialog }
}

const press = (locator: Locator, tap: boolean) => (tap ? locator.tap() : locator.click())

/** Writes a first comment, sets 'KI-Kennzeichnung: An', publishes now; then the sandbox, the card and the database. */
async function commentPublishedFromEditor(page: Page, db: Kysely<DB>, services: Services, user: TestUser, tap: boolean) {
	await connectPlatform(services, user.id, 'facebook')
	const text = `Frischer Zopf am Sonntag ${randomUUID().slice(0, 8)}`
	const comment = 'Das Rezept steht hier: https://beispiel.ch/zopf'
	const post = await draftPost(services, user.id, 'facebook', text)
	await gotoReady(page, '/posts')
	await waitForLive(page)

	const { card, dialog } = await openEditor(page, text, tap)
	const field = dialog.getByRole('textbox', { name: 'Erster Kommentar' })
	await field.fill(comment)
	await expect(dialog.getByTestId('first-comment-counter')).toHaveText(new RegExp(`^${comment.length} / `))
	await expect(dialog.getByTestId('first-comment-notices')).toHaveCount(0)
	const aiLabel = dialog.getByTestId('editor-ai-label')
	await expect(aiLabel.getByRole('radio', { name: 'Automatisch' })).toHaveAttribute('aria-checked', 'true')
	const on = aiLabel.getByRole('radio', { name: 'An' })
	if (tap) await expectTouchTarget(on)
	await press(on, tap)
	await expect(on).toHaveAttribute('aria-checked', 'true')
	if (tap) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
	await press(dialog.getByRole('button', { name: 'Sofort posten' }), tap)
	await expect(page.getByText('✅ Post erfolgreich veröffentlicht!')).toBeVisible({ timeout: 30_000 })

	// The delivery's comment: published once, with the network's id and link.
	await expect.poll(async () => (await deliveryOf(db, post.id)).comment_status, { timeout: 30_000 }).toBe('published')
	const delivery = await deliveryOf(db, post.id)
	expect(delivery).toMatchObject({ status: 'published', comment_external_id: expect.any(String), comment_url: expect.stringMatching(/^https?:\/\//) })
	const stored = await db.selectFrom('posts').select(['content', 'ai_label']).where('id', '=', post.id).executeTakeFirstOrThrow()
	expect(stored.ai_label).toBe('on')
	expect(JSON.parse(stored.content)).toMatchObject({ base: text, firstComment: { base: comment } })

	// The card, live (the comment's outcome announces itself): 'KI', and the comment's state with its link.
	await expect(card.getByTestId('ai-badge')).toHaveText('KI')
	const state = card.getByTestId('comment-state')
	await expect(state).toContainText('Kommentar veröffentlicht')
	await expect(state.getByRole('link', { name: 'Kommentar ansehen' })).toHaveAttribute('href', delivery.comment_url!)
	// And read again with the page's delivery states.
	await gotoReady(page, '/posts')
	await expect(card.getByTestId('comment-state')).toContainText('Kommentar veröffentlicht')

	// The sandbox shows the comment under the post.
	await page.goto('/sandbox')
	const published = page.locator('article[data-platform="facebook"]').filter({ hasText: text })
	await expect(published).toHaveCount(1)
	await expect(published.locator('li.comment').filter({ hasText: comment })).toHaveCount(1)
}

test.describe('at 1440 px', () => {
	test.use({ viewport: { width: 1440, height: 900 } })

	test('a first comment written in the editor is published under the post; the card links it; the AI label is stored', async ({ page, db, services, createConfirmedUser, login }) => {
		test.setTimeout(120_000)
		const user = await createConfirmedUser()
		await login(user)
		await commentPublishedFromEditor(page, db, services, user, false)
	})

	test('the calendar hover card names the first comment and KI; Aus removes the badge', async ({ page, db, services, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		await connectPlatform(services, user.id, 'facebook')
		const nextWed = weekRange(shiftWeek(todayIn(zone, new Date()), 1), zone).days[2]!
		const text = 'Herbstmarkt am Mittwoch'
		const planned = await services.content.createScheduledPost(
			user.id,
			randomUUID(),
			{ platform: 'facebook', content: { base: text, platforms: {}, firstComment: { base: 'Alle Stände: https://beispiel.ch/markt', platforms: {} } } },
			{ date: nextWed, time: '10:00', timeZone: zone },
		)
		if (!planned.ok) throw new Error(planned.error)
		await login(user)
		await gotoReady(page, '/posts')
		const { card, dialog } = await openEditor(page, text, false)
		await expect(dialog.getByRole('textbox', { name: 'Erster Kommentar' })).toHaveValue('Alle Stände: https://beispiel.ch/markt')
		await expect(card.getByTestId('ai-badge')).toHaveCount(0)
		await dialog.getByTestId('editor-ai-label').getByRole('radio', { name: 'An' }).click()
		await dialog.getByRole('button', { name: 'Speichern' }).click()
		await expect(dialog).toBeHidden()
		await expect(card.getByTestId('ai-badge')).toBeVisible()
		expect((await db.selectFrom('posts').select('ai_label').where('id', '=', planned.post.id).executeTakeFirstOrThrow()).ai_label).toBe('on')

		await gotoReady(page, `/schedule?date=${nextWed}`)
		await page.getByRole('button', { name: new RegExp(`^\\d\\d:\\d\\d ${text} –`) }).hover()
		const preview = page.getByTestId('post-preview')
		await expect(preview.getByTestId('preview-first-comment')).toHaveText('Erster Kommentar: Alle Stände: https://beispiel.ch/markt')
		await expect(preview.getByTestId('preview-ai')).toHaveText('KI')

		await gotoReady(page, '/posts')
		const again = await openEditor(page, text, false)
		await again.dialog.getByTestId('editor-ai-label').getByRole('radio', { name: 'Aus' }).click()
		await again.dialog.getByRole('button', { name: 'Speichern' }).click()
		await expect(again.dialog).toBeHidden()
		await expect(card.getByTestId('ai-badge')).toHaveCount(0)
		expect((await db.selectFrom('posts').select('ai_label').where('id', '=', planned.post.id).executeTakeFirstOrThrow()).ai_label).toBe('off')
	})

	test('a first comment on a LinkedIn member profile is refused in German in the editor and before publishing', async ({ page, db, services, createConfirmedUser, login }) => {
		const user = await createConfirmedUser()
		await connectPlatform(services, user.id, 'linkedin')
		const member = await db.selectFrom('channels').select(['id', 'page_name']).where('user_id', '=', user.id).where('platform', '=', 'linkedin').where('page_type', '=', 'personal').executeTakeFirstOrThrow()
		const text = 'Neue Stelle in der Backstube'
		const post = await draftPost(services, user.id, 'linkedin', text, [member.id])
		await login(user)
		await gotoReady(page, '/posts')

		const { dialog } = await openEditor(page, text, false)
		await dialog.getByRole('textbox', { name: 'Erster Kommentar' }).fill('Bewerbung: https://beispiel.ch/jobs')
		const notice = dialog.getByTestId('first-comment-first_comment_not_supported')
		await expect(notice).toHaveText(`LinkedIn (${member.page_name}): LinkedIn erlaubt den ersten Kommentar nur auf Unternehmensseiten, nicht auf persönlichen Profilen. Entfernen Sie den Kommentar für diesen Kanal bitte.`)
		await dialog.getByRole('button', { name: 'Sofort posten' }).click()
		// Saved, then refused before anything leaves: the same German reason.
		await expect(dialog).toBeHidden()
		const refusal = page.getByRole('alertdialog', { name: 'So kann der Post nicht veröffentlicht werden' })
		await expect(refusal).toContainText('erlaubt den ersten Kommentar nur auf Unternehmensseiten', { timeout: 20_000 })
		const delivery = await deliveryOf(db, post.id)
		expect(delivery).toMatchObject({ external_id: null, comment_status: null })
		expect(delivery.status).not.toBe('published')
		const stored = await db.selectFrom('posts').select(['status', 'content']).where('id', '=', post.id).executeTakeFirstOrThrow()
		expect(stored.status).toBe('draft')
		expect(JSON.parse(stored.content)).toMatchObject({ firstComment: { base: 'Bewerbung: https://beispiel.ch/jobs' } })
	})
})

test.describe('the creator at 1440 px', () => {
	test.use({ viewport: { width: 1440, height: 900 } })

	test('the preview s first comment under the network s text is stored with the planned post; opened again, it is there', async ({ page, db, services, createConfirmedUser, login }) => {
		test.setTimeout(120_000)
		const user = await createConfirmedUser()
		await connectPlatform(services, user.id, 'facebook')
		const channel = await db.selectFrom('channels').select(['id', 'page_name']).where('user_id', '=', user.id).where('platform', '=', 'facebook').where('is_default', '=', true).executeTakeFirstOrThrow()
		await login(user)
		await gotoReady(page, '/create')
		await page.getByRole('button', { name: /^Smart Prompt Creator/ }).click()
		await page.getByLabel('Ihre Idee').fill('Frische Zimtschnecken ab Samstag')
		await page.getByRole('button', { name: 'Weiter' }).click()
		await page.locator('label').filter({ has: page.getByRole('checkbox', { name: new RegExp(`^${channel.page_name}`) }) }).click()
		await page.getByRole('button', { name: 'Bilder generieren & Vorschau' }).click()
		await expect(page.getByRole('heading', { name: 'Vorschau', exact: true })).toBeVisible({ timeout: 30_000 })

		const facebook = page.getByTestId('editor-facebook')
		await facebook.getByRole('textbox', { name: 'Erster Kommentar für Facebook' }).fill('Vorbestellen: https://beispiel.ch/zimt')
		await expect(facebook.getByTestId('first-comment-counter')).toHaveText(/^38 \/ /)
		await page.getByRole('button', { name: 'Planen' }).click()
		const dialog = page.getByRole('dialog', { name: 'Post planen' })
		await dialog.getByRole('button', { name: 'Planen' }).click()
		await expect(page).toHaveURL(/\/posts$/, { timeout: 20_000 })
		const post = await db.selectFrom('posts').select(['id', 'content']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
		expect(JSON.parse(post.content)).toMatchObject({ firstComment: { base: 'Vorbestellen: https://beispiel.ch/zimt', platforms: {} } })

		await gotoReady(page, `/create?post=${post.id}`)
		await expect(page.getByTestId('editor-facebook').getByRole('textbox', { name: 'Erster Kommentar für Facebook' })).toHaveValue('Vorbestellen: https://beispiel.ch/zimt')
	})
})

test.describe('on a phone (390 px, touch)', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

	test('the editor s first comment and AI label work by touch; the comment is published under the post', async ({ page, db, services, createConfirmedUser, login }) => {
		test.setTimeout(120_000)
		const user = await createConfirmedUser()
		await login(user)
		await commentPublishedFromEditor(page, db, services, user, true)
	})
})
