import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { connectPlatform, expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

// Issue 39 item 2 (ADR 0065): a carousel Instagram shows in the first image's aspect. The editor's
// strip says per image what Instagram receives (a preview and a German note), the post chooses
// 'Zuschneiden' or 'Auffüllen', and 'Sofort posten' sends every image in the first one's aspect:
// /sandbox shows them so, and the post keeps its choice.

const zone = 'Europe/Zurich'

test.use({ viewport: { width: 1440, height: 900 } })

async function jpeg(name: string, width: number, height: number, background: string) {
	return { name, mimeType: 'image/jpeg', buffer: await sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer() }
}

async function openEditor(page: Page, text: string) {
	await gotoReady(page, '/posts')
	await page.getByTestId('post-card').filter({ hasText: text }).getByRole('button', { name: 'Bearbeiten' }).click()
	const dialog = page.getByRole('dialog', { name: 'Post bearbeiten' })
	await expect(dialog.getByTestId('media-strip')).toBeVisible()
	return dialog
}

const item = (dialog: Locator, position: number) => dialog.getByRole('listitem', { name: `Bild ${position}` })

test("a square, a landscape and a portrait image: the strip tells how Instagram shows them, 'Auffüllen' is chosen, /sandbox shows all three square", async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'instagram')
	const text = 'Drei Formate vom Markt'
	const post = await services.content.createPost(user.id, { platform: 'instagram', content: { base: text, platforms: {} }, status: 'draft', timeZone: zone })
	await login(user)
	const dialog = await openEditor(page, text)

	const chooser = page.waitForEvent('filechooser')
	await dialog.getByRole('button', { name: 'Bild hinzufügen' }).click()
	await (await chooser).setFiles([await jpeg('quadrat.jpg', 600, 600, '#c0392b'), await jpeg('quer.jpg', 800, 450, '#27ae60'), await jpeg('hoch.jpg', 450, 800, '#2980b9')])
	await expect(dialog.getByTestId('media-item')).toHaveCount(3, { timeout: 30_000 })

	// The first is taken as it is; the others are cut to its aspect, each with a preview.
	await expect(item(dialog, 1).getByTestId('network-image-preview')).toHaveCount(0)
	for (const position of [2, 3]) {
		await expect(item(dialog, position).getByTestId('network-image-note')).toHaveText('Instagram zeigt alle Bilder im Format des ersten (1:1); dieses Bild wird zugeschnitten.')
		await expect(item(dialog, position).getByRole('img', { name: `Vorschau für Instagram, Bild ${position}` })).toBeVisible()
	}
	const fit = dialog.getByTestId('carousel-fit')
	await expect(fit).toContainText('Instagram zeigt alle Bilder im Format des ersten (1:1).')
	await expect(fit.getByRole('radio', { name: 'Zuschneiden' })).toHaveAttribute('aria-checked', 'true')
	await fit.getByRole('radio', { name: 'Auffüllen' }).click()
	await expect(item(dialog, 2).getByTestId('network-image-note')).toHaveText('Instagram zeigt alle Bilder im Format des ersten (1:1); dieses Bild wird aufgefüllt.')
	await expect(item(dialog, 3).getByTestId('network-image-preview')).toHaveAttribute('data-fit', 'pad')

	await dialog.getByRole('button', { name: 'Sofort posten' }).click()
	await expect
		.poll(async () => (await db.selectFrom('post_deliveries').select('status').where('post_id', '=', post.id).execute()).map((d) => d.status), { timeout: 30_000 })
		.toEqual(['published'])
	expect((await db.selectFrom('posts').select('carousel_fit').where('id', '=', post.id).executeTakeFirstOrThrow()).carousel_fit).toBe('pad')
	expect(await db.selectFrom('post_media').select('position').where('post_id', '=', post.id).execute()).toHaveLength(3)

	await page.goto('/sandbox')
	const images = page.locator('article[data-platform="instagram"]').filter({ hasText: text }).locator('img')
	await expect(images).toHaveCount(3)
	await expect
		.poll(() => images.evaluateAll((all) => all.map((image) => (image as HTMLImageElement).naturalWidth / ((image as HTMLImageElement).naturalHeight || 1))))
		.toEqual([1, 1, 1])
	// Padded, not cut: the landscape keeps its full 800 px width on a square canvas.
	expect(await images.evaluateAll((all) => all.map((image) => (image as HTMLImageElement).naturalWidth))).toEqual([600, 800, 800])
})
