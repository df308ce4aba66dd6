import { expect, linkIn, signIn, test, uniqueEmail, waitForMail, gotoReady } from '#tests/e2e/fixtures.ts'
import { e2eUrl } from '#tests/support/e2e.ts'

test('sign-up, confirmation through the dev mailbox and sign-in', async ({ page, db }) => {
	const email = uniqueEmail('signup')
	await gotoReady(page, '/auth')
	await page.getByRole('tab', { name: 'Registrieren' }).click()
	await page.getByLabel('Vollständiger Name').fill('Sara Beispiel')
	await page.getByLabel('E-Mail').fill(email)
	await page.getByLabel('Passwort', { exact: true }).fill('ein-gutes-passwort')
	await page.getByRole('button', { name: 'Registrieren', exact: true }).click()
	await expect(page.getByText('Registrierung erfolgreich! Bitte überprüfen Sie Ihre E-Mails für die Bestätigung.').first()).toBeVisible()

	const user = await db.selectFrom('users').innerJoin('profiles', 'profiles.id', 'users.id').selectAll().where('users.email', '=', email).executeTakeFirstOrThrow()
	expect(user.email_verified_at).toBeNull()
	expect(user.credits_remaining).toBe(50)

	// Not confirmed yet: sign-in is refused with a German hint.
	await page.getByRole('tab', { name: 'Anmelden' }).click()
	await page.getByLabel('E-Mail').fill(email)
	await page.getByLabel('Passwort', { exact: true }).fill('ein-gutes-passwort')
	await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
	await expect(page.getByText('Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.', { exact: false })).toBeVisible()

	const mail = await waitForMail(db, email, { subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' })
	await page.goto('/dev/mailbox')
	await expect(page.getByTestId('dev-mailbox-notice')).toContainText('Dies ist das Entwicklungs-Postfach: Postwerk versendet keine E-Mails.')
	await expect(page.getByText(email).first()).toBeVisible()
	await page.goto(linkIn(mail, `${e2eUrl}/auth/confirm`))
	await page.getByRole('button', { name: 'E-Mail bestätigen' }).click()
	await expect(page).toHaveURL(/\/auth$/)
	await expect(page.getByText('E-Mail bestätigt')).toBeVisible()
	const confirmed = await db.selectFrom('users').select('email_verified_at').where('email', '=', email).executeTakeFirstOrThrow()
	expect(confirmed.email_verified_at).not.toBeNull()

	await signIn(page, { email, password: 'ein-gutes-passwort' })
	await expect(page).toHaveURL('/')
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Sara!')
	const sessions = await db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()
	expect(sessions).toHaveLength(1)
})

test('a wrong password shows the German message and keeps the visitor signed out', async ({ page, createConfirmedUser }) => {
	const user = await createConfirmedUser()
	await gotoReady(page, '/auth')
	await page.getByLabel('E-Mail').fill(user.email)
	await page.getByLabel('Passwort', { exact: true }).fill('falsches-passwort')
	await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
	await expect(page.getByText('Ungültige E-Mail oder Passwort')).toBeVisible()
	await page.goto('/posts')
	await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fposts/)
})

test('registering an e-mail that exists shows the German message', async ({ page, createConfirmedUser, db }) => {
	const user = await createConfirmedUser()
	await gotoReady(page, '/auth')
	await page.getByRole('tab', { name: 'Registrieren' }).click()
	await page.getByLabel('Vollständiger Name').fill('Doppelt Vorhanden')
	await page.getByLabel('E-Mail').fill(user.email.toUpperCase())
	await page.getByLabel('Passwort', { exact: true }).fill('noch-ein-passwort')
	await page.getByRole('button', { name: 'Registrieren', exact: true }).click()
	await expect(page.getByText('Ein Benutzer mit dieser E-Mail existiert bereits')).toBeVisible()
	const rows = await db.selectFrom('users').select('id').where('email', '=', user.email).execute()
	expect(rows).toHaveLength(1)
})

test('empty, too long and malformed input get German messages', async ({ page }) => {
	await gotoReady(page, '/auth')
	await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
	await expect(page.getByText('Bitte füllen Sie alle Felder aus.').first()).toBeVisible()

	await page.getByRole('tab', { name: 'Registrieren' }).click()
	await page.getByRole('button', { name: 'Registrieren', exact: true }).click()
	await expect(page.getByText('Bitte geben Sie Ihren Namen ein.')).toBeVisible()
	await page.getByLabel('Vollständiger Name').fill('x'.repeat(10_001))
	await page.getByLabel('E-Mail').fill('keine-email')
	await page.getByLabel('Passwort', { exact: true }).fill('kurz')
	await page.getByRole('button', { name: 'Registrieren', exact: true }).click()
	await expect(page.getByText('Die Eingabe ist zu lang.')).toBeVisible()
	await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible()
	await expect(page.getByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeVisible()
})

test('the server answers bad form posts with 400 and German text, never 500', async ({ request }) => {
	const origin = { Origin: e2eUrl }
	const cases: Array<Record<string, string>> = [
		{ intent: 'signin' },
		{ intent: 'signin', email: 'x'.repeat(10_001), password: 'y' },
		{ intent: 'signup', fullName: 'x'.repeat(10_001), email: 'a@b.ch', password: 'langes-passwort' },
		{ intent: 'signup', fullName: 'Ok', email: 'kaputt', password: 'langes-passwort' },
		{ intent: 'unbekannt', '__proto__[x]': '1' },
	]
	for (const form of cases) {
		const response = await request.post('/auth', { form, headers: origin })
		expect(response.status(), JSON.stringify(form).slice(0, 80)).toBeLessThan(500)
		expect(response.status()).toBe(400)
	}
	for (const path of ['/auth/forgot-password', '/auth/reset-password', '/auth/confirm']) {
		const response = await request.post(path, { form: { email: 'x'.repeat(10_001), token: 'y'.repeat(10_001), password: '' }, headers: origin })
		expect(response.status(), path).toBe(400)
	}
	const body = await (await request.post('/auth', { form: { intent: 'signin', email: '', password: '' }, headers: origin })).text()
	expect(body).toContain('Bitte füllen Sie alle Felder aus.')
})

test('a cross-origin form post is rejected', async ({ request }) => {
	const response = await request.post('/auth', {
		form: { intent: 'signin', email: 'a@b.ch', password: 'irgendwas' },
		headers: { Origin: 'https://evil.example' },
	})
	expect(response.status()).toBe(403)
	expect(await response.text()).toContain('wurde abgelehnt')
})

test('sign-out ends the session on the server', async ({ page, createConfirmedUser, db }) => {
	const user = await createConfirmedUser({ fullName: 'Olga Out' })
	await signIn(page, user)
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Olga!')
	await page.getByRole('button', { name: 'Abmelden' }).click()
	await expect(page).toHaveURL('/')
	await expect(page.getByRole('link', { name: 'Anmelden' }).first()).toBeVisible()
	expect(await db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0)
	await page.goto('/settings')
	await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsettings/)
})

test('password reset: the link works once, then the new password signs in', async ({ page, createConfirmedUser, db }) => {
	const user = await createConfirmedUser()
	await gotoReady(page, '/auth')
	await page.getByRole('link', { name: 'Passwort vergessen?' }).click()
	// Wait for the new page: the sign-in form also has an 'E-Mail' field until the navigation ends.
	await expect(page.getByRole('heading', { name: 'Passwort vergessen' })).toBeVisible()
	await page.getByLabel('E-Mail').fill(user.email)
	await page.getByRole('button', { name: 'Link senden' }).click()
	await expect(page.getByText('Falls ein Konto mit dieser E-Mail existiert')).toBeVisible()
	const mail = await waitForMail(db, user.email, { subject: 'Zurücksetzen' })
	const link = linkIn(mail, `${e2eUrl}/auth/reset-password`)
	await page.goto(link)
	await page.getByLabel('Neues Passwort').fill('ganz-neues-passwort')
	await page.getByLabel('Passwort wiederholen').fill('ganz-neues-passwort')
	await page.getByRole('button', { name: 'Passwort speichern' }).click()
	await expect(page.getByText('Passwort geändert')).toBeVisible()
	await page.goto(link)
	await expect(page.getByText('Der Link ist ungültig oder abgelaufen.')).toBeVisible()
	await signIn(page, { email: user.email, password: 'ganz-neues-passwort' })
	await expect(page).toHaveURL('/')
})

test('ten wrong passwords lock the sign-in; the owner gets in by the one-time link from the mailbox', async ({ page, db, createConfirmedUser }) => {
	const user = await createConfirmedUser({ fullName: 'Lena Gesperrt' })
	await gotoReady(page, '/auth')
	const email = page.getByLabel('E-Mail')
	const password = page.getByLabel('Passwort', { exact: true })
	const submit = page.getByRole('button', { name: 'Anmelden', exact: true })
	for (let i = 0; i < 10; i++) {
		await email.fill(user.email)
		await password.fill(`falsches-passwort-${i}`)
		const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/auth'))
		await submit.click()
		await answered
		await expect(page.getByText('Ungültige E-Mail oder Passwort')).toBeVisible()
	}
	// The right password is refused now too, and the lock message offers the link.
	await email.fill(user.email)
	await password.fill(user.password)
	await submit.click()
	await expect(page.getByText('Zu viele Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.')).toBeVisible()
	await expect(page.getByText('Wir senden Ihnen einen einmaligen Anmeldelink', { exact: false })).toBeVisible()
	await page.getByRole('button', { name: 'Anmeldelink per E-Mail senden' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'haben wir Ihnen einen Anmeldelink gesendet' })).toBeVisible()

	const mail = await waitForMail(db, user.email, { subject: 'Ihr Anmeldelink für Postwerk' })
	await page.goto(linkIn(mail, `${e2eUrl}/auth/link`))
	await expect(page.getByRole('heading', { name: 'Mit Link anmelden' })).toBeVisible()
	await page.getByRole('button', { name: 'Jetzt anmelden' }).click()
	await expect(page).toHaveURL('/')
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Lena!')

	const tokens = await db.selectFrom('email_tokens').select(['used_at', 'token_hash']).where('user_id', '=', user.id).where('purpose', '=', 'signin_link').execute()
	expect(tokens).toHaveLength(1)
	expect(tokens[0]!.used_at).not.toBeNull()
	expect(mail.text).not.toContain(tokens[0]!.token_hash)
	expect(await db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1)
	// The link worked once: opened again, it is refused.
	await page.goto(linkIn(mail, `${e2eUrl}/auth/link`))
	await expect(page.getByText('Der Link ist ungültig oder abgelaufen.', { exact: false })).toBeVisible()
})

test.describe('on a phone (390 px, touch)', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

	test('a locked address: the lock message, the link by mail and the sign-in by tapping', async ({ page, db, createConfirmedUser }) => {
		const user = await createConfirmedUser({ fullName: 'Mara Mobil' })
		// The address has used its guess budget (the desktop test above types the ten wrong passwords).
		await db.insertInto('rate_limits').values({ key: `signin-fail:${user.email}`, hits: 10, window_start: new Date() }).execute()
		await gotoReady(page, '/auth')
		await page.getByLabel('E-Mail').fill(user.email)
		await page.getByLabel('Passwort', { exact: true }).fill(user.password)
		await page.getByRole('button', { name: 'Anmelden', exact: true }).tap()
		await expect(page.getByText('Zu viele Anmeldeversuche.', { exact: false })).toBeVisible()
		const request = page.getByRole('button', { name: 'Anmeldelink per E-Mail senden' })
		await expect(request).toBeInViewport()
		await request.tap()
		await expect(page.getByRole('status').filter({ hasText: 'haben wir Ihnen einen Anmeldelink gesendet' })).toBeVisible()
		// Nothing of the card sticks out sideways.
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

		const mail = await waitForMail(db, user.email, { subject: 'Ihr Anmeldelink für Postwerk' })
		await page.goto(linkIn(mail, `${e2eUrl}/auth/link`))
		const signIn = page.getByRole('button', { name: 'Jetzt anmelden' })
		await expect(signIn).toBeInViewport()
		await signIn.tap()
		await expect(page).toHaveURL('/')
		expect(await db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1)
	})
})

test('a form with a field name nested thousands of levels deep is refused with a German page, not a server error', async ({ page }) => {
	await gotoReady(page, '/auth')
	// A plain (non-JavaScript) form post, as a crafted page would send it.
	const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/auth')
	await page.evaluate(() => {
		const form = document.createElement('form')
		form.method = 'post'
		form.action = '/auth'
		const field = document.createElement('input')
		field.name = `a${'[0]'.repeat(5000)}`
		field.value = 'x'
		form.append(field)
		document.body.append(form)
		HTMLFormElement.prototype.submit.call(form)
	})
	expect((await answered).status()).toBe(400)
	await expect(page.getByRole('heading', { name: 'Diese Anfrage wurde abgelehnt' })).toBeVisible()
	await expect(page.getByText('Dieses Formular hat zu viele oder zu tief verschachtelte Felder und wurde abgelehnt.')).toBeVisible()
})
