import { expect, linkIn, test, uniqueEmail, waitForMail, gotoReady } from '#tests/e2e/fixtures.ts'
import { e2eUrl } from '#tests/support/e2e.ts'

// The first real journey: landing -> onboarding -> account -> confirmation -> sign-in -> dashboard with the agent saved.
test('the onboarding draft becomes the default agent after sign-up, confirmation and sign-in', async ({ page, db }) => {
	const email = uniqueEmail('journey')
	await gotoReady(page, '/')
	await page.getByRole('link', { name: 'Jetzt kostenlos starten' }).first().click()
	await expect(page).toHaveURL('/onboarding')
	await page.waitForLoadState('networkidle')

	await page.getByLabel('Name des Agenten').fill('Café-Kompass')
	await page.getByRole('button', { name: 'Weiter' }).click()
	await page.getByLabel('Zielgruppe', { exact: true }).fill('Inhaberinnen kleiner Cafés in Zürich')
	await page.getByRole('button', { name: 'Weiter' }).click()
	await page.getByRole('radio', { name: 'Gastgewerbe' }).click()
	await page.getByRole('button', { name: 'Weiter' }).click()
	await page.getByRole('button', { name: 'Konto erstellen' }).click()
	await expect(page).toHaveURL('/auth?from=onboarding')
	await expect(page.getByText('Erstellen Sie Ihr Konto, um Ihren Agent zu speichern!')).toBeVisible()

	await page.getByLabel('Vollständiger Name').fill('Clara Café')
	await page.getByLabel('E-Mail').fill(email)
	await page.getByLabel('Passwort', { exact: true }).fill('kaffee-und-kuchen')
	await page.getByRole('button', { name: 'Registrieren', exact: true }).click()
	await expect(page.getByText('Registrierung erfolgreich! Bitte überprüfen Sie Ihre E-Mails für die Bestätigung.').first()).toBeVisible()

	const mail = await waitForMail(db, email, { subject: 'Bitte bestätigen Sie' })
	await page.goto(linkIn(mail, `${e2eUrl}/auth/confirm`))
	await page.getByRole('button', { name: 'E-Mail bestätigen' }).click()
	await expect(page).toHaveURL(/\/auth$/)
	await page.getByLabel('E-Mail').fill(email)
	await page.getByLabel('Passwort', { exact: true }).fill('kaffee-und-kuchen')
	await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
	await expect(page).toHaveURL('/')

	await expect(page.getByText('Agent erstellt!')).toBeVisible()
	await expect(page.getByTestId('agent-card')).toContainText('Café-Kompass')
	await expect(page.getByTestId('agent-card')).toContainText('Standard')
	expect(await page.evaluate(() => localStorage.getItem('onboarding-draft'))).toBeNull()

	const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
	const agents = await db.selectFrom('agent_configurations').selectAll().where('user_id', '=', user.id).execute()
	expect(agents).toHaveLength(1)
	expect(agents[0]).toMatchObject({ name: 'Café-Kompass', is_default: true, agent_order: 0, industry: 'hospitality', target_audience: 'Inhaberinnen kleiner Cafés in Zürich' })

	// A reload does not create a second agent.
	await page.reload()
	await expect(page.getByTestId('agent-card')).toContainText('Café-Kompass')
	expect(await db.selectFrom('agent_configurations').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1)
})
