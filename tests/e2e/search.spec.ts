import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'

const zurich = 'Europe/Zurich'

test("header search: 'Firma' finds 'Firmen' as you type, highlighted, with keyboard and results page; never another user's post", async ({ page, createConfirmedUser, login, services }) => {
	const alice = await createConfirmedUser()
	const bob = await createConfirmedUser()
	const post = await services.content.createPost(alice.id, { platform: 'linkedin', content: { base: 'Viele Firmen im Thurgau setzen auf Automatisierung.', platforms: {} }, status: 'draft', timeZone: zurich })
	await services.content.createDraft(alice.id, { platforms: ['instagram'], content: { base: 'Entwurf: eine Firma aus Bern stellt sich vor', platforms: {} } })
	await services.content.createPost(bob.id, { platform: 'facebook', content: { base: 'Bobs geheime Firmen-Strategie', platforms: {} }, status: 'draft', timeZone: zurich })
	await login(alice)
	await gotoReady(page, '/')

	const box = page.getByRole('combobox', { name: 'Suche' })
	await box.fill('Firma')
	const dropdown = page.getByTestId('search-dropdown')
	const options = dropdown.getByRole('option')
	await expect(options).toHaveCount(2)
	await expect(dropdown.locator('mark', { hasText: 'Firmen' }).first()).toBeVisible()
	await expect(options.filter({ hasText: 'Thurgau' }).getByText('Post', { exact: true })).toBeVisible()
	await expect(options.filter({ hasText: 'Bern' }).getByText('Entwurf', { exact: true })).toBeVisible()
	await expect(dropdown).not.toContainText('Bobs')
	expect(await dropdown.locator('mark').first().evaluate((el) => el.tagName)).toBe('MARK')

	// Arrow keys move the choice, Escape closes the list.
	await box.press('ArrowDown')
	await expect(options.first()).toHaveAttribute('aria-selected', 'true')
	await box.press('ArrowDown')
	await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true')
	await box.press('Escape')
	await expect(dropdown).toBeHidden()

	// Enter without a chosen hit opens the results page, grouped.
	await box.press('Enter')
	await expect(page).toHaveURL(/\/suche\?q=Firma$/)
	await expect(page.getByRole('heading', { name: 'Suche', exact: true })).toBeVisible()
	await expect(page.getByTestId('search-count')).toHaveText('2 Treffer für „Firma“')
	const posts = page.getByTestId('search-group-post')
	await expect(posts.getByRole('heading', { name: /Posts/ })).toBeVisible()
	await expect(posts.locator('mark', { hasText: 'Firmen' }).first()).toBeVisible()
	await expect(page.getByTestId('search-group-draft')).toContainText('eine Firma aus Bern')
	await expect(page.getByText('Bobs geheime')).toHaveCount(0)
	await expect(posts.getByRole('link')).toHaveAttribute('href', `/create-post?post=${post.id}`)

	// A query without hits says so; an odd one too, without an error.
	await gotoReady(page, `/suche?q=${encodeURIComponent(`'"&|!:*()`)}`)
	await expect(page.getByText(`Keine Treffer für „'"&|!:*()“.`)).toBeVisible()

	// Enter on a chosen hit opens it in the creator.
	await gotoReady(page, '/')
	await box.fill('Thurgau')
	await expect(options).toHaveCount(1)
	await box.press('ArrowDown')
	await box.press('Enter')
	await expect(page).toHaveURL(/\/create-post/)
})
