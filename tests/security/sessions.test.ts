// SECURITY.md §1.2 (ASVS 7.2.1, 7.2.3, 7.2.4, 7.4.1-7.4.3, 3.3.1-3.3.4, 6.5.2) and §5.2: session
// fixation and rotation, through the routes and the session middleware.
//
// Covered elsewhere, not repeated here:
//   - cookie flags on the real server, a new cookie at every browser sign-in, the cookie dead after
//     sign-out: tests/e2e/security.spec.ts
//   - a used reset link ends all sessions, racing uses of one link: modules/accounts/accounts.test.ts
//   - the password change ends the other sessions only, 'sign out other devices':
//     modules/accounts/settings.test.ts, tests/e2e/settings.spec.ts
//   - the admin role is read fresh on every request: modules/accounts/accounts.test.ts
import { randomBytes, randomUUID } from 'node:crypto'
import { expect, test, vi } from 'vitest'
import { createSessionCookie } from '#app/server/cookies.server.ts'
import { sha256 } from '#modules/core/crypto.server.ts'
import type { TestDatabase } from '#tests/support/db.ts'
import { signInWithGoogle, startGoogle } from './support/google.ts'
import { createHarness, harnessPerFile, PASSWORD, type Harness } from './support/harness.ts'

vi.mock('lucide-react', async () => (await import('./support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('./support/harness.ts')).uiStub())

let t: TestDatabase
let h: Harness
harnessPerFile((made) => ({ t, h } = made))

/** The session token a response sets (the signed cookie opened again), or null. */
async function tokenSet(headers: Headers) {
	const cookie = headers.getSetCookie().find((c) => c.startsWith('sid='))
	if (!cookie) return null
	const value: unknown = await h.sessionCookie.parse(cookie.split(';')[0]!)
	return typeof value === 'string' && value ? value : null
}

/** Who a cookie signs in as, seen through a guarded route: the user's e-mail, or null for a visitor sent to /auth. */
async function whoIs(cookie: string) {
	const answer = await h.call('/settings', { cookie })
	if (answer.status === 302) return null
	return (answer.data as { account: { email: string } }).account.email
}

const signInForm = (email: string, password = PASSWORD) => ({ intent: 'signin', email, password })

test('fixation: a session id the browser brings to the sign-in is never the one after it, and is dead afterwards', async () => {
	const user = await h.user()
	// A well-formed, correctly signed id that an attacker planted (no session yet).
	const planted = randomBytes(32).toString('base64url')
	const answer = await h.call('/auth', { form: signInForm(user.email), cookie: await h.cookieOf(planted) })
	expect(answer.status).toBe(302)
	const issued = await tokenSet(answer.headers)
	expect(issued).not.toBeNull()
	expect(issued).not.toBe(planted)
	expect(await whoIs(await h.cookieOf(issued!))).toBe(user.email)
	expect(await whoIs(await h.cookieOf(planted))).toBeNull()
	expect(await t.db.selectFrom('sessions').select('id').where('id', '=', sha256(planted)).execute()).toEqual([])
})

test('every sign-in issues a new random 256-bit id; the database keeps only its SHA-256', async () => {
	const user = await h.user()
	const tokens: Array<string> = []
	for (let i = 0; i < 5; i++) {
		const answer = await h.call('/auth', { form: signInForm(user.email) })
		tokens.push((await tokenSet(answer.headers))!)
	}
	expect(new Set(tokens).size).toBe(5)
	for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(32)
	const stored = (await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).map((r) => r.id)
	for (const token of tokens) {
		expect(stored).not.toContain(token)
		expect(stored).toContain(sha256(token))
	}
})

test('a signed-in browser cannot sign in over its session (it is sent home), and a failed sign-in sets no session', async () => {
	const user = await h.user()
	const other = await h.user()
	const over = await h.call('/auth', { form: signInForm(other.email), cookie: user.cookie })
	expect([over.status, over.location, await tokenSet(over.headers)]).toEqual([302, '/', null])
	const wrong = await h.call('/auth', { form: signInForm(user.email, 'falsches-Passwort') })
	expect(wrong.status).toBe(400)
	expect(await tokenSet(wrong.headers)).toBeNull()
})

test('forged, unsigned and tampered cookies are a signed-out visitor', async () => {
	const user = await h.user()
	const signedValue = user.cookie.slice('sid='.length)
	const tampered = `sid=${signedValue.slice(0, -2)}${signedValue.endsWith('AA') ? 'BB' : 'AA'}`
	const otherSecret = (await createSessionCookie({ isProduction: false, cookieSecret: 'ein-ganz-anderes-Geheimnis' }).serialize(user.token)).split(';')[0]!
	for (const cookie of [`sid=${user.token}`, `sid=${encodeURIComponent(btoa(JSON.stringify(user.token)))}`, tampered, otherSecret, 'sid=', `sid=${'A'.repeat(5000)}`]) {
		expect(await whoIs(cookie), cookie.slice(0, 40)).toBeNull()
	}
	expect(await whoIs(user.cookie)).toBe(user.email)
})

test('sign-out is a POST that ends the session on the server (a replayed cookie is a visitor) and clears the browser', async () => {
	const user = await h.user()
	const viaGet = await h.call('/auth/logout', { cookie: user.cookie })
	expect(viaGet.status).toBe(302)
	expect(await whoIs(user.cookie)).toBe(user.email)
	const out = await h.call('/auth/logout', { method: 'POST', cookie: user.cookie })
	expect(out.status).toBe(302)
	expect(out.headers.getSetCookie().find((c) => c.startsWith('sid='))).toMatch(/Max-Age=0/)
	expect(out.headers.get('clear-site-data')).toBe('"cache", "storage"')
	expect(await whoIs(user.cookie)).toBeNull()
})

test('a password change ends every other session at once; the device that changed it stays signed in', async () => {
	const user = await h.user()
	const second = await h.call('/auth', { form: signInForm(user.email), ip: '10.9.0.2' })
	const elsewhere = await h.cookieOf((await tokenSet(second.headers))!)
	expect(await whoIs(elsewhere)).toBe(user.email)
	const changed = await h.call('/settings', { cookie: user.cookie, form: { intent: 'password', currentPassword: PASSWORD, newPassword: 'ein-neues-Passwort-2', confirmPassword: 'ein-neues-Passwort-2' } })
	expect(changed.status).toBe(200)
	expect(await whoIs(elsewhere)).toBeNull()
	expect(await whoIs(user.cookie)).toBe(user.email)
})

test('a password reset ends every session of the account, and signs nobody in', async () => {
	const user = await h.user()
	await h.call('/auth/forgot-password', { form: { email: user.email } })
	const token = randomBytes(32).toString('base64url')
	// The mailed token is only stored hashed; put a known one in its place.
	await t.db.updateTable('email_tokens').set({ token_hash: sha256(token) }).where('user_id', '=', user.id).where('purpose', '=', 'reset_password').execute()
	const reset = await h.call('/auth/reset-password', { form: { token, password: 'nach-dem-Reset-1', confirmPassword: 'nach-dem-Reset-1' } })
	expect([reset.status, reset.location]).toEqual([302, '/auth'])
	expect(await tokenSet(reset.headers)).toBeNull()
	expect(await whoIs(user.cookie)).toBeNull()
	expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([])
})

test('disabling an account ends its sessions at the next request', async () => {
	const user = await h.user()
	expect(await whoIs(user.cookie)).toBe(user.email)
	await t.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', user.id).execute()
	expect(await whoIs(user.cookie)).toBeNull()
	expect((await h.call('/auth', { form: signInForm(user.email) })).status).toBe(400)
})

test('the cookie: httpOnly, SameSite=Lax, Path=/, 30 days; in production __Host-sid and Secure', async () => {
	const dev = await createSessionCookie({ isProduction: false, cookieSecret: 'x'.repeat(32) }).serialize(randomUUID())
	expect(dev).toMatch(/^sid=/)
	expect(dev).toMatch(/; Path=\//)
	expect(dev).toMatch(/; HttpOnly/)
	expect(dev).toMatch(/; SameSite=Lax/)
	expect(dev).toMatch(/; Max-Age=2592000/)
	expect(dev).not.toMatch(/Domain=/)
	const production = await createSessionCookie({ isProduction: true, cookieSecret: 'x'.repeat(32) }).serialize(randomUUID())
	expect(production).toMatch(/^__Host-sid=/)
	expect(production).toMatch(/; Secure/)
	expect(production).not.toMatch(/Domain=/)
})

test('Google sign-in: a new session id, and the session the browser had before is ended', async () => {
	await using google = await startGoogle()
	await using g = await createHarness(t.db, { env: google.env })
	const before = await g.user()
	const identity = { sub: `sub-${randomUUID()}`, email: `${randomUUID()}@gmail.example`, email_verified: true, name: 'Gina Google' }
	const { callback } = await signInWithGoogle(g, identity, { cookie: before.cookie })
	expect([callback.status, callback.location]).toEqual([302, '/posts'])
	const issued = await tokenSet(callback.headers)
	expect(issued).not.toBeNull()
	expect(issued).not.toBe(before.token)
	expect((await g.services.accounts.getSessionUser(issued!))?.email).toBe(identity.email)
	expect(await g.services.accounts.getSessionUser(before.token)).toBeNull()
})
