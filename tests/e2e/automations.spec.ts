import { connectPlatform, expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

const zurich = 'Europe/Zurich'
const DAY = 24 * 3600 * 1000
const helpers = { jobId: 'e2e', attempts: 1 }

test('autoRepost: a top post is proposed in review once; Freigeben plans it, Verwerfen discards the other for good', async ({ page, createConfirmedUser, login, services, composition, db }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'linkedin')
	const source = async (title: string, likes: number) =>
		(
			await db
				.insertInto('posts')
				.values({
					user_id: user.id,
					title,
					content: JSON.stringify({ base: `${title}: Danke für über hundert Reaktionen!`, platforms: {} }),
					platform: 'linkedin',
					status: 'published',
					published_at: new Date(Date.now() - 40 * DAY),
					engagement_likes: likes,
					engagement_comments: 30,
					engagement_shares: 10,
				})
				.returning('id')
				.executeTakeFirstOrThrow()
		).id
	const hit = await source('Unser Sommer-Hit', 90)
	const other = await source('Herbst-Rückblick', 80)
	await source('Kaum beachtet', 1)
	await services.toolbox.setEnabled(user.id, 'autoRepost', true)
	await services.toolbox.saveSettings(user.id, 'autoRepost', { minEngagement: 100, repostAfterDays: 30, platforms: ['linkedin'] })
	const run = () => composition.tasks.find((t) => t.id === 'toolbox_auto_repost_user')!.handler({ userId: user.id }, helpers)
	await run()
	await run()

	const proposals = await db.selectFrom('posts').select(['id', 'repost_of']).where('user_id', '=', user.id).where('status', '=', 'review').execute()
	expect(proposals.map((p) => p.repost_of).sort()).toEqual([hit, other].sort())

	await login(user)
	await gotoReady(page, '/posts')
	const drafts = page.getByTestId('column-drafts')
	const review = drafts.locator('[data-testid="post-card"][data-status="review"]')
	await expect(review).toHaveCount(2)
	const hitCard = review.filter({ hasText: 'Unser Sommer-Hit' })
	await expect(hitCard.getByText('Überprüfung', { exact: true })).toBeVisible()

	await hitCard.getByRole('button', { name: 'Freigeben' }).click()
	const dialog = page.getByRole('dialog', { name: 'Post planen' })
	await expect(dialog).toBeVisible()
	await dialog.getByRole('button', { name: 'Planen', exact: true }).click()
	await expect(dialog).toBeHidden()
	await expect(page.getByTestId('column-scheduled').getByTestId('post-card').filter({ hasText: 'Unser Sommer-Hit' })).toBeVisible()
	const approved = proposals.find((p) => p.repost_of === hit)!
	expect((await db.selectFrom('posts').select('status').where('id', '=', approved.id).executeTakeFirstOrThrow()).status).toBe('scheduled')
	expect(await db.selectFrom('post_deliveries').select(['platform', 'status']).where('post_id', '=', approved.id).execute()).toEqual([{ platform: 'linkedin', status: 'scheduled' }])

	const otherCard = review.filter({ hasText: 'Herbst-Rückblick' })
	await otherCard.getByRole('button', { name: 'Verwerfen' }).click()
	const confirm = page.getByRole('alertdialog', { name: 'Vorschlag verwerfen' })
	await confirm.getByRole('button', { name: 'Verwerfen' }).click()
	await expect(otherCard).toHaveCount(0)
	await expect(page.getByText('Content gelöscht').first()).toBeVisible()
	await expect.poll(async () => (await db.selectFrom('posts').select('id').where('user_id', '=', user.id).where('status', '=', 'review').execute()).length).toBe(0)
	await run()
	await page.reload()
	await expect(page.locator('[data-testid="post-card"][data-status="review"]')).toHaveCount(0)
	// Only the published original is left.
	await expect(page.getByTestId('post-card').filter({ hasText: 'Herbst-Rückblick' })).toHaveCount(1)
	expect(await db.selectFrom('posts').select('id').where('user_id', '=', user.id).where('repost_of', '=', other).execute()).toEqual([])
	expect(await db.selectFrom('tool_runs').select('run_key').where('user_id', '=', user.id).orderBy('run_key').execute()).toHaveLength(2)
})

test('autoReply: a matching comment on the sandbox network is answered exactly once', async ({ page, request, createConfirmedUser, login, services, composition, db }) => {
	test.setTimeout(60_000)
	const user = await createConfirmedUser({ fullName: 'Rolf Reply' })
	await connectPlatform(services, user.id, 'linkedin')
	const post = await services.content.createPost(user.id, { platform: 'linkedin', content: { base: 'Neue Kurse ab Januar – jetzt anmelden', platforms: {} }, status: 'draft', timeZone: zurich })
	await login(user)
	await gotoReady(page, '/posts')
	await page.getByTestId('post-card').filter({ hasText: 'Neue Kurse ab Januar' }).getByRole('button', { name: 'Jetzt posten' }).click()
	await expect(page.getByTestId('column-published').getByTestId('post-card').filter({ hasText: 'Neue Kurse ab Januar' })).toBeVisible({ timeout: 20_000 })
	const delivery = await db.selectFrom('post_deliveries').select(['id', 'external_id', 'status']).where('post_id', '=', post.id).executeTakeFirstOrThrow()
	expect(delivery.status).toBe('published')
	const urn = delivery.external_id!

	await services.toolbox.setEnabled(user.id, 'autoReply', true)
	await services.toolbox.saveSettings(user.id, 'autoReply', { keywords: ['preis'], responseTemplates: ['Hallo {name}, danke! Die Preise schicken wir dir per Nachricht.'], platforms: ['linkedin'] })

	// A follower comments on the sandbox feed page; another one through the control API.
	await page.goto('/sandbox')
	const article = page.locator(`article[id="${urn}"]`)
	await article.getByLabel('Name').fill('Anna Follower')
	await article.getByLabel('Kommentar').fill('Was ist der Preis für den Kurs?')
	await article.getByRole('button', { name: 'Kommentieren' }).click()
	await expect(article.locator('li.comment[data-depth="0"]')).toHaveCount(1)
	const added = await request.post('/sandbox/__fake/comments', { data: { postId: urn, authorName: 'Beat', text: 'Schöner Beitrag!' } })
	expect(added.ok()).toBe(true)

	const run = () => composition.tasks.find((t) => t.id === 'toolbox_auto_reply_user')!.handler({ userId: user.id }, helpers)
	await run()
	await run()

	await page.reload()
	const replies = article.locator('li.comment[data-depth="1"]')
	await expect(replies).toHaveCount(1)
	await expect(replies).toContainText('Hallo Anna Follower, danke! Die Preise schicken wir dir per Nachricht.')
	await expect(article.locator('li.comment').filter({ hasText: 'Schöner Beitrag!' }).locator('li.comment')).toHaveCount(0)
	const rows = await db.selectFrom('comment_replies').select(['status', 'comment_author']).where('delivery_id', '=', delivery.id).execute()
	expect(rows).toEqual([{ status: 'sent', comment_author: 'Anna Follower' }])
	const log = await db.selectFrom('activity_logs').select('title').where('user_id', '=', user.id).where('log_type', '=', 'automation').execute()
	expect(log).toEqual([{ title: 'Kommentar von Anna Follower auf LinkedIn beantwortet' }])
})
