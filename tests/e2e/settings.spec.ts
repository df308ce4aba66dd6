import { readFile } from 'node:fs/promises'
import { expect, gotoReady, signIn, test } from '#tests/e2e/fixtures.ts'

test('content keywords are trimmed, lower-cased, de-duplicated and kept after a reload', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/settings')
	const section = page.getByTestId('settings-content')
	const keywords = section.getByTestId('keywords-keywords')
	// The defaults when nothing is saved.
	await expect(keywords.getByTestId('keyword-chip')).toHaveText(['ki', 'automation'])

	const input = keywords.getByRole('textbox', { name: 'Content-Keywords' })
	const add = keywords.getByRole('button', { name: 'Hinzufügen: Content-Keywords' })
	await expect(add).toBeDisabled()
	await input.fill('   ')
	await expect(add).toBeDisabled()
	await input.fill('  Marketing  ')
	await add.click()
	await input.fill('KI')
	await add.click()
	await keywords.getByRole('button', { name: 'automation entfernen' }).click()
	await expect(keywords.getByTestId('keyword-chip')).toHaveText(['ki', 'marketing'])

	await section.getByRole('textbox', { name: 'Nische' }).fill('Treuhand')
	await section.getByRole('button', { name: 'Speichern' }).click()
	await expect(page.getByText('Einstellungen gespeichert').first()).toBeVisible()

	await gotoReady(page, '/settings')
	await expect(page.getByTestId('keywords-keywords').getByTestId('keyword-chip')).toHaveText(['ki', 'marketing'])
	await expect(page.getByTestId('settings-content').getByRole('textbox', { name: 'Nische' })).toHaveValue('Treuhand')
	const row = await db.selectFrom('content_settings').select(['keywords', 'niche']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
	expect(row).toEqual({ keywords: ['ki', 'marketing'], niche: 'Treuhand' })
})

test('changing the password signs out the other session but not this one', async ({ page, browser, createConfirmedUser, login, db }) => {
	// Four argon2id computations (two sign-ins, the check and the new hash), each seconds on a loaded machine.
	test.setTimeout(60_000)
	const user = await createConfirmedUser()
	await login(user)
	const other = await browser.newContext()
	const otherPage = await other.newPage()
	try {
		await signIn(otherPage, user)
		await gotoReady(otherPage, '/settings')
		await expect(otherPage.getByRole('heading', { name: 'Einstellungen', level: 2 })).toBeVisible()

		await gotoReady(page, '/settings')
		const security = page.getByTestId('settings-security')
		await security.getByLabel('Aktuelles Passwort').fill(user.password)
		await security.getByLabel('Neues Passwort', { exact: true }).fill('kurz')
		await security.getByLabel('Neues Passwort bestätigen').fill('kurz')
		await security.getByRole('button', { name: 'Passwort ändern' }).click()
		await expect(security.getByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeVisible()

		const next = 'ein-ganz-neues-Passwort'
		await security.getByLabel('Neues Passwort', { exact: true }).fill(next)
		await security.getByLabel('Neues Passwort bestätigen').fill(next)
		await security.getByRole('button', { name: 'Passwort ändern' }).click()
		await expect(page.getByText('Passwort geändert').first()).toBeVisible({ timeout: 15_000 })
		const stored = await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow()
		expect(stored.password_hash).toMatch(/^\$argon2id\$/)

		// This device stays signed in, the other one is sent to the sign-in page.
		await gotoReady(page, '/settings')
		await expect(page).toHaveURL(/\/settings$/)
		await otherPage.goto('/settings')
		await expect(otherPage).toHaveURL(/\/auth\?redirectTo=/)
		await signIn(otherPage, { email: user.email, password: next })
	} finally {
		await other.close()
	}
})

test('the export downloads JSON with the user\'s post and no password hash', async ({ page, createConfirmedUser, login, services }) => {
	const user = await createConfirmedUser()
	await services.content.createPost(user.id, { platform: 'linkedin', content: { base: 'Mein exportierter Beitrag', platforms: {} }, status: 'draft', timeZone: 'Europe/Zurich' })
	await login(user)
	await gotoReady(page, '/settings')
	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Daten exportieren' }).click()
	const download = await downloading
	expect(download.suggestedFilename()).toMatch(/^postwerk-export-\d{4}-\d{2}-\d{2}\.json$/)
	const text = await readFile((await download.path())!, 'utf8')
	const json = JSON.parse(text) as { profile: { email: string }; posts: Array<{ content: string }>; ledger: Array<unknown> }
	expect(json.profile.email).toBe(user.email)
	expect(json.posts.map((p) => p.content).join()).toContain('Mein exportierter Beitrag')
	expect(json.ledger.length).toBeGreaterThan(0)
	expect(text).not.toContain('argon2')
	expect(text).not.toContain('password_hash')
})

test('deleting the account needs the typed e-mail, removes the user and signs out', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/settings')
	await page.getByTestId('settings-data').getByRole('button', { name: 'Konto löschen' }).click()
	const dialog = page.getByRole('alertdialog', { name: 'Konto endgültig löschen?' })
	const confirm = dialog.getByRole('button', { name: 'Endgültig löschen' })
	await expect(confirm).toBeDisabled()
	await dialog.getByLabel('E-Mail-Adresse zur Bestätigung').fill('falsch@example.com')
	await expect(confirm).toBeDisabled()
	await dialog.getByLabel('E-Mail-Adresse zur Bestätigung').fill(user.email)
	await confirm.click()
	await expect(page).not.toHaveURL(/\/settings/)
	await expect.poll(async () => db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined()
	await page.goto('/settings')
	await expect(page).toHaveURL(/\/auth\?redirectTo=/)
})

test('profile name, time zone and the failure-mail switch are saved on the server', async ({ page, createConfirmedUser, login, db }) => {
	const user = await createConfirmedUser()
	await login(user)
	await gotoReady(page, '/settings')
	const profile = page.getByTestId('settings-profile')
	await expect(profile.getByLabel('E-Mail')).toHaveValue(user.email)
	await profile.getByLabel('Name').fill('Erika Beispiel')
	await profile.getByRole('button', { name: 'Speichern' }).click()
	await expect(page.getByText('Einstellungen gespeichert').first()).toBeVisible()

	const preferences = page.getByTestId('settings-preferences')
	await preferences.getByRole('combobox', { name: 'Zeitzone' }).click()
	await page.getByRole('option', { name: 'Europe/Berlin', exact: true }).click()
	await preferences.getByRole('switch', { name: /E-Mail bei fehlgeschlagenen/ }).click()
	await preferences.getByRole('button', { name: 'Speichern' }).click()
	await expect
		.poll(async () => db.selectFrom('users').innerJoin('profiles', 'profiles.id', 'users.id').select(['time_zone', 'notify_failed_posts', 'full_name']).where('users.id', '=', user.id).executeTakeFirst())
		.toEqual({ time_zone: 'Europe/Berlin', notify_failed_posts: false, full_name: 'Erika Beispiel' })
})
