import { expect, gotoReady, signIn, test } from '#tests/e2e/fixtures.ts'

test('a signed-out visit of /posts goes to /auth and back after sign-in', async ({ page, createConfirmedUser }) => {
	const user = await createConfirmedUser()
	await gotoReady(page, '/posts')
	await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fposts$/)
	await page.getByLabel('E-Mail').fill(user.email)
	await page.getByLabel('Passwort', { exact: true }).fill(user.password)
	await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
	await expect(page).toHaveURL('/posts')
	await expect(page.getByRole('heading', { name: 'Meine Posts' })).toBeVisible()
})

test('a non-admin on /admin goes to /, an admin sees the admin panel', async ({ page, createConfirmedUser }) => {
	const user = await createConfirmedUser()
	await signIn(page, user)
	await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0)
	await page.goto('/admin')
	await expect(page).toHaveURL('/')
	await page.goto('/admin/users')
	await expect(page).toHaveURL('/')
	// Data requests of admin routes are refused too (no rendering needed to leak data).
	const data = await page.request.get('/admin.data', { maxRedirects: 0 })
	expect(data.status()).not.toBe(200)

	const admin = await createConfirmedUser({ admin: true })
	await page.context().clearCookies()
	await signIn(page, admin)
	await page.getByRole('link', { name: 'Admin Panel' }).click()
	await expect(page).toHaveURL('/admin')
	await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible()
})

test('signed-in users visiting /landing, /onboarding or /auth go to /', async ({ page, createConfirmedUser }) => {
	const user = await createConfirmedUser()
	await signIn(page, user)
	for (const path of ['/landing', '/onboarding', '/auth']) {
		await page.goto(path)
		await expect(page).toHaveURL('/')
	}
})

test('an unknown path shows the 404 page with a link to the start page', async ({ page }) => {
	const response = await page.goto('/gibt-es-nicht/wirklich')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible()
	await page.getByRole('link', { name: 'Zur Startseite' }).click()
	await expect(page).toHaveURL('/')
	await expect(page.getByRole('link', { name: 'Jetzt kostenlos starten' }).first()).toBeVisible()
})

test("the benchmarks' empty page is a 404 on a server without BENCH_EMPTY_PAGE", async ({ page, createConfirmedUser }) => {
	await signIn(page, await createConfirmedUser())
	const response = await page.goto('/bench/leer')
	expect(response?.status()).toBe(404)
})
