import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { connectPlatform, expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { expectNoHorizontalScroll, phone } from '#tests/e2e/phone-support.ts'

// Issue 39 item 2 on a phone (390 px, touch; desktop: carousel-aspect.spec.ts): the editor's strip
// shows per image what Instagram receives, the fit control 'Zuschneiden'/'Auffüllen' is reachable and
// tapped, nothing scrolls sideways, and 'Sofort posten' sends the images in the first one's aspect.

test.use(phone)

const zone = 'Europe/Zurich'

async function jpeg(name: string, width: number, height: number, background: string) {
	return { name, mimeType: 'image/jpeg', buffer: await sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer() }
}

const item = (dialog: Locator, position: number) => dialog.getByRole('listitem', { name: `Bild ${position}` })

/** The control is scrolled to, inside the window's width and tapped. */
async function tapWithin(page: Page, target: Locator) {
	await target.scrollIntoViewIfNeeded()
	const box = (await target.boundingBox())!
	const width = page.viewportSize()!.width
	expect(box.x, 'starts inside the window').toBeGreaterThanOrEqual(0)
	expect(box.x + box.width, 'ends inside the window').toBeLessThanOrEqual(width)
	await target.tap()
}

test("three formats by touch: each image's preview and note, 'Auffüllen' tapped, published square on /sandbox, the choice kept", async ({ page, createConfirmedUser, login, services, db }) => {
	test.setTimeout(120_000)
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'instagram')
	const text = 'Drei Formate am Telefon'
	const post = await services.content.createPost(user.id, { platform: 'instagram', content: { base: text, platforms: {} }, status: 'draft', timeZone: zone })
	await login(user)
	await gotoReady(page, '/posts')
	await tapWithin(page, page.getByTestId('post-card').filter({ hasText: text }).getByRole('button', { name: 'Bearbeiten' }))
	const dialog = page.getByRole('dialog', { name: 'Post bearbeiten' })
	await expect(dialog.getByTestId('media-strip')).toBeVisible()

	const chooser = page.waitForEvent('filechooser')
	await tapWithin(page, dialog.getByRole('button', { name: 'Bild hinzufügen' }))
	await (await chooser).setFiles([await jpeg('quadrat.jpg', 600, 600, '#c0392b'), await jpeg('quer.jpg', 800, 450, '#27ae60'), await jpeg('hoch.jpg', 450, 800, '#2980b9')])
	await expect(dialog.getByTestId('media-item')).toHaveCount(3, { timeout: 30_000 })

	// Per image: the first as it is, the others with their note and preview, all inside the window.
	await expect(item(dialog, 1).getByTestId('network-image-preview')).toHaveCount(0)
	for (const position of [2, 3]) {
		await expect(item(dialog, position).getByTestId('network-image-note')).toHaveText('Instagram zeigt alle Bilder im Format des ersten (1:1); dieses Bild wird zugeschnitten.')
		const preview = item(dialog, position).getByRole('img', { name: `Vorschau für Instagram, Bild ${position}` })
		await preview.scrollIntoViewIfNeeded()
		await expect(preview).toBeVisible()
		const box = (await preview.boundingBox())!
		expect(box.x + box.width).toBeLessThanOrEqual(390)
	}
	await expectNoHorizontalScroll(page, 'the editor with three images')

	const fit = dialog.getByTestId('carousel-fit')
	await expect(fit).toContainText('Instagram zeigt alle Bilder im Format des ersten (1:1).')
	await expect(fit.getByRole('radio', { name: 'Zuschneiden' })).toHaveAttribute('aria-checked', 'true')
	await tapWithin(page, fit.getByRole('radio', { name: 'Auffüllen' }))
	await expect(fit.getByRole('radio', { name: 'Auffüllen' })).toHaveAttribute('aria-checked', 'true')
	await expect(item(dialog, 2).getByTestId('network-image-note')).toHaveText('Instagram zeigt alle Bilder im Format des ersten (1:1); dieses Bild wird aufgefüllt.')
	await expect(item(dialog, 3).getByTestId('network-image-preview')).toHaveAttribute('data-fit', 'pad')
	await expectNoHorizontalScroll(page, 'the editor after Auffüllen')

	await tapWithin(page, dialog.getByRole('button', { name: 'Sofort posten' }))
	await expect
		.poll(async () => (await db.selectFrom('post_deliveries').select('status').where('post_id', '=', post.id).execute()).map((d) => d.status), { timeout: 30_000 })
		.toEqual(['published'])
	expect((await db.selectFrom('posts').select('carousel_fit').where('id', '=', post.id).executeTakeFirstOrThrow()).carousel_fit).toBe('pad')
	expect(await db.selectFrom('post_media').select('position').where('post_id', '=', post.id).orderBy('position').execute()).toEqual([{ position: 0 }, { position: 1 }, { position: 2 }])

	await page.goto('/sandbox')
	const images = page.locator('article[data-platform="instagram"]').filter({ hasText: text }).locator('img')
	await expect(images).toHaveCount(3)
	await expect
		.poll(() => images.evaluateAll((all) => all.map((image) => (image as HTMLImageElement).naturalWidth / ((image as HTMLImageElement).naturalHeight || 1))))
		.toEqual([1, 1, 1])
	expect(await images.evaluateAll((all) => all.map((image) => (image as HTMLImageElement).naturalWidth))).toEqual([600, 800, 800])
})
