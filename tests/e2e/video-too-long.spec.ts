import type { Locator, Page } from '@playwright/test'
import type { Kysely } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'
import { connectPlatform, expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { phone } from '#tests/e2e/phone-support.ts'
import { videoClip } from '#tests/e2e/video-clips.ts'

// Issue 39, the German refusal of a too-long video (ADR 0063): Bluesky takes a video of at most 3 min
// (its descriptor). A 182 s clip, made cheaply (a tiny 9:16 picture at 24 fps), is processed in the
// editor's strip, which then names the limit under the item; 'Sofort posten' is refused in the
// preflight's dialog with the same German reason and nothing is published.

const zone = 'Europe/Zurich'
const refusal = 'Das Video dauert 3:02 min; Bluesky nimmt höchstens 3 Minuten. Kürzen Sie es bitte.'

type Press = (target: Locator) => Promise<void>

async function tooLongFlow(page: Page, db: Kysely<DB>, postId: string, text: string, press: Press) {
	await gotoReady(page, '/posts')
	await press(page.getByTestId('post-card').filter({ hasText: text }).getByRole('button', { name: 'Bearbeiten' }))
	const dialog = page.getByRole('dialog', { name: 'Post bearbeiten' })
	await expect(dialog.getByTestId('media-strip')).toBeVisible()
	const chooser = page.waitForEvent('filechooser')
	await press(dialog.getByRole('button', { name: 'Video hinzufügen' }))
	await (await chooser).setFiles(await videoClip({ name: 'lang.mp4', size: '108x192', seconds: 182, fps: 24 }))
	const item = dialog.getByRole('listitem', { name: 'Video 1' })
	await expect(item.getByRole('img', { name: 'Titelbild von Video 1' })).toBeVisible({ timeout: 60_000 })

	// The strip says it before anything is sent.
	await expect(item.getByTestId('video-refusal')).toHaveText(refusal)

	await press(dialog.getByRole('button', { name: 'Sofort posten' }))
	// The preflight's dialog with the same German reason as the strip's line and planning (no error toast).
	const refused = page.getByRole('alertdialog', { name: 'So kann der Post nicht veröffentlicht werden' })
	await expect(refused).toContainText(refusal)
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Fehler beim Veröffentlichen' })).toHaveCount(0)
	await press(refused.getByRole('button', { name: 'Schließen' }))
	await expect(refused).toBeHidden()
	const { user_id: userId } = await db.selectFrom('posts').select('user_id').where('id', '=', postId).executeTakeFirstOrThrow()
	const variant = await db.selectFrom('media_variants').select(['state', 'duration_ms']).where('user_id', '=', userId).executeTakeFirstOrThrow()
	expect(variant.state).toBe('ready')
	expect(variant.duration_ms).toBeGreaterThan(180_000)
	// Nothing went out: the post is still a draft and no delivery is published.
	expect(await db.selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirstOrThrow()).toEqual({ status: 'draft' })
	const deliveries = await db.selectFrom('post_deliveries').select('status').where('post_id', '=', postId).execute()
	expect(deliveries.filter((d) => d.status === 'published')).toEqual([])
}

async function blueskyPost(services: Parameters<typeof connectPlatform>[0], userId: string, text: string) {
	await connectPlatform(services, userId, 'bluesky')
	return services.content.createPost(userId, { platform: 'bluesky', content: { base: text, platforms: {} }, status: 'draft', timeZone: zone })
}

test.describe('desktop', () => {
	test.use({ viewport: { width: 1440, height: 900 } })

	test('a 182 s video for Bluesky: the strip and publish now refuse it in German, nothing is published', async ({ page, createConfirmedUser, login, services, db }) => {
		test.setTimeout(180_000)
		const user = await createConfirmedUser()
		const post = await blueskyPost(services, user.id, 'Zu langes Video')
		await login(user)
		await tooLongFlow(page, db, post.id, 'Zu langes Video', (target) => target.click())
	})
})

test.describe('on a phone (390 px, touch)', () => {
	test.use(phone)

	test('the same refusal by touch', async ({ page, createConfirmedUser, login, services, db }) => {
		test.setTimeout(180_000)
		const user = await createConfirmedUser()
		const post = await blueskyPost(services, user.id, 'Zu lang am Telefon')
		await login(user)
		await tooLongFlow(page, db, post.id, 'Zu lang am Telefon', async (target) => {
			await target.scrollIntoViewIfNeeded()
			await target.tap()
		})
	})
})
