import { createHash } from 'node:crypto'
import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { expectNoHorizontalScroll, phone } from '#tests/e2e/phone-support.ts'

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

test('a personal API token is created with its scopes, shown once, listed and revoked; the admin sees the count', async ({ page, createConfirmedUser, login, db, services }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/settings')
	await page.getByRole('link', { name: 'API & Integrationen öffnen' }).click()
	await expect(page.getByRole('heading', { name: 'API & Integrationen', level: 2 })).toBeVisible()
	await expect(page.getByText('Noch keine API-Schlüssel.')).toBeVisible()

	// Without a name the form says why, and nothing is stored.
	await page.getByRole('button', { name: 'Schlüssel erstellen' }).click()
	await expect(page.getByText('Bitte geben Sie dem Schlüssel einen Namen.')).toBeVisible()

	await page.getByRole('textbox', { name: 'Name' }).fill('Claude Desktop')
	await page.getByRole('checkbox', { name: /^Posts/ }).check()
	await page.getByRole('button', { name: 'Schlüssel erstellen' }).click()
	const secretField = page.getByRole('textbox', { name: 'API-Schlüssel' })
	await expect(secretField).toBeVisible()
	const secret = await secretField.inputValue()
	expect(secret).toMatch(/^pw_/)
	const row = page.getByTestId('api-token-row').filter({ hasText: 'Claude Desktop' })
	await expect(row).toContainText('Aktiv')
	await expect(row).toContainText('Lesen')
	await expect(row).toContainText('Posts')
	await expect(row).toContainText(`pw_…${secret.slice(-4)}`)
	const stored = await db.selectFrom('api_tokens').select(['token_hash', 'scopes', 'revoked_at']).where('user_id', '=', user.id).execute()
	expect(stored).toEqual([{ token_hash: sha256(secret), scopes: ['read', 'posts'], revoked_at: null }])

	await page.getByRole('button', { name: 'Fertig' }).click()
	await expect(secretField).toBeHidden()
	await gotoReady(page, '/settings/integrationen')
	await expect(page.getByRole('textbox', { name: 'API-Schlüssel' })).toHaveCount(0)

	await page.getByRole('button', { name: 'Widerrufen: Claude Desktop' }).click()
	await page.getByRole('alertdialog').getByRole('button', { name: 'Ja, widerrufen' }).click()
	await expect(page.getByText('API-Schlüssel widerrufen').first()).toBeVisible()
	await expect(page.getByTestId('api-token-row').filter({ hasText: 'Claude Desktop' })).toContainText('Widerrufen')
	await expect.poll(async () => (await db.selectFrom('api_tokens').select('revoked_at').where('user_id', '=', user.id).executeTakeFirstOrThrow()).revoked_at).not.toBeNull()

	// The admin's user list counts the user's active tokens (the revoked one no more).
	await services.accounts.apiTokens.create(user.id, { name: 'Make', scopes: ['read'], expiresAt: null })
	const admin = await createConfirmedUser({ admin: true })
	await login(admin)
	await gotoReady(page, `/admin/users?q=${encodeURIComponent(user.email)}`)
	await expect(page.getByRole('columnheader', { name: 'API-Schlüssel' })).toBeVisible()
	await expect(page.getByRole('row').filter({ hasText: user.email }).getByTestId('api-tokens')).toHaveText('1')
})

test.describe('on a phone', () => {
	test.use(phone)
	test('the API page fits a 390 px screen and creates a token by touch', async ({ page, createConfirmedUser, login, db }) => {
		const user = await createConfirmedUser()
		await login(user)
		await gotoReady(page, '/settings/integrationen')
		await expectNoHorizontalScroll(page, '/settings/integrationen')
		await page.getByRole('textbox', { name: 'Name' }).fill('n8n')
		await page.getByRole('button', { name: 'Schlüssel erstellen' }).tap()
		await expect(page.getByRole('textbox', { name: 'API-Schlüssel' })).toBeVisible()
		await expectNoHorizontalScroll(page, '/settings/integrationen with a token')
		expect(await db.selectFrom('api_tokens').select('name').where('user_id', '=', user.id).execute()).toEqual([{ name: 'n8n' }])
	})
})
