import type { Locator, Page } from '@playwright/test'
import { connectPlatform, expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { expectNoHorizontalScroll, phone } from '#tests/e2e/phone-support.ts'
import { videoClip } from '#tests/e2e/video-clips.ts'

// Issue 39, 'Titelbild wählen' on a phone (390 px, touch; the whole Reel flow: video-reel.spec.ts):
// a portrait video's cover dialog fits the window (no sideways scroll, the video within its height),
// every control is reachable, a tap on the slider's track picks the moment, and the chosen cover is
// the one the database records.

test.use(phone)

const zone = 'Europe/Zurich'
const WIDTH = phone.viewport.width

/** Scrolled to, and inside the window's width. */
async function expectWithinWidth(target: Locator, what: string) {
	await target.scrollIntoViewIfNeeded()
	const box = (await target.boundingBox())!
	expect(box.x, `${what} starts inside the window`).toBeGreaterThanOrEqual(0)
	expect(box.x + box.width, `${what} ends inside the window`).toBeLessThanOrEqual(WIDTH)
}

async function tapWithin(target: Locator, what: string) {
	await expectWithinWidth(target, what)
	await target.tap()
}

async function openVideoItem(page: Page, text: string) {
	await gotoReady(page, '/posts')
	await tapWithin(page.getByTestId('post-card').filter({ hasText: text }).getByRole('button', { name: 'Bearbeiten' }), 'Bearbeiten')
	const dialog = page.getByRole('dialog', { name: 'Post bearbeiten' })
	await expect(dialog.getByTestId('media-strip')).toBeVisible()
	const chooser = page.waitForEvent('filechooser')
	await tapWithin(dialog.getByRole('button', { name: 'Video hinzufügen' }), 'Video hinzufügen')
	await (await chooser).setFiles(await videoClip({ name: 'hochkant.mp4', size: '216x384', seconds: 6, fps: 24 }))
	const item = dialog.getByRole('listitem', { name: 'Video 1' })
	await expect(item.getByRole('img', { name: 'Titelbild von Video 1' })).toBeVisible({ timeout: 60_000 })
	return item
}

test('the cover dialog of a portrait video on a phone: it fits, every control is reachable, a tap on the slider picks the moment that is saved', async ({ page, createConfirmedUser, login, services, db }) => {
	test.setTimeout(150_000)
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'instagram')
	const text = 'Titelbild am Telefon'
	await services.content.createPost(user.id, { platform: 'instagram', content: { base: text, platforms: {} }, status: 'draft', timeZone: zone })
	await login(user)
	const item = await openVideoItem(page, text)

	await tapWithin(item.getByRole('button', { name: 'Titelbild für Video 1 wählen' }), 'Titelbild wählen')
	const cover = page.getByRole('dialog', { name: 'Titelbild wählen' })
	await expect(cover.getByText('von 6 s')).toBeVisible()
	await expectNoHorizontalScroll(page, 'the cover dialog on a phone')
	await expectWithinWidth(cover, 'the dialog')

	// The portrait video keeps within the dialog's width and its 320 px height.
	const video = cover.getByTestId('cover-video')
	await expect(video).toHaveAttribute('src', /^\/media\/videos\/variants\/.+\.mp4$/)
	const videoBox = (await video.boundingBox())!
	expect(videoBox.height).toBeLessThanOrEqual(320.5)
	await expectWithinWidth(video, 'the video')

	const slider = cover.getByRole('slider', { name: 'Zeitpunkt des Titelbilds' })
	const time = cover.getByRole('textbox', { name: 'Zeitpunkt in Sekunden' })
	for (const [control, what] of [
		[slider, 'the slider'],
		[time, 'the seconds field'],
		[cover.getByRole('button', { name: 'Erstes Bild verwenden' }), 'Erstes Bild verwenden'],
		[cover.getByRole('button', { name: 'Abbrechen' }), 'Abbrechen'],
		[cover.getByRole('button', { name: 'Übernehmen' }), 'Übernehmen'],
	] as const) {
		await expectWithinWidth(control, what)
		await expect(control).toBeVisible()
	}

	// A tap three quarters along the track moves the handle there (about 4.5 s of 6 s).
	const track = cover.locator('.rt-SliderRoot')
	await track.scrollIntoViewIfNeeded()
	const trackBox = (await track.boundingBox())!
	await page.touchscreen.tap(trackBox.x + trackBox.width * 0.75, trackBox.y + trackBox.height / 2)
	await expect.poll(async () => Number((await time.inputValue()).replace(',', '.'))).toBeGreaterThan(3.5)
	const chosen = Number((await time.inputValue()).replace(',', '.'))
	expect(chosen).toBeLessThan(5.5)
	expect(Number(await slider.getAttribute('aria-valuenow'))).toBeCloseTo(chosen, 1)

	await tapWithin(cover.getByRole('button', { name: 'Übernehmen' }), 'Übernehmen')
	await expect(cover).toBeHidden()
	await expect
		.poll(() => db.selectFrom('media_variants').select(['state', 'cover_at_ms']).where('user_id', '=', user.id).executeTakeFirstOrThrow(), { timeout: 30_000 })
		.toEqual({ state: 'ready', cover_at_ms: Math.round(chosen * 1000) })
	await expect(item.getByRole('img', { name: 'Titelbild von Video 1' })).toHaveAttribute('src', new RegExp(`\\?v=${Math.round(chosen * 1000)}$`), { timeout: 30_000 })
	await expectNoHorizontalScroll(page, 'the editor after the cover')
})
