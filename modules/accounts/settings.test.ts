import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { createTestDatabase } from '#tests/support/db.ts'
import { meta, testServices } from '#tests/support/services.ts'
import { ChangePasswordSchema, PreferencesSchema } from './index.ts'
import { PASSWORD_CHANGE_FAILURES } from './settings.server.ts'

const password = 'richtig-langes-Passwort'

test('changing the password needs the current one, stores argon2id and signs out only the other sessions', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const email = `${randomUUID()}@beispiel.ch`
	const userId = await services.accounts.createConfirmedUser({ email, password, fullName: 'Anna Muster' })
	const here = await services.accounts.signIn({ email, password }, meta)
	const elsewhere = await services.accounts.signIn({ email, password }, { ...meta, ip: '10.0.0.2' })
	if (!here.ok || !elsewhere.ok) throw new Error('sign-in failed')

	expect(await services.accounts.changePassword(userId, here.token, { currentPassword: 'falsch-falsch', newPassword: 'neues-Passwort-1' })).toEqual({ ok: false, error: 'invalid_current' })
	expect(await services.accounts.getSessionUser(elsewhere.token)).not.toBeNull()

	expect(await services.accounts.changePassword(userId, here.token, { currentPassword: password, newPassword: 'neues-Passwort-1' })).toEqual({ ok: true, signedOut: 1 })
	expect(await services.accounts.getSessionUser(here.token)).not.toBeNull()
	expect(await services.accounts.getSessionUser(elsewhere.token)).toBeNull()
	const row = await t.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow()
	expect(row.password_hash).toMatch(/^\$argon2id\$/)
	expect((await services.accounts.signIn({ email, password }, meta)).ok).toBe(false)
	expect((await services.accounts.signIn({ email, password: 'neues-Passwort-1' }, meta)).ok).toBe(true)
})

test('signing out the other devices keeps the asking session', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const email = `${randomUUID()}@beispiel.ch`
	const userId = await services.accounts.createConfirmedUser({ email, password, fullName: 'Ben Muster' })
	const sessions = await Promise.all([1, 2, 3].map((i) => services.accounts.signIn({ email, password }, { ...meta, ip: `10.0.0.${i}` })))
	const tokens = sessions.map((s) => (s.ok ? s.token : ''))
	expect(await services.accounts.revokeOtherSessions(userId, tokens[0]!)).toBe(2)
	expect(await services.accounts.getSessionUser(tokens[0]!)).not.toBeNull()
	expect(await services.accounts.getSessionUser(tokens[1]!)).toBeNull()
})

test('preferences, profile name and the export; the export holds no secrets', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const email = `${randomUUID()}@beispiel.ch`
	const userId = await services.accounts.createConfirmedUser({ email, password, fullName: 'Clara Muster' })
	expect(await services.accounts.updateProfileName(userId, '  Clara Beispiel ')).toBe(true)
	expect(await services.accounts.updatePreferences(userId, { timeZone: 'Europe/Berlin', notifyFailedPosts: false, requireAltText: true })).toBe(true)
	const settings = await services.accounts.getAccountSettings(userId)
	expect(settings).toMatchObject({ email, fullName: 'Clara Beispiel', timeZone: 'Europe/Berlin', notifyFailedPosts: false, requireAltText: true, creditsRemaining: 50, hasPassword: true })
	const exported = await services.accounts.exportData(userId)
	const json = JSON.stringify(exported)
	expect(json).not.toContain('argon2')
	expect(json).not.toContain('password')
	expect(exported?.settings).toEqual({ timeZone: 'Europe/Berlin', notifyFailedPosts: false, requireAltText: true })
	expect(exported?.profile).toMatchObject({ id: userId, email, fullName: 'Clara Beispiel' })
	expect(exported?.ledger.map((e) => e.type)).toEqual(['signup_bonus'])
	expect(PreferencesSchema.safeParse({ timeZone: 'Mars/Olympus' }).success).toBe(false)
	expect(PreferencesSchema.parse({ timeZone: 'Europe/Zurich', notifyFailedPosts: 'on' })).toEqual({ timeZone: 'Europe/Zurich', notifyFailedPosts: true, requireAltText: false })
	expect(PreferencesSchema.parse({ timeZone: 'Europe/Zurich', requireAltText: 'on' })).toEqual({ timeZone: 'Europe/Zurich', notifyFailedPosts: false, requireAltText: true })
	expect(ChangePasswordSchema.safeParse({ currentPassword: 'x', newPassword: 'kurz', confirmPassword: 'kurz' }).success).toBe(false)
	expect(ChangePasswordSchema.safeParse({ currentPassword: 'x', newPassword: 'lang-genug', confirmPassword: 'anders-lang' }).success).toBe(false)
})

test('deleting the account needs the account e-mail and removes every row of it', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const email = `${randomUUID()}@beispiel.ch`
	const userId = await services.accounts.createConfirmedUser({ email, password, fullName: 'Dora Muster' })
	const other = await services.accounts.createConfirmedUser({ email: `${randomUUID()}@beispiel.ch`, password, fullName: 'Emil Muster' })
	expect(await services.accounts.deleteAccount(userId, 'falsch@beispiel.ch')).toBe(false)
	expect(await services.accounts.deleteAccount(other, email)).toBe(false)
	expect(await services.accounts.deleteAccount(userId, ` ${email.toUpperCase()} `)).toBe(true)
	expect(await t.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()).toBeUndefined()
	expect(await t.db.selectFrom('credit_transactions').select('id').where('user_id', '=', userId).execute()).toEqual([])
	expect(await t.db.selectFrom('users').select('id').where('id', '=', other).executeTakeFirst()).toBeDefined()
})

test('wrong current passwords are throttled per account', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const email = `${randomUUID()}@beispiel.ch`
	const userId = await services.accounts.createConfirmedUser({ email, password, fullName: 'Fritz Muster' })
	const here = await services.accounts.signIn({ email, password }, meta)
	if (!here.ok) throw new Error('sign-in failed')
	for (let i = 0; i < PASSWORD_CHANGE_FAILURES.limit; i++) {
		expect(await services.accounts.changePassword(userId, here.token, { currentPassword: `falsch-${i}`, newPassword: 'neues-Passwort-1' })).toEqual({ ok: false, error: 'invalid_current' })
	}
	// Even the right password is refused until the window has passed.
	expect(await services.accounts.changePassword(userId, here.token, { currentPassword: password, newPassword: 'neues-Passwort-1' })).toEqual({ ok: false, error: 'rate_limited' })
})

test('password change and signing out other devices leave an authentication entry in the activity log', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const email = `${randomUUID()}@beispiel.ch`
	const userId = await services.accounts.createConfirmedUser({ email, password, fullName: 'Gina Muster' })
	const here = await services.accounts.signIn({ email, password }, meta)
	if (!here.ok) throw new Error('sign-in failed')
	await services.accounts.changePassword(userId, here.token, { currentPassword: password, newPassword: 'neues-Passwort-1' })
	await services.accounts.revokeOtherSessions(userId, here.token)
	const log = await t.db.selectFrom('activity_logs').select(['log_type', 'title', 'status']).where('user_id', '=', userId).orderBy('created_at').execute()
	expect(log).toEqual([
		{ log_type: 'authentication', title: 'Passwort geändert', status: 'success' },
		{ log_type: 'authentication', title: 'Von allen anderen Geräten abgemeldet', status: 'info' },
	])
})
