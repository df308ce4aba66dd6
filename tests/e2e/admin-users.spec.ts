import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { e2eUrl } from '#tests/support/e2e.ts'

test('an admin finds a user, grants credits and changes the plan; the audit trail shows both', async ({ page, db, createConfirmedUser, login }) => {
	const admin = await createConfirmedUser({ admin: true, fullName: 'Ada Admin' })
	const target = await createConfirmedUser({ fullName: 'Greta Gutschrift' })
	const before = await db.selectFrom('profiles').select(['credits_remaining', 'credits_total']).where('id', '=', target.id).executeTakeFirstOrThrow()
	await login(admin)

	await gotoReady(page, '/admin/users')
	await expect(page.getByRole('heading', { name: 'Benutzerverwaltung' })).toBeVisible()
	await page.getByLabel('Benutzer suchen').fill(target.email.toUpperCase())
	await page.getByRole('button', { name: 'Suchen', exact: true }).click()
	await expect(page).toHaveURL(/\?q=/)
	const rows = page.getByTestId('admin-user-row')
	await expect(rows).toHaveCount(1)
	const row = rows.first()
	await expect(row).toContainText(target.email)
	await expect(row).toContainText('Greta Gutschrift')
	await expect(row.getByTestId('plan-badge')).toHaveText('Free')

	// Credits: the form refuses 0, then 250 are added.
	await row.getByRole('button', { name: 'Credits hinzufügen' }).click()
	const dialog = page.getByRole('dialog')
	await dialog.getByLabel('Anzahl Credits').fill('0')
	await dialog.getByRole('button', { name: 'Hinzufügen' }).click()
	await expect(dialog.getByText('Die Anzahl muss mindestens 1 sein.')).toBeVisible()
	await dialog.getByLabel('Anzahl Credits').fill('250')
	await dialog.getByLabel('Grund (optional)').fill('Kulanz')
	await dialog.getByRole('button', { name: 'Hinzufügen' }).click()
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Credits hinzugefügt' }).first()).toBeVisible()
	await expect(dialog).toHaveCount(0)
	// One dialog serves every row: closing it returns focus to the row's button.
	await expect(row.getByRole('button', { name: 'Credits hinzufügen' })).toBeFocused()
	await expect(row.getByTestId('credits')).toHaveText(`${before.credits_remaining + 250} / ${before.credits_total + 250}`)
	const after = await db.selectFrom('profiles').select(['credits_remaining', 'credits_total']).where('id', '=', target.id).executeTakeFirstOrThrow()
	expect(after).toEqual({ credits_remaining: before.credits_remaining + 250, credits_total: before.credits_total + 250 })
	const ledger = await db.selectFrom('credit_transactions').select(['credits_amount']).where('user_id', '=', target.id).where('transaction_type', '=', 'admin_grant').execute()
	expect(ledger).toEqual([{ credits_amount: 250 }])

	// Plan: free -> pro.
	await expect(row.getByRole('combobox', { name: 'Abo-Typ ändern' })).toHaveValue('free')
	await row.getByRole('combobox', { name: 'Abo-Typ ändern' }).selectOption({ label: 'Pro' })
	await row.getByRole('button', { name: 'Speichern' }).click()
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Abo-Typ aktualisiert' }).first()).toBeVisible()
	await expect(row.getByTestId('plan-badge')).toHaveText('Pro')
	const profile = await db.selectFrom('profiles').select(['subscription_type']).where('id', '=', target.id).executeTakeFirstOrThrow()
	expect(profile.subscription_type).toBe('pro')

	// The audit trail names both changes and the acting admin.
	await row.getByRole('button', { name: 'Verlauf' }).click()
	const history = page.getByTestId('admin-history')
	await expect(history).toContainText('Abo-Typ geändert: Free → Pro')
	await expect(history).toContainText('Credits hinzugefügt: 250 (Kulanz)')
	await expect(history).toContainText(admin.email)
	const audit = await db.selectFrom('admin_audit_log').select(['action', 'admin_id']).where('target_id', '=', target.id).orderBy('created_at').execute()
	expect(audit).toEqual([
		{ action: 'user.credits_granted', admin_id: admin.id },
		{ action: 'user.plan_changed', admin_id: admin.id },
	])
})

test('an admin cannot revoke their own admin role in the UI', async ({ page, createConfirmedUser, login }) => {
	const admin = await createConfirmedUser({ admin: true })
	await login(admin)
	await gotoReady(page, `/admin/users?q=${encodeURIComponent(admin.email)}`)
	const row = page.getByTestId('admin-user-row').first()
	await expect(row.getByTestId('admin-badge')).toBeVisible()
	await expect(row.getByRole('button', { name: 'Adminrechte entziehen' })).toBeDisabled()
})

test('an admin makes another user admin and takes the role back; the row shows each change', async ({ page, db, createConfirmedUser, login }) => {
	const admin = await createConfirmedUser({ admin: true })
	const target = await createConfirmedUser({ fullName: 'Rolf Rolle' })
	await login(admin)
	await gotoReady(page, `/admin/users?q=${encodeURIComponent(target.email)}`)
	const row = page.getByTestId('admin-user-row').first()
	await expect(row.getByTestId('admin-badge')).toHaveCount(0)
	const adminRoles = () => db.selectFrom('user_roles').select('id').where('user_id', '=', target.id).where('role', '=', 'admin').execute()

	await row.getByRole('button', { name: 'Zum Admin machen' }).click()
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Adminrechte vergeben' }).first()).toBeVisible()
	await expect(row.getByTestId('admin-badge')).toBeVisible()
	expect(await adminRoles()).toHaveLength(1)
	// The role button sent only the role: the plan stayed.
	await expect(row.getByTestId('plan-badge')).toHaveText('Free')

	await row.getByRole('button', { name: 'Adminrechte entziehen' }).click()
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Adminrechte entzogen' }).first()).toBeVisible()
	await expect(row.getByTestId('admin-badge')).toHaveCount(0)
	expect(await adminRoles()).toHaveLength(0)
})

test('a normal user gets no data from /admin/users and its action changes nothing', async ({ page, db, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	const other = await createConfirmedUser()
	await login(user)

	await page.goto('/admin/users')
	await expect(page).toHaveURL('/')
	const loaderData = await page.request.get('/admin/users.data', { maxRedirects: 0 })
	expect(loaderData.status()).not.toBe(200)
	expect(await loaderData.text()).not.toContain(other.email)

	const before = await db.selectFrom('profiles').select(['credits_remaining', 'credits_total', 'subscription_type']).where('id', '=', user.id).executeTakeFirstOrThrow()
	const forms: Array<Record<string, string>> = [
		{ intent: 'grant', userId: user.id, amount: '1000' },
		{ intent: 'plan', userId: user.id, subscriptionType: 'pro' },
		{ intent: 'role', userId: user.id, admin: 'true' },
	]
	for (const form of forms) {
		for (const path of ['/admin/users', '/admin/users.data']) {
			const response = await page.request.post(path, { form, headers: { Origin: e2eUrl }, maxRedirects: 0 })
			expect(response.status(), `${path} ${form.intent}`).not.toBe(200)
		}
	}
	const after = await db.selectFrom('profiles').select(['credits_remaining', 'credits_total', 'subscription_type']).where('id', '=', user.id).executeTakeFirstOrThrow()
	expect(after).toEqual(before)
	expect(await db.selectFrom('user_roles').select('id').where('user_id', '=', user.id).where('role', '=', 'admin').execute()).toHaveLength(0)
	expect(await db.selectFrom('credit_transactions').select('id').where('user_id', '=', user.id).where('transaction_type', '=', 'admin_grant').execute()).toHaveLength(0)
})

test("an admin lists a user's API keys and revokes one after a German confirmation; the audit trail shows it", async ({ page, db, services, createConfirmedUser, login }) => {
	const admin = await createConfirmedUser({ admin: true, fullName: 'Ada Admin' })
	const target = await createConfirmedUser({ fullName: 'Toni Token' })
	const zapier = await services.accounts.apiTokens.create(target.id, { name: 'Zapier', scopes: ['read', 'posts'], expiresAt: null })
	if (!zapier.ok) throw new Error('token not created')
	await services.accounts.apiTokens.create(target.id, { name: 'Make', scopes: ['read'], expiresAt: null })
	await db.updateTable('api_tokens').set({ last_used_at: new Date(Date.UTC(2026, 9, 15, 8, 30)) }).where('id', '=', zapier.token.id).execute()
	await login(admin)
	await gotoReady(page, `/admin/users?q=${encodeURIComponent(target.email)}`)
	const row = page.getByTestId('admin-user-row')
	await row.getByRole('button', { name: '2 API-Schlüssel anzeigen' }).click()
	const dialog = page.getByRole('dialog', { name: 'API-Schlüssel' })
	const keys = dialog.getByTestId('admin-api-token')
	await expect(keys).toHaveCount(2)
	const key = keys.filter({ hasText: 'Zapier' })
	await expect(key).toContainText('Berechtigungen: Lesen, Posts')
	await expect(key).toContainText('Erstellt am')
	await expect(key).toContainText('zuletzt verwendet am 15.10.2026 10:30')
	await expect(keys.filter({ hasText: 'Make' })).toContainText('nie verwendet')
	await expect(dialog).not.toContainText(zapier.secret)

	await key.getByRole('button', { name: 'API-Schlüssel «Zapier» widerrufen' }).click()
	const confirm = page.getByRole('alertdialog', { name: 'API-Schlüssel widerrufen?' })
	await expect(confirm).toContainText(`Programme, die «Zapier» von ${target.email} verwenden, erhalten sofort keinen Zugriff mehr.`)
	await confirm.getByRole('button', { name: 'Ja, widerrufen' }).click()
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'API-Schlüssel widerrufen' }).first()).toBeVisible()
	await expect(key).toContainText('Widerrufen am')
	await expect(key.getByRole('button', { name: /widerrufen/ })).toHaveCount(0)
	const stored = await db.selectFrom('api_tokens').select('revoked_at').where('id', '=', zapier.token.id).executeTakeFirstOrThrow()
	expect(stored.revoked_at).not.toBeNull()
	await dialog.getByRole('button', { name: 'Schließen' }).click()
	await expect(row.getByTestId('api-tokens')).toHaveText('1')

	await row.getByRole('button', { name: 'Verlauf' }).click()
	await expect(page.getByTestId('admin-history')).toContainText('API-Schlüssel «Zapier» widerrufen')
	await expect(page.getByTestId('admin-history')).toContainText(`von ${admin.email}`)
})
