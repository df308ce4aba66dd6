import { expect, gotoReady, signIn, test } from '#tests/e2e/fixtures.ts'

// Issue 20 defect 1: a data request of a signed-out page ('/posts.data') must never become the target.
test('sign out on /posts, go back, sign in: back on /posts, not on a data URL', async ({ page, createConfirmedUser }) => {
	const user = await createConfirmedUser()
	await signIn(page, user)
	await gotoReady(page, '/posts')
	await expect(page.getByRole('heading', { name: 'Meine Posts' })).toBeVisible()
	await page.getByRole('button', { name: 'Abmelden' }).click()
	await expect(page).toHaveURL('/')
	await page.goBack()
	await expect(page).toHaveURL(/\/auth\?redirectTo=/)
	expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/posts')
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	await page.getByLabel('E-Mail').fill(user.email)
	await page.getByLabel('Passwort', { exact: true }).fill(user.password)
	await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
	await expect(page).toHaveURL('/posts')
	await expect(page.getByRole('heading', { name: 'Meine Posts' })).toBeVisible()
})

test('an old link with a data URL in redirectTo still leads to the page', async ({ page, createConfirmedUser }) => {
	const user = await createConfirmedUser()
	await gotoReady(page, '/auth?redirectTo=%2Fposts.data%3F_routes%3Droutes%252Fapp%252Fposts')
	await page.getByLabel('E-Mail').fill(user.email)
	await page.getByLabel('Passwort', { exact: true }).fill(user.password)
	await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
	await expect(page).toHaveURL('/posts')
})

test('the sign-in page shows the logo and a way back to the landing page', async ({ page }) => {
	await gotoReady(page, '/auth')
	await expect(page.getByRole('link', { name: 'Startseite' }).first()).toBeVisible()
	await page.getByTestId('auth-back-home').click()
	await expect(page).toHaveURL('/')
	await expect(page.getByRole('link', { name: 'Anmelden' }).first()).toBeVisible()
})
