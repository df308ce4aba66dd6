// SECURITY.md §1.1 (ASVS 11.4.2 approved KDF with current parameters, 6.2.1/6.2.9 length limits)
// and §5.1: every way a password gets stored (sign-up, password change, reset, accounts made by the
// seeds and CLI) stores argon2id with m = 19456 KiB, t = 2, p = 1, a 16-byte salt and a 32-byte
// hash, read from the stored PHC string after real requests through the routes.
//
// Passwords compared exactly as typed (no trimming, case folding or 72-byte cut):
// modules/accounts/accounts.test.ts ("passwords are compared exactly as typed").
import { randomBytes, randomUUID } from 'node:crypto'
import { expect, test, vi } from 'vitest'
import { PASSWORD_MAX, PASSWORD_MIN } from '#modules/accounts/schema.ts'
import { sha256 } from '#modules/core/crypto.server.ts'
import type { TestDatabase } from '#tests/support/db.ts'
import { harnessPerFile, PASSWORD, type Harness } from './support/harness.ts'

vi.mock('lucide-react', async () => (await import('./support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('./support/harness.ts')).uiStub())

let t: TestDatabase
let h: Harness
harnessPerFile((made) => ({ t, h } = made))

/** The parameters of a stored PHC string: $argon2id$v=19$m=…,t=…,p=…$<salt>$<hash>. */
function phc(stored: string | null) {
	const match = /^\$(argon2id)\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored ?? '')
	if (!match) return null
	const [, algorithm, version, m, t_, p, salt, hash] = match
	return { algorithm, version: Number(version), m: Number(m), t: Number(t_), p: Number(p), saltBytes: Buffer.from(salt!, 'base64').length, hashBytes: Buffer.from(hash!, 'base64').length }
}

const expected = { algorithm: 'argon2id', version: 19, m: 19456, t: 2, p: 1, saltBytes: 16, hashBytes: 32 }

const storedHash = async (email: string) => (await t.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow()).password_hash

test('sign-up through /auth stores argon2id m=19456 t=2 p=1 (16-byte salt, 32-byte hash), never the password', async () => {
	const email = `${randomUUID()}@beispiel.ch`
	const answer = await h.call('/auth', { form: { intent: 'signup', fullName: 'Neu Person', email, password: PASSWORD } })
	expect(answer.status).toBe(200)
	const stored = await storedHash(email)
	expect(phc(stored)).toEqual(expected)
	expect(stored).not.toContain(PASSWORD)
	// Two accounts with one password: different salts, different hashes.
	const twin = `${randomUUID()}@beispiel.ch`
	await h.call('/auth', { form: { intent: 'signup', fullName: 'Zwilling', email: twin, password: PASSWORD } })
	expect(await storedHash(twin)).not.toBe(stored)
})

test('the password change and the reset store the same parameters', async () => {
	const user = await h.user()
	const changed = await h.call('/settings', { cookie: user.cookie, form: { intent: 'password', currentPassword: PASSWORD, newPassword: 'geaendertes-Passwort', confirmPassword: 'geaendertes-Passwort' } })
	expect(changed.status).toBe(200)
	expect(phc(await storedHash(user.email))).toEqual(expected)

	await h.call('/auth/forgot-password', { form: { email: user.email } })
	const token = randomBytes(32).toString('base64url')
	await t.db.updateTable('email_tokens').set({ token_hash: sha256(token) }).where('user_id', '=', user.id).where('purpose', '=', 'reset_password').execute()
	const before = await storedHash(user.email)
	const reset = await h.call('/auth/reset-password', { form: { token, password: 'zurueckgesetzt-1', confirmPassword: 'zurueckgesetzt-1' } })
	expect(reset.status).toBe(302)
	const after = await storedHash(user.email)
	expect(after).not.toBe(before)
	expect(phc(after)).toEqual(expected)
})

test('accounts made by the seeds and the CLI (createConfirmedUser) store the same parameters', async () => {
	const user = await h.user()
	expect(phc(await storedHash(user.email))).toEqual(expected)
})

test(`passwords of ${PASSWORD_MIN} to ${PASSWORD_MAX} characters: shorter and longer ones are refused before any hashing`, async () => {
	const attempt = (password: string) => h.call('/auth', { form: { intent: 'signup', fullName: 'Grenze', email: `${randomUUID()}@beispiel.ch`, password } })
	expect((await attempt('a'.repeat(PASSWORD_MIN - 1))).status).toBe(400)
	expect((await attempt('a'.repeat(PASSWORD_MIN))).status).toBe(200)
	expect((await attempt('ä'.repeat(128))).status).toBe(200)
	expect((await attempt('a'.repeat(PASSWORD_MAX + 1))).status).toBe(400)
	// The sign-in refuses an over-long password by validation (the hashing-DoS guard), not by a failed comparison.
	const long = await h.call('/auth', { form: { intent: 'signin', email: 'a@b.ch', password: 'x'.repeat(PASSWORD_MAX + 1) } })
	expect(long.status).toBe(400)
	expect(JSON.stringify(long.data)).toContain('errors.passwordTooLong')
})
