import { expect, googleIdentity, test, useGoogleIdentity, gotoReady } from '#tests/e2e/fixtures.ts'

test('Google sign-in (OAuth2 + PKCE against the local fake) creates the account and signs in', async ({ page, db }) => {
	const identity = await useGoogleIdentity(page.context(), googleIdentity({ name: 'Gina Google' }))
	await gotoReady(page, '/auth')
	await page.getByRole('button', { name: 'Mit Google anmelden' }).click()
	await expect(page).toHaveURL('/')
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Gina!')
	const user = await db.selectFrom('users').innerJoin('profiles', 'profiles.id', 'users.id').selectAll().where('users.email', '=', identity.email).executeTakeFirstOrThrow()
	expect(user.email_verified_at).not.toBeNull()
	expect(user.credits_remaining).toBe(50)
	const links = await db.selectFrom('user_identities').selectAll().where('user_id', '=', user.id).execute()
	expect(links).toMatchObject([{ provider: 'google', subject: identity.sub }])
})
