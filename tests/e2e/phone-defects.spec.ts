import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

// Issue 20, defects 2 and 3 (desktop), and the installable app's manifest.

test('a 200-character name stays on one header row, cut with an ellipsis; the whole name is in the title', async ({ page, createConfirmedUser, login }) => {
	const name = 'Maximilian'.repeat(20)
	const user = await createConfirmedUser({ fullName: name })
	await login(user)
	await gotoReady(page, '/')
	const title = page.getByRole('heading', { level: 1 })
	await expect(title).toHaveAttribute('title', new RegExp(`, ${name}!$`))
	const search = page.getByPlaceholder('Posts, Ideen suchen...')
	const create = page.getByRole('banner').getByRole('link', { name: 'Post erstellen' })
	const titleBox = (await title.boundingBox())!
	const searchBox = (await search.boundingBox())!
	const createBox = (await create.boundingBox())!
	// One row: search and button sit beside the greeting, not under it.
	expect(searchBox.y).toBeLessThan(titleBox.y + titleBox.height)
	expect(createBox.y).toBeLessThan(titleBox.y + titleBox.height)
	expect(await title.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis')).toBe(true)
	await expect(page.getByTestId('profile-card').getByText(name)).toHaveAttribute('title', name)
})

test('the name form says its limit and refuses a 201-character name with a German message', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser({ fullName: 'Kurt Kurz' })
	await login(user)
	await gotoReady(page, '/settings')
	const profile = page.getByTestId('settings-profile')
	await expect(profile.getByText('Höchstens 200 Zeichen.')).toBeVisible()
	const field = profile.getByLabel('Name')
	await field.fill('x'.repeat(201))
	// Nothing is cut while typing.
	await expect(field).toHaveValue('x'.repeat(201))
	await profile.getByRole('button', { name: 'Speichern' }).click()
	await expect(profile.getByText('Der Name darf höchstens 200 Zeichen lang sein.')).toBeVisible()
	await expect(field).toHaveAttribute('aria-invalid', 'true')
	const stored = await db.selectFrom('profiles').select('full_name').where('id', '=', user.id).executeTakeFirstOrThrow()
	expect(stored.full_name).toBe('Kurt Kurz')
})

test('a Basic subscriber is labelled Basic in the sidebar, as in Settings', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await db.updateTable('profiles').set({ subscription_type: 'basic', plan: 'basic' }).where('id', '=', user.id).execute()
	await login(user)
	await gotoReady(page, '/settings')
	await expect(page.getByTestId('profile-plan')).toHaveText('Basic Tarif')
	await expect(page.getByTestId('settings-plan')).toHaveText('Basic')
})

test('the web app manifest is valid JSON in German with loadable PNG icons, linked from every page', async ({ page, request }) => {
	await gotoReady(page, '/landing')
	await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
	await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /^#[0-9a-f]{6}$/i)
	const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')
	const response = await request.get('/manifest.webmanifest')
	expect(response.ok()).toBe(true)
	const manifest = (await response.json()) as { name: string; short_name: string; lang: string; start_url: string; display: string; theme_color: string; background_color: string; icons: Array<{ src: string; sizes: string; type: string; purpose?: string }> }
	expect(manifest).toMatchObject({ short_name: 'Postwerk', lang: 'de', start_url: '/', display: 'standalone' })
	expect(manifest.name).toContain('Postwerk')
	expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
	expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i)
	for (const size of ['192x192', '512x512']) expect(manifest.icons.some((icon) => icon.sizes === size && icon.purpose !== 'maskable')).toBe(true)
	expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true)
	for (const src of [...manifest.icons.map((icon) => icon.src), apple!]) {
		const icon = await request.get(src)
		expect(icon.ok(), src).toBe(true)
		expect(icon.headers()['content-type']).toBe('image/png')
		const bytes = await icon.body()
		// PNG signature, then the IHDR width and height.
		expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
		const declared = manifest.icons.find((entry) => entry.src === src)?.sizes ?? '180x180'
		expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(declared)
	}
})
