import type { Kysely } from 'kysely'
import { createSecretBox } from '#modules/core/crypto.server.ts'
import type { DB } from '#modules/core/db.server.ts'
import type { Services } from '#modules/services.ts'
import { connectPlatform, expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

const zurich = 'Europe/Zurich'

test('publish now to three platforms where one refuses: the partial-failure toast names the reason; a post a network would refuse is refused before sending', async ({ page, createConfirmedUser, login, services, composition, env, db }) => {
	const user = await createConfirmedUser()
	for (const platform of ['linkedin', 'facebook', 'instagram', 'threads'] as const) await connectPlatform(services, user.id, platform)
	// LinkedIn refuses: its token has run out (LinkedIn tokens cannot be refreshed).
	const token = await db.selectFrom('social_tokens').select(['id', 'account_id']).where('user_id', '=', user.id).where('platform', '=', 'linkedin').executeTakeFirstOrThrow()
	const expired = composition.sandbox!.store.issueToken({ platform: 'linkedin', subject: token.account_id, kind: 'access' }, -1)
	await db.updateTable('social_tokens').set({ access_token_encrypted: createSecretBox(env.APP_SECRET).seal(expired) }).where('id', '=', token.id).execute()
	const post = await services.content.createPost(user.id, {
		platform: 'multiple',
		content: { base: 'Neu im Sortiment: Zimtschnecken', platforms: { linkedin: 'Neu im Sortiment: Zimtschnecken', facebook: 'Zimtschnecken!', threads: 'Zimt!' } },
		status: 'draft',
		timeZone: zurich,
	})
	const textOnly = await services.content.createPost(user.id, { platform: 'instagram', content: { base: 'Nur Text für Instagram', platforms: {} }, status: 'draft', timeZone: zurich })
	await login(user)
	await gotoReady(page, '/posts')
	await page.getByTestId('post-card').filter({ hasText: 'Neu im Sortiment' }).getByRole('button', { name: 'Jetzt posten' }).click()
	const toast = page.getByText('⚠️ Teilweise Veröffentlichung')
	await expect(toast).toBeVisible({ timeout: 20_000 })
	await expect(page.getByText('LinkedIn: Die Verbindung ist abgelaufen. Bitte verbinden Sie das Konto erneut.')).toBeVisible()

	const deliveries = await db.selectFrom('post_deliveries').select(['platform', 'status', 'external_url']).where('post_id', '=', post.id).orderBy('platform').execute()
	expect(deliveries.map((d) => [d.platform, d.status])).toEqual([
		['facebook', 'published'],
		['linkedin', 'failed'],
		['threads', 'published'],
	])
	expect(deliveries.filter((d) => d.status === 'published').every((d) => d.external_url?.startsWith('http'))).toBe(true)
	const saved = await db.selectFrom('posts').select('status').where('id', '=', post.id).executeTakeFirstOrThrow()
	expect(saved.status).toBe('published')
	const card = page.getByTestId('column-published').getByTestId('post-card').filter({ hasText: 'Neu im Sortiment' })
	await expect(card).toBeVisible()
	await expect(card.getByRole('link', { name: 'Auf Facebook ansehen' })).toHaveAttribute('href', deliveries.find((d) => d.platform === 'facebook')!.external_url!)
	await expect(card.getByRole('link', { name: /Auf LinkedIn ansehen/ })).toHaveCount(0)
	await expect(card.getByRole('link', { name: 'LinkedIn neu verbinden' })).toHaveAttribute('href', '/accounts')

	// Instagram takes no text-only posts: refused with the reason before anything is sent.
	await page.getByTestId('post-card').filter({ hasText: 'Nur Text für Instagram' }).getByRole('button', { name: 'Jetzt posten' }).click()
	await expect(page.getByText('Instagram erlaubt keine reinen Textposts. Fügen Sie bitte ein Bild hinzu.').first()).toBeVisible()
	expect(await db.selectFrom('post_deliveries').select('id').where('post_id', '=', textOnly.id).where('status', 'in', ['publishing', 'published', 'failed']).execute()).toEqual([])

	// The sandbox network shows what was published, behind the app's security headers.
	const feed = await page.goto('/sandbox')
	expect(feed?.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/)
	expect(feed?.headers()['x-content-type-options']).toBe('nosniff')
	await expect(page.getByText('Zimtschnecken!').first()).toBeVisible()
})

test('a post scheduled one minute ahead is published on time without touching the page', async ({ page, createConfirmedUser, login, services, db }) => {
	test.setTimeout(120_000)
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'linkedin')
	const due = new Date(Date.now() + 60_000)
	const post = await services.content.createPost(user.id, { platform: 'linkedin', content: { base: 'Genau in einer Minute', platforms: {} }, status: 'scheduled', scheduledAt: due, timeZone: zurich })
	await login(user)
	await gotoReady(page, '/posts')
	await expect(page.getByTestId('column-scheduled').getByTestId('post-card').filter({ hasText: 'Genau in einer Minute' })).toBeVisible()
	await expect(page.getByTestId('column-published').getByTestId('post-card').filter({ hasText: 'Genau in einer Minute' })).toBeVisible({ timeout: 80_000 })

	const delivery = await db.selectFrom('post_deliveries').selectAll().where('post_id', '=', post.id).executeTakeFirstOrThrow()
	expect(delivery.status).toBe('published')
	expect(delivery.external_url).toContain('/sandbox')
	expect(delivery.attempt_started_at!.getTime() - due.getTime()).toBeLessThan(1000)
	expect(delivery.attempt_started_at!.getTime()).toBeGreaterThanOrEqual(due.getTime() - 5)
	const log = await db.selectFrom('activity_logs').select(['title', 'status']).where('user_id', '=', user.id).where('log_type', '=', 'post_publication').execute()
	expect(log).toEqual([{ title: 'Post auf LinkedIn veröffentlicht', status: 'success' }])
})

test('an expired token: publishing fails with the reason, the account asks to reconnect, and after reconnecting it works', async ({ page, createConfirmedUser, login, services, composition, env, db }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'linkedin')
	// LinkedIn tokens cannot be refreshed: replace the stored token by one that expires at once.
	const token = await db.selectFrom('social_tokens').select(['id', 'account_id']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
	const expired = composition.sandbox!.store.issueToken({ platform: 'linkedin', subject: token.account_id, kind: 'access' }, -1)
	await db.updateTable('social_tokens').set({ access_token_encrypted: createSecretBox(env.APP_SECRET).seal(expired) }).where('id', '=', token.id).execute()
	const post = await services.content.createPost(user.id, { platform: 'linkedin', content: { base: 'Mit altem Schlüssel', platforms: {} }, status: 'draft', timeZone: zurich })

	await login(user)
	await gotoReady(page, '/posts')
	await page.getByTestId('post-card').filter({ hasText: 'Mit altem Schlüssel' }).getByRole('button', { name: 'Jetzt posten' }).click()
	await expect(page.getByText('❌ Fehler beim Veröffentlichen')).toBeVisible({ timeout: 20_000 })
	await expect(page.getByText('LinkedIn: Die Verbindung ist abgelaufen. Bitte verbinden Sie das Konto erneut.')).toBeVisible()
	expect((await db.selectFrom('social_tokens').select('status').where('id', '=', token.id).executeTakeFirstOrThrow()).status).toBe('reconnect_required')

	await gotoReady(page, '/accounts')
	const card = page.getByTestId('platform-linkedin')
	await expect(card.getByTestId('connection-status')).toHaveText('Verbindung erneuern')
	await card.getByRole('button', { name: 'Verbindung erneuern' }).click()
	const popupOpened = page.waitForEvent('popup')
	await page.getByRole('dialog', { name: 'LinkedIn verbinden' }).getByRole('button', { name: 'Mit LinkedIn verbinden' }).click()
	const popup = await popupOpened
	await popup.getByRole('button', { name: 'Zulassen' }).click()
	await expect(card.getByTestId('connection-status')).toHaveText('Verbunden')

	await gotoReady(page, '/posts')
	await page.getByTestId('post-card').filter({ hasText: 'Mit altem Schlüssel' }).getByRole('button', { name: 'Jetzt posten' }).click()
	await expect(page.getByText('✅ Post erfolgreich veröffentlicht!')).toBeVisible({ timeout: 20_000 })
	expect((await db.selectFrom('post_deliveries').select('status').where('post_id', '=', post.id).executeTakeFirstOrThrow()).status).toBe('published')
})

test('"Sofort posten" in the draft editor saves the edits and publishes them', async ({ page, createConfirmedUser, login, services }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'threads')
	await services.content.createDraft(user.id, { platforms: ['threads'], content: { base: 'Entwurf für Threads', platforms: {} } })
	await login(user)
	await gotoReady(page, '/posts')
	await page.getByTestId('post-card').filter({ hasText: 'Entwurf für Threads' }).getByRole('button', { name: 'Bearbeiten' }).click()
	const dialog = page.getByRole('dialog', { name: 'Entwurf bearbeiten' })
	await dialog.getByRole('textbox', { name: 'Text für Threads' }).fill('Frisch bearbeitet und sofort gepostet')
	await dialog.getByRole('button', { name: 'Sofort posten' }).click()
	await expect(page.getByText('✅ Post erfolgreich veröffentlicht!')).toBeVisible({ timeout: 20_000 })
	await expect(page.getByTestId('column-published').getByTestId('post-card').filter({ hasText: 'Frisch bearbeitet' })).toBeVisible()
	await page.goto('/sandbox')
	await expect(page.getByText('Frisch bearbeitet und sofort gepostet').first()).toBeVisible()
})

/** Three posts of one user: partly published (LinkedIn yes, Instagram without image no), failed (Instagram only), unconfirmed (Threads). */
async function postsWithOutcomes(services: Services, db: Kysely<DB>, userId: string) {
	for (const platform of ['linkedin', 'instagram', 'threads'] as const) await connectPlatform(services, userId, platform)
	// Partial: LinkedIn takes the text, Instagram refuses a post without an image.
	const partial = await services.content.createPost(userId, { platform: 'multiple', content: { base: 'Teils draussen', platforms: { linkedin: 'Teils draussen', instagram: 'Teils draussen' } }, status: 'draft', timeZone: zurich })
	// Failed everywhere: Instagram alone, without an image.
	const failed = await services.content.createPost(userId, { platform: 'instagram', content: { base: 'Ganz ohne Bild', platforms: {} }, status: 'draft', timeZone: zurich })
	// Unconfirmed: a Threads post whose answer was lost and is not found yet.
	const unclear = await services.content.createPost(userId, { platform: 'threads', content: { base: 'Ob er erschienen ist?', platforms: {} }, status: 'draft', timeZone: zurich })
	// Planning refuses an Instagram post without an image now; these deliveries failed the way the job
	// fails one (a post changed after it was planned): the rule's code and German reason.
	const [finding] = await services.publishing.preflight([{ platform: 'instagram', text: 'Ganz ohne Bild', imageUrl: null }])
	const failAtTheJob = (postId: string) =>
		db.updateTable('post_deliveries').set({ status: 'failed', error_code: finding!.code, error_message: finding!.message }).where('post_id', '=', postId).where('platform', '=', 'instagram').execute()
	await db.updateTable('post_deliveries').set({ status: 'publishing' }).where('post_id', '=', partial.id).where('platform', '=', 'instagram').execute()
	// On its way: LinkedIn now, and the Instagram delivery held back above.
	expect(await services.publishing.publishNow(userId, partial.id)).toBe(2)
	await failAtTheJob(failed.id)
	await expect.poll(async () => (await db.selectFrom('post_deliveries').select('status').where('post_id', '=', partial.id).where('platform', '=', 'linkedin').executeTakeFirstOrThrow()).status, { timeout: 20_000 }).toBe('published')
	await failAtTheJob(partial.id)
	await services.publishing.publishNow(userId, unclear.id)
	await expect.poll(async () => (await db.selectFrom('post_deliveries').select('status').where('post_id', '=', unclear.id).executeTakeFirstOrThrow()).status, { timeout: 20_000 }).toBe('published')
	await db.updateTable('post_deliveries').set({ status: 'unconfirmed', external_url: null }).where('post_id', '=', unclear.id).execute()
	await db.updateTable('posts').set({ status: 'draft', published_at: null }).where('id', '=', unclear.id).execute()
	return { partial, failed, unclear }
}

test('Meine Posts shows each network: a failed, an unconfirmed and a partially published post with their German reasons and the action that helps', async ({ page, createConfirmedUser, login, services, db }) => {
	test.setTimeout(60_000)
	const user = await createConfirmedUser()
	const { partial } = await postsWithOutcomes(services, db, user.id)
	await login(user)
	await gotoReady(page, '/posts')
	const card = (text: string) => page.getByTestId('post-card').filter({ hasText: text })
	const network = (text: string, platform: string) => card(text).locator(`[data-testid="delivery"][data-platform="${platform}"]`)

	await expect(card('Teils draussen').getByTestId('post-status')).toHaveText('Teilweise veröffentlicht')
	await expect(network('Teils draussen', 'linkedin')).toContainText('LinkedIn: Veröffentlicht')
	await expect(network('Teils draussen', 'linkedin').getByRole('link', { name: 'Auf LinkedIn ansehen' })).toHaveAttribute('href', /sandbox/)
	await expect(network('Teils draussen', 'instagram')).toContainText('Instagram: Fehlgeschlagen')
	await expect(network('Teils draussen', 'instagram').getByTestId('delivery-reason')).toHaveText('Instagram erlaubt keine reinen Textposts. Fügen Sie bitte ein Bild hinzu.')
	await expect(network('Teils draussen', 'instagram').getByRole('link', { name: 'Bild wählen' })).toHaveAttribute('href', `/create-post?post=${partial.id}`)
	// Retrying cannot fix a missing image: no retry button there.
	await expect(network('Teils draussen', 'instagram').getByRole('button', { name: 'Erneut versuchen' })).toHaveCount(0)

	await expect(card('Ganz ohne Bild').getByTestId('post-status')).toHaveText('Fehlgeschlagen')
	await expect(network('Ganz ohne Bild', 'instagram').getByRole('link', { name: 'Bild wählen' })).toBeVisible()

	await expect(card('Ob er erschienen ist?').getByTestId('post-status')).toHaveText('Unbestätigt')
	await expect(network('Ob er erschienen ist?', 'threads').getByTestId('delivery-reason')).toHaveText('Unklar, ob der Post erschienen ist. Bitte prüfen Sie das Konto auf der Plattform.')
	// An unconfirmed post may be live: no button that could send it twice.
	await expect(network('Ob er erschienen ist?', 'threads').getByRole('button')).toHaveCount(0)
})

test.describe('on a phone (390 px, touch)', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

	test('Meine Posts: the state, reason and action of each network fit the screen; "Bild wählen" opens the post in the creator', async ({ page, createConfirmedUser, login, services, db }) => {
		test.setTimeout(60_000)
		const user = await createConfirmedUser()
		const { partial } = await postsWithOutcomes(services, db, user.id)
		await login(user)
		await gotoReady(page, '/posts')
		// Phones show one column at a time: the partly published post is under Veröffentlicht.
		await page.getByRole('radiogroup', { name: 'Status anzeigen' }).getByRole('radio', { name: /^Veröffentlicht/ }).tap()
		const instagram = page.getByTestId('post-card').filter({ hasText: 'Teils draussen' }).locator('[data-testid="delivery"][data-platform="instagram"]')
		await instagram.scrollIntoViewIfNeeded()
		await expect(instagram.getByTestId('delivery-reason')).toBeInViewport()
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
		await instagram.getByRole('link', { name: 'Bild wählen' }).tap()
		await expect(page).toHaveURL(`/create-post?post=${partial.id}`)
	})
})

test('the editor shows what stands in the way of each network; publishing now is refused with the reason and nothing is sent', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'linkedin')
	await db.updateTable('social_tokens').set({ status: 'reconnect_required' }).where('user_id', '=', user.id).execute()
	const draft = await services.content.createDraft(user.id, { platforms: ['linkedin', 'threads'], content: { base: 'Verbindung prüfen', platforms: {} } })
	await login(user)
	await gotoReady(page, '/posts')
	const card = page.getByTestId('post-card').filter({ hasText: 'Verbindung prüfen' })
	await card.getByRole('button', { name: 'Bearbeiten' }).click()
	const dialog = page.getByRole('dialog', { name: 'Entwurf bearbeiten' })
	await expect(dialog.getByTestId('editor-linkedin').getByTestId('account-reconnect_required')).toContainText('Die Verbindung zu LinkedIn muss erneuert werden')
	await expect(dialog.getByTestId('editor-threads').getByTestId('account-not_connected')).toContainText('Für Threads ist kein Konto verbunden')
	await page.keyboard.press('Escape')
	await card.getByRole('button', { name: 'Jetzt posten' }).click()
	// The networks' refusal before anything is sent comes as the dialog listing the reasons (not a toast).
	const refused = page.getByRole('alertdialog', { name: 'So kann der Post nicht veröffentlicht werden' })
	await expect(refused).toContainText('Für Threads ist kein Konto verbunden', { timeout: 15_000 })
	await refused.getByRole('button', { name: 'Schließen' }).click()
	await expect(refused).toBeHidden()
	expect(await db.selectFrom('posts').select('id').where('user_id', '=', user.id).execute()).toEqual([])
	expect(await db.selectFrom('drafts').select('id').where('id', '=', draft.id).execute()).toHaveLength(1)
})
