import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import type { Kysely } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'
import { connectPlatform, expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { expectNoHorizontalScroll, phone } from '#tests/e2e/phone-support.ts'

// Issue 39 items 2 and 6 (ADR 0061): the editor's media strip. Images are uploaded through
// 'Bild hinzufügen' (POST /api/media with a progress bar), reordered by keyboard, pointer and touch,
// given alt texts, saved into post_media in the new order.

const zone = 'Europe/Zurich'

test.use({ viewport: { width: 1440, height: 900 } })
const colours = ['#c0392b', '#27ae60', '#2980b9', '#8e44ad', '#f39c12', '#16a085', '#2c3e50', '#d35400', '#7f8c8d', '#e84393', '#00b894']

async function png(index: number) {
	const buffer = await sharp({ create: { width: 320, height: 320, channels: 3, background: colours[index % colours.length]! } }).png().toBuffer()
	return { name: `bild-${index + 1}.png`, mimeType: 'image/png', buffer }
}

async function openEditor(page: Page, text: string) {
	await gotoReady(page, '/posts')
	await page.getByTestId('post-card').filter({ hasText: text }).getByRole('button', { name: 'Bearbeiten' }).click()
	const dialog = page.getByRole('dialog', { name: 'Post bearbeiten' })
	await expect(dialog.getByTestId('media-strip')).toBeVisible()
	return dialog
}

async function addImages(page: Page, dialog: Locator, count: number) {
	const chooser = page.waitForEvent('filechooser')
	await dialog.getByRole('button', { name: 'Bild hinzufügen' }).click()
	await (await chooser).setFiles(await Promise.all(Array.from({ length: count }, (_, i) => png(i))))
	await expect(dialog.getByTestId('media-item')).toHaveCount(count, { timeout: 30_000 })
}

const itemUrls = (dialog: Locator) => dialog.getByTestId('media-item').evaluateAll((items) => items.map((item) => item.getAttribute('data-url')))

async function storedMedia(db: Kysely<DB>, postId: string) {
	return db.selectFrom('post_media').select(['url', 'alt_text']).where('post_id', '=', postId).orderBy('position').execute()
}

async function instagramPost(services: Parameters<typeof connectPlatform>[0], userId: string, text: string) {
	await connectPlatform(services, userId, 'instagram')
	return services.content.createPost(userId, { platform: 'instagram', content: { base: text, platforms: {} }, status: 'draft', timeZone: zone })
}

test('three images uploaded, reordered by keyboard and by pointer, given alt texts and saved in that order', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	const post = await instagramPost(services, user.id, 'Karussell vom Wochenmarkt')
	await login(user)
	const dialog = await openEditor(page, 'Karussell vom Wochenmarkt')
	await expect(dialog.getByText('Noch keine Bilder oder Videos.')).toBeVisible()
	await addImages(page, dialog, 3)
	const [first, second, third] = (await itemUrls(dialog)) as [string, string, string]

	// Keyboard: the first picked up with Space, moved one to the right, dropped.
	// Each step is announced in German (dnd-kit's live region).
	await dialog.getByRole('button', { name: 'Element 1 verschieben' }).focus()
	await page.keyboard.press('Space')
	await expect(page.getByText('Element 1 aufgenommen.')).toBeAttached()
	await page.keyboard.press('ArrowRight')
	await expect(page.getByText('Element 1 ist jetzt an Position 2.')).toBeAttached()
	await page.keyboard.press('Space')
	await expect(page.getByText('Element 1 an Position 2 abgelegt.')).toBeAttached()
	await expect.poll(() => itemUrls(dialog)).toEqual([second, first, third])
	// Escape during a drag cancels the drag and keeps the dialog open.
	await dialog.getByRole('button', { name: 'Element 2 verschieben' }).focus()
	await page.keyboard.press('Space')
	await expect(page.getByText('Element 2 aufgenommen.')).toBeAttached()
	await page.keyboard.press('Escape')
	await expect(page.getByText('Verschieben abgebrochen. Element 2 bleibt an seinem Platz.')).toBeAttached()
	await expect(dialog).toBeVisible()
	await expect.poll(() => itemUrls(dialog)).toEqual([second, first, third])

	// Pointer: the third dragged onto the first place.
	const handle = await dialog.getByRole('button', { name: 'Element 3 verschieben' }).boundingBox()
	const target = await dialog.getByTestId('media-item').first().boundingBox()
	await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2)
	await page.mouse.down()
	for (let step = 1; step <= 10; step++) await page.mouse.move(handle!.x + ((target!.x + 20 - handle!.x) * step) / 10, handle!.y + ((target!.y + 40 - handle!.y) * step) / 10)
	await page.mouse.up()
	await expect.poll(() => itemUrls(dialog)).toEqual([third, second, first])

	await dialog.getByRole('textbox', { name: 'Alt-Text für Bild 1' }).fill('Rote Tomaten am Marktstand')
	await dialog.getByRole('textbox', { name: 'Alt-Text für Bild 2' }).fill('Grüne Gurken in einer Kiste')
	await dialog.getByRole('textbox', { name: 'Alt-Text für Bild 3' }).fill('Blaue Pflaumen')
	await expect(dialog.getByText('26 / 1000')).toBeVisible()
	await dialog.getByRole('button', { name: 'Speichern' }).click()
	await expect(page.getByText('Post aktualisiert').first()).toBeVisible()
	await expect.poll(() => storedMedia(db, post.id)).toEqual([
		{ url: third, alt_text: 'Rote Tomaten am Marktstand' },
		{ url: second, alt_text: 'Grüne Gurken in einer Kiste' },
		{ url: first, alt_text: 'Blaue Pflaumen' },
	])

	// Opened again, the strip shows the saved order and alt texts.
	const again = await openEditor(page, 'Karussell vom Wochenmarkt')
	await expect.poll(() => itemUrls(again)).toEqual([third, second, first])
	await expect(again.getByRole('textbox', { name: 'Alt-Text für Bild 1' })).toHaveValue('Rote Tomaten am Marktstand')
})

test('published now, /sandbox shows the three images in the new order with their alt texts', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	const post = await instagramPost(services, user.id, 'Drei Bilder sofort')
	await login(user)
	const dialog = await openEditor(page, 'Drei Bilder sofort')
	await addImages(page, dialog, 3)
	const urls = (await itemUrls(dialog)) as [string, string, string]
	await dialog.getByRole('button', { name: 'Element 1 verschieben' }).focus()
	await page.keyboard.press('Space')
	await expect(page.getByText('Element 1 aufgenommen.')).toBeAttached()
	await page.keyboard.press('ArrowRight')
	await expect(page.getByText('Element 1 ist jetzt an Position 2.')).toBeAttached()
	await page.keyboard.press('Space')
	for (const [index, alt] of ['Erstes', 'Zweites', 'Drittes'].entries()) await dialog.getByRole('textbox', { name: `Alt-Text für Bild ${index + 1}` }).fill(alt)
	await dialog.getByRole('button', { name: 'Sofort posten' }).click()
	await expect.poll(async () => (await db.selectFrom('post_deliveries').select('status').where('post_id', '=', post.id).execute()).map((d) => d.status), { timeout: 30_000 }).toEqual(['published'])
	await page.goto('/sandbox')
	const article = page.locator('article[data-platform="instagram"]').filter({ hasText: 'Drei Bilder sofort' })
	await expect(article.locator('img')).toHaveCount(3)
	expect(await article.locator('img').evaluateAll((images) => images.map((i) => i.getAttribute('alt')))).toEqual(['Erstes', 'Zweites', 'Drittes'])
	expect(urls).toHaveLength(3)
})

test('an eleventh image: Instagram takes at most ten, the strip says so on that item', async ({ page, createConfirmedUser, login, services }) => {
	const user = await createConfirmedUser()
	await instagramPost(services, user.id, 'Elf Bilder sind zu viel')
	await login(user)
	const dialog = await openEditor(page, 'Elf Bilder sind zu viel')
	await addImages(page, dialog, 11)
	const notes = dialog.getByTestId('media-network-limit')
	await expect(notes).toHaveCount(1)
	await expect(notes).toHaveText('Instagram: höchstens 10')
	await expect(dialog.getByRole('listitem', { name: 'Bild 11' }).getByTestId('media-network-limit')).toBeVisible()
	// Posting it now: the planning preflight refuses it in German, nothing goes out.
	await dialog.getByRole('button', { name: 'Sofort posten' }).click()
	await expect(page.getByText('Dieser Post hat 11 Bilder oder Videos; Instagram nimmt höchstens 10 pro Post. Entfernen Sie bitte einige.').first()).toBeVisible()
})

test.describe('on a phone (390 px, touch)', () => {
	test.use(phone)

	test('images reordered by touch drag and saved', async ({ page, createConfirmedUser, login, services, db }) => {
		const user = await createConfirmedUser()
		const post = await instagramPost(services, user.id, 'Zwei Bilder am Telefon')
		await login(user)
		const dialog = await openEditor(page, 'Zwei Bilder am Telefon')
		await addImages(page, dialog, 2)
		const [first, second] = (await itemUrls(dialog)) as [string, string]
		const handle = dialog.getByRole('button', { name: 'Element 2 verschieben' })
		await handle.scrollIntoViewIfNeeded()
		const from = centre((await handle.boundingBox())!)
		const to = centre((await dialog.getByTestId('media-item').first().boundingBox())!)
		await touchDrag(page, from, to)
		await expect.poll(() => itemUrls(dialog)).toEqual([second, first])
		await dialog.getByRole('button', { name: 'Speichern' }).click()
		await expect(page.getByText('Post aktualisiert').first()).toBeVisible()
		await expect.poll(async () => (await storedMedia(db, post.id)).map((m) => m.url)).toEqual([second, first])
	})

	test('a carousel given alt texts, reordered by touch and published now: /sandbox shows the new order with the alt texts', async ({ page, createConfirmedUser, login, services, db }) => {
		const user = await createConfirmedUser()
		const post = await instagramPost(services, user.id, 'Karussell vom Telefon')
		await login(user)
		const dialog = await openEditor(page, 'Karussell vom Telefon')
		await addImages(page, dialog, 3)
		const [first, second, third] = (await itemUrls(dialog)) as [string, string, string]
		for (const [index, alt] of ['Rote Kiste', 'Grüne Kiste', 'Blaue Kiste'].entries()) await dialog.getByRole('textbox', { name: `Alt-Text für Bild ${index + 1}` }).fill(alt)
		// The third image dragged by touch onto the first place; its alt text goes with it.
		const handle = dialog.getByRole('button', { name: 'Element 3 verschieben' })
		await handle.scrollIntoViewIfNeeded()
		await touchDrag(page, centre((await handle.boundingBox())!), centre((await dialog.getByTestId('media-item').first().boundingBox())!))
		await expect.poll(() => itemUrls(dialog)).toEqual([third, first, second])
		await expect(dialog.getByRole('textbox', { name: 'Alt-Text für Bild 1' })).toHaveValue('Blaue Kiste')
		await expectNoHorizontalScroll(page, 'the editor with three images')
		await dialog.getByRole('button', { name: 'Sofort posten' }).tap()
		await expect.poll(async () => (await db.selectFrom('post_deliveries').select('status').where('post_id', '=', post.id).execute()).map((d) => d.status), { timeout: 30_000 }).toEqual(['published'])
		expect(await storedMedia(db, post.id)).toEqual([
			{ url: third, alt_text: 'Blaue Kiste' },
			{ url: first, alt_text: 'Rote Kiste' },
			{ url: second, alt_text: 'Grüne Kiste' },
		])
		await page.goto('/sandbox')
		const article = page.locator('article[data-platform="instagram"]').filter({ hasText: 'Karussell vom Telefon' })
		await expect(article.locator('img')).toHaveCount(3)
		expect(await article.locator('img').evaluateAll((images) => images.map((i) => i.getAttribute('alt')))).toEqual(['Blaue Kiste', 'Rote Kiste', 'Grüne Kiste'])
	})

	test('an eleventh image: the strip and the German refusal of posting it now, at 390 px', async ({ page, createConfirmedUser, login, services, db }) => {
		const user = await createConfirmedUser()
		const post = await instagramPost(services, user.id, 'Elf Bilder am Telefon')
		await login(user)
		const dialog = await openEditor(page, 'Elf Bilder am Telefon')
		await addImages(page, dialog, 11)
		const eleventh = dialog.getByRole('listitem', { name: 'Bild 11' }).getByTestId('media-network-limit')
		await eleventh.scrollIntoViewIfNeeded()
		await expect(eleventh).toHaveText('Instagram: höchstens 10')
		await expectNoHorizontalScroll(page, 'the editor with eleven images')
		await dialog.getByRole('button', { name: 'Sofort posten' }).tap()
		const refusal = page.getByText('Dieser Post hat 11 Bilder oder Videos; Instagram nimmt höchstens 10 pro Post. Entfernen Sie bitte einige.').first()
		await expect(refusal).toBeVisible()
		await expect(refusal).toBeInViewport()
		// Nothing went out: the post stays a draft, its delivery waits.
		expect(await db.selectFrom('posts').select('status').where('id', '=', post.id).executeTakeFirstOrThrow()).toEqual({ status: 'draft' })
		expect(await db.selectFrom('post_deliveries').select('status').where('post_id', '=', post.id).execute()).toEqual([{ status: 'pending' }])
	})
})

const centre = (box: { x: number; y: number; width: number; height: number }) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 })

/** A touch drag through Chrome's input domain: touch, hold (the sensor's delay), move, lift (as phone-calendar.spec.ts). */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
	const cdp = await page.context().newCDPSession(page)
	const point = (p: { x: number; y: number }) => [{ x: Math.round(p.x), y: Math.round(p.y) }]
	await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from) })
	await page.waitForTimeout(350)
	for (let step = 1; step <= 12; step++) {
		const p = { x: from.x + ((to.x - from.x) * step) / 12, y: from.y + ((to.y - from.y) * step) / 12 }
		await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(p) })
		await page.waitForTimeout(16)
	}
	await page.waitForTimeout(100)
	await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
	await cdp.detach()
}
