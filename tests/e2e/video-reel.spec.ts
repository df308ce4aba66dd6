import type { Locator, Page } from '@playwright/test'
import type { Kysely } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'
import { connectPlatform, expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { expectNoHorizontalScroll, phone } from '#tests/e2e/phone-support.ts'
import { videoClip } from '#tests/e2e/video-clips.ts'

// Issue 39, a video Reel with its cover (ADR 0063): a video uploaded in the editor's strip shows the
// media_process job's progress, then its thumbnail; 'Titelbild wählen' at 1 s makes the cover again;
// published now, /sandbox shows the Reel with that cover as the video's poster. Page and database.

const zone = 'Europe/Zurich'

type Press = (target: Locator) => Promise<void>

/** Records whether each text appeared anywhere in the page, however briefly (a step of a few hundred ms). */
async function watchFor(page: Page, texts: Array<RegExp>) {
	await page.evaluate((sources) => {
		const patterns = sources.map((source) => new RegExp(source))
		const seen = ((window as unknown as { seenTexts?: Array<string> }).seenTexts = [] as Array<string>)
		const look = () => {
			const text = document.body.innerText
			for (const pattern of patterns) if (!seen.includes(pattern.source) && pattern.test(text)) seen.push(pattern.source)
		}
		look()
		new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true })
	}, texts.map((text) => text.source))
}

const seenTexts = (page: Page) => page.evaluate(() => (window as unknown as { seenTexts?: Array<string> }).seenTexts ?? [])

async function reelFlow(page: Page, db: Kysely<DB>, postId: string, text: string, press: Press) {
	await gotoReady(page, '/posts')
	await press(page.getByTestId('post-card').filter({ hasText: text }).getByRole('button', { name: 'Bearbeiten' }))
	const dialog = page.getByRole('dialog', { name: 'Post bearbeiten' })
	await expect(dialog.getByTestId('media-strip')).toBeVisible()
	await watchFor(page, [/Video wird vorbereitet … \d+ %/, /Titelbild wird erstellt …/])

	// A camera's 4:4:4 clip: the job transcodes it, and its progress shows under the item.
	const clip = await videoClip({ name: 'backstube.mp4', size: '640x360', seconds: 8, fps: 30, pixelFormat: 'yuv444p' })
	const chooser = page.waitForEvent('filechooser')
	await press(dialog.getByRole('button', { name: 'Video hinzufügen' }))
	await (await chooser).setFiles(clip)
	const item = dialog.getByRole('listitem', { name: 'Video 1' })
	await expect(item).toBeVisible({ timeout: 30_000 })
	const thumbnail = item.getByRole('img', { name: 'Titelbild von Video 1' })
	await expect(thumbnail).toBeVisible({ timeout: 60_000 })
	expect(await seenTexts(page)).toContain('Video wird vorbereitet … \\d+ %')
	const { user_id: userId } = await db.selectFrom('posts').select('user_id').where('id', '=', postId).executeTakeFirstOrThrow()
	const variant = await db.selectFrom('media_variants').select(['state', 'progress', 'transcoded', 'cover_at_ms', 'source_key']).where('user_id', '=', userId).executeTakeFirstOrThrow()
	expect(variant).toMatchObject({ state: 'ready', progress: 100, transcoded: true, cover_at_ms: null })

	// 'Titelbild wählen' at 1 s.
	await press(item.getByRole('button', { name: 'Titelbild für Video 1 wählen' }))
	const cover = page.getByRole('dialog', { name: 'Titelbild wählen' })
	await expect(cover.getByTestId('cover-video')).toHaveAttribute('src', /^\/media\/videos\/variants\/.+\.mp4$/)
	await expect(cover.getByRole('slider', { name: 'Zeitpunkt des Titelbilds' })).toBeVisible()
	await expect(cover.getByText('von 8 s')).toBeVisible()
	await expectNoHorizontalScroll(page, 'the cover dialog')
	const time = cover.getByRole('textbox', { name: 'Zeitpunkt in Sekunden' })
	await time.fill('9')
	await expect(cover.getByText('Der Zeitpunkt liegt hinter dem Ende des Videos (8 s).')).toBeVisible()
	await expect(cover.getByRole('button', { name: 'Übernehmen' })).toBeDisabled()
	await time.fill('1')
	await press(cover.getByRole('button', { name: 'Übernehmen' }))
	await expect(cover).toBeHidden()
	await expect(thumbnail).toHaveAttribute('src', /\/media\/images\/thumbnails\/.+\.jpg\?v=1000$/, { timeout: 30_000 })
	expect(await seenTexts(page)).toContain('Titelbild wird erstellt …')
	await expect
		.poll(() => db.selectFrom('media_variants').select(['state', 'cover_at_ms']).where('source_key', '=', variant.source_key).executeTakeFirstOrThrow())
		.toEqual({ state: 'ready', cover_at_ms: 1000 })

	await press(dialog.getByRole('button', { name: 'Sofort posten' }))
	await expect.poll(async () => (await db.selectFrom('post_deliveries').select('status').where('post_id', '=', postId).execute()).map((d) => d.status), { timeout: 60_000 }).toEqual(['published'])
	const stored = await db.selectFrom('post_media').select(['kind', 'file_key']).where('post_id', '=', postId).execute()
	expect(stored).toEqual([{ kind: 'video', file_key: variant.source_key }])

	await page.goto('/sandbox')
	const reel = page.locator('article[data-platform="instagram"]').filter({ hasText: text }).locator('video')
	await expect(reel).toHaveCount(1)
	await expect(reel).toHaveAttribute('src', /\/media\/videos\/variants\/.+\.mp4$/)
	await expect(reel).toHaveAttribute('poster', /\/media\/images\/covers\/.+\.jpg$/)
}

async function instagramPost(services: Parameters<typeof connectPlatform>[0], userId: string, text: string) {
	await connectPlatform(services, userId, 'instagram')
	return services.content.createPost(userId, { platform: 'instagram', content: { base: text, platforms: {} }, status: 'draft', timeZone: zone })
}

test.describe('desktop', () => {
	test.use({ viewport: { width: 1440, height: 900 } })

	test('a video uploaded, its progress then its thumbnail, a cover at 1 s, published now: /sandbox shows the Reel with its cover', async ({ page, createConfirmedUser, login, services, db }) => {
		test.setTimeout(180_000)
		const user = await createConfirmedUser()
		const post = await instagramPost(services, user.id, 'Reel aus der Backstube')
		await login(user)
		await reelFlow(page, db, post.id, 'Reel aus der Backstube', (target) => target.click())
	})
})

test.describe('on a phone (390 px, touch)', () => {
	test.use(phone)

	test('the same Reel by touch: progress, thumbnail, cover at 1 s, published, seen on /sandbox', async ({ page, createConfirmedUser, login, services, db }) => {
		test.setTimeout(180_000)
		const user = await createConfirmedUser()
		const post = await instagramPost(services, user.id, 'Reel vom Telefon')
		await login(user)
		await reelFlow(page, db, post.id, 'Reel vom Telefon', async (target) => {
			await target.scrollIntoViewIfNeeded()
			await target.tap()
		})
	})
})
