// Issue 17, items 1, 2 and 10; SECURITY.md §1.1 (ASVS 6.1.1 no malicious lockout, 6.3.1 throttling,
// 6.4.1 single-use links, 6.8.1 linking identities) and §5.3:
//   1. sign-in counts every attempt atomically before the password is verified, per e-mail and per IP,
//      so parallel bursts get no more verifications than the budget (10 per e-mail, 50 per IP);
//   2. a locked owner gets in by a one-time sign-in link by mail (/auth/link) while the password stays
//      refused for the rest of the window;
//   10. Google linking to an unconfirmed account (someone registered the address without owning it)
//      drops that account's password, sessions and pending links; a confirmed account is linked as before.
//
// Covered elsewhere, not repeated here:
//   - the limits one request at a time, the mail limit, the client IP from TRUST_PROXY hops:
//     tests/security/rate-limits.test.ts
//   - the X-Forwarded-For warning without TRUST_PROXY in production: server/proxy-warning.test.ts
//   - the lock and the lock message in the browser, the link from the dev mailbox: tests/e2e/auth.spec.ts
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { SIGNIN_LIMITS } from '#modules/accounts/index.ts'
import { sha256 } from '#modules/core/crypto.server.ts'
import type { FakeGoogle } from '#tests/fakes/google-oidc.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { signInWithGoogle, startGoogle } from './support/google.ts'
import { createHarness, PASSWORD, type CallResult, type Harness } from './support/harness.ts'
import { waitingJobs } from '#tests/support/jobs.ts'

vi.mock('lucide-react', async () => (await import('./support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('./support/harness.ts')).uiStub())

// Counts the password verifications (argon2id) that sign-in actually runs.
const verified = vi.hoisted(() => ({ count: 0 }))
vi.mock('#modules/accounts/passwords.server.ts', async (importOriginal) => {
	const original = await importOriginal<typeof import('#modules/accounts/passwords.server.ts')>()
	return {
		...original,
		verifyPassword: (hash: string | null, password: string) => {
			verified.count++
			return original.verifyPassword(hash, password)
		},
	}
})

let t: TestDatabase
let h: Harness
let google: FakeGoogle

beforeAll(async () => {
	t = await createTestDatabase()
	google = await startGoogle()
	h = await createHarness(t.db, { env: google.env })
})

afterAll(async () => {
	await h?.[Symbol.asyncDispose]()
	await google?.close()
	await t?.[Symbol.asyncDispose]()
})

beforeEach(() => {
	verified.count = 0
})

const signIn = (email: string, password: string, ip: string) => h.call('/auth', { form: { intent: 'signin', email, password }, ip })
const formErrors = (data: unknown) => (data as { result?: { error?: Record<string, Array<string>> } }).result?.error?.[''] ?? []
const signedIn = (r: CallResult) => r.status === 302 && r.headers.getSetCookie().some((c) => c.startsWith('sid='))
const sessionsOf = async (userId: string) => (await t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length
const hitsOf = async (key: string) => (await t.db.selectFrom('rate_limits').select('hits').where('key', '=', key).executeTakeFirst())?.hits ?? 0
const statuses = (results: Array<CallResult>) => results.reduce<Record<number, number>>((all, r) => ({ ...all, [r.status]: (all[r.status] ?? 0) + 1 }), {})

/** The account mails queued for `to` (kind and link), oldest first. */
async function mailsTo(to: string) {
	const jobs = await waitingJobs<{ to: string; kind: string; link: string }>(t.db, 'accounts_send_mail')
	return jobs.map((job) => job.payload).filter((p) => p.to === to)
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!

describe('1. parallel bursts get no more verifications than the budget', () => {
	const emailBudget = SIGNIN_LIMITS.failuresPerEmail.limit
	const ipBudget = SIGNIN_LIMITS.failuresPerIp.limit

	test('the budgets: 10 per e-mail and 50 per IP in 15 minutes', () => {
		expect([emailBudget, SIGNIN_LIMITS.failuresPerEmail.windowSeconds, ipBudget, SIGNIN_LIMITS.failuresPerIp.windowSeconds]).toEqual([10, 900, 50, 900])
	})

	test('100 parallel wrong passwords for one e-mail (100 addresses): 10 verified (400), 90 refused unverified (429); then the right one is refused', async () => {
		const user = await h.user()
		verified.count = 0
		const burst = await Promise.all(Array.from({ length: 100 }, (_, i) => signIn(user.email, `falsch-${i}-falsch`, `10.17.1.${i}`)))
		expect(verified.count).toBe(emailBudget)
		expect(statuses(burst)).toEqual({ 400: emailBudget, 429: 100 - emailBudget })
		for (const r of burst) expect(formErrors(r.data)).toEqual([r.status === 429 ? 'errors.rateLimited|15' : 'errors.invalidCredentials'])
		const right = await signIn(user.email, PASSWORD, '10.17.2.1')
		expect(right.status).toBe(429)
		expect(verified.count).toBe(emailBudget)
	})

	test('a burst of 60 for one e-mail ending with the right password does not sign in', async () => {
		const user = await h.user()
		const sessionsBefore = await sessionsOf(user.id)
		verified.count = 0
		const burst = await Promise.all(
			Array.from({ length: 60 }, (_, i) => signIn(user.email, i === 59 ? PASSWORD : `falsch-${i}-falsch`, `10.17.3.${i}`)),
		)
		expect(burst.some(signedIn)).toBe(false)
		expect(burst[59]!.status).toBe(429)
		expect(verified.count).toBe(emailBudget)
		expect(await sessionsOf(user.id)).toBe(sessionsBefore)
	})

	test('100 parallel wrong passwords from one IP (100 e-mails): 50 verified, 50 refused; the right password of a real account from there is refused, elsewhere it signs in', async () => {
		const user = await h.user()
		const ip = '10.17.4.1'
		verified.count = 0
		const burst = await Promise.all(Array.from({ length: 100 }, (_, i) => signIn(`burst-${i}-${randomUUID()}@beispiel.ch`, 'falsches-Passwort', ip)))
		expect(verified.count).toBe(ipBudget)
		expect(statuses(burst)).toEqual({ 400: ipBudget, 429: 100 - ipBudget })
		expect((await signIn(user.email, PASSWORD, ip)).status).toBe(429)
		expect(verified.count).toBe(ipBudget)
		expect(signedIn(await signIn(user.email, PASSWORD, '10.17.4.2'))).toBe(true)
	})

	test('a burst of 60 from one IP ending with the right password of a real account does not sign in', async () => {
		const user = await h.user()
		const ip = '10.17.5.1'
		verified.count = 0
		const burst = await Promise.all(
			Array.from({ length: 60 }, (_, i) => (i === 59 ? signIn(user.email, PASSWORD, ip) : signIn(`burst-${i}-${randomUUID()}@beispiel.ch`, 'falsches-Passwort', ip))),
		)
		expect(burst.some(signedIn)).toBe(false)
		expect(burst[59]!.status).toBe(429)
		expect(verified.count).toBe(ipBudget)
	})

	test('a successful sign-in gives its attempt back: 60 in a row from one IP all sign in, and no counter is left', async () => {
		const user = await h.user()
		const ip = '10.17.6.1'
		for (let i = 0; i < 60; i++) expect(signedIn(await signIn(user.email, PASSWORD, ip))).toBe(true)
		expect(await hitsOf(`signin-fail-ip:${ip}`)).toBe(0)
		expect(await hitsOf(`signin-fail:${user.email}`)).toBe(0)
	})

	test('refusals by the e-mail lock do not spend the IP budget', async () => {
		const user = await h.user()
		for (let i = 0; i < emailBudget; i++) expect((await signIn(user.email, `falsch-${i}-falsch`, `10.17.7.${i}`)).status).toBe(400)
		const ip = '10.17.8.1'
		for (let i = 0; i < 5; i++) expect((await signIn(user.email, 'falsches-Passwort', ip)).status).toBe(429)
		expect(await hitsOf(`signin-fail-ip:${ip}`)).toBe(0)
	})
})

describe('2. a locked owner signs in by a one-time link by mail', () => {
	/** Ten wrong passwords: the e-mail is locked. */
	async function lock(email: string) {
		for (let i = 0; i < SIGNIN_LIMITS.failuresPerEmail.limit; i++) await signIn(email, `falsch-${i}-falsch`, `10.18.0.${i}`)
		const locked = await signIn(email, PASSWORD, '10.18.1.1')
		expect(locked.status).toBe(429)
		return locked
	}
	const requestLink = (email: string) => h.call('/auth', { form: { intent: 'signin-link', email } })

	test('the lock answer offers the link; requesting it answers the same for every address and mails only existing, confirmed, active accounts', async () => {
		const user = await h.user()
		const locked = await lock(user.email)
		expect(locked.data).toMatchObject({ locked: true })
		const unconfirmed = `${randomUUID()}@beispiel.ch`
		expect((await h.call('/auth', { form: { intent: 'signup', fullName: 'Neu Person', email: unconfirmed, password: PASSWORD } })).status).toBe(200)
		const disabled = await h.user()
		await t.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', disabled.id).execute()
		const unknown = `${randomUUID()}@beispiel.ch`
		const answers = await Promise.all([user.email, unconfirmed, disabled.email, unknown].map(requestLink))
		for (const answer of answers) expect([answer.status, answer.data]).toEqual([200, { intent: 'signin-link', result: null, signedUp: false, linkSent: true }])
		expect((await mailsTo(user.email)).map((m) => m.kind)).toEqual(['signin'])
		expect((await mailsTo(unconfirmed)).map((m) => m.kind)).toEqual(['confirm'])
		expect(await mailsTo(disabled.email)).toEqual([])
		expect(await mailsTo(unknown)).toEqual([])
	})

	test('the link: shown by GET, consumed by POST once; a new session although the password stays refused', async () => {
		const user = await h.user()
		await lock(user.email)
		await requestLink(user.email)
		const [mail] = await mailsTo(user.email)
		expect(mail!.link).toMatch(/^http:\/\/127\.0\.0\.1:3999\/auth\/link\?token=[\w-]{43}$/)
		const token = tokenOf(mail!.link)
		// Stored hashed, 15 minutes valid.
		const row = await t.db.selectFrom('email_tokens').selectAll().where('user_id', '=', user.id).where('purpose', '=', 'signin_link').executeTakeFirstOrThrow()
		expect(row.token_hash).toBe(sha256(token))
		expect(JSON.stringify(await t.db.selectFrom('email_tokens').selectAll().execute())).not.toContain(token)
		const minutes = (row.expires_at.getTime() - row.created_at.getTime()) / 60_000
		expect(minutes).toBeCloseTo(15, 1)
		// A GET (a mail scanner) consumes nothing.
		const shown = await h.call('/auth/link', { search: { token } })
		expect(shown.data).toMatchObject({ usable: true, token })
		expect((await h.call('/auth/link', { search: { token } })).data).toMatchObject({ usable: true })
		const used = await h.call('/auth/link', { form: { token } })
		expect(signedIn(used)).toBe(true)
		expect(used.location).toBe('/')
		const session = await h.sessionCookie.parse(used.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0]!)
		expect((await h.services.accounts.getSessionUser(String(session)))?.id).toBe(user.id)
		// Single use.
		const again = await h.call('/auth/link', { form: { token } })
		expect([again.status, again.data]).toEqual([400, { failed: true }])
		expect((await h.call('/auth/link', { search: { token } })).data).toMatchObject({ usable: false })
		expect((await t.db.selectFrom('email_tokens').select('used_at').where('id', '=', row.id).executeTakeFirstOrThrow()).used_at).not.toBeNull()
		// The password stays refused until the window ends.
		expect((await signIn(user.email, PASSWORD, '10.18.2.1')).status).toBe(429)
	})

	test('an expired link, a link of a disabled account, a newer link voiding the older, and junk are refused', async () => {
		const user = await h.user()
		await requestLink(user.email)
		await requestLink(user.email)
		const [older, newer] = (await mailsTo(user.email)).map((m) => tokenOf(m.link))
		expect((await h.call('/auth/link', { form: { token: older! } })).status).toBe(400)
		await t.db.updateTable('email_tokens').set({ expires_at: sql`now() - interval '1 second'` }).where('token_hash', '=', sha256(newer!)).execute()
		expect((await h.call('/auth/link', { form: { token: newer! } })).status).toBe(400)

		const disabled = await h.user()
		await requestLink(disabled.email)
		await t.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', disabled.id).execute()
		const [mail] = await mailsTo(disabled.email)
		expect((await h.call('/auth/link', { form: { token: tokenOf(mail!.link) } })).status).toBe(400)

		for (const token of ['', 'kurz', 'x'.repeat(43), 'x'.repeat(5000)]) {
			const r = await h.call('/auth/link', { form: { token } })
			expect([r.status, signedIn(r)]).toEqual([400, false])
		}
	})

	test('the link requests count against the five mails per address and hour', async () => {
		const user = await h.user()
		for (let i = 0; i < 7; i++) expect((await requestLink(user.email)).status).toBe(200)
		expect((await mailsTo(user.email)).length).toBe(SIGNIN_LIMITS.mailsPerEmail.limit)
	})
})

describe('10. Google linking to an unconfirmed account', () => {
	test('an attacker registers the victim\'s address with a password; the victim signs in with Google: the password, sessions and links of the attacker are gone', async () => {
		const victim = `${randomUUID()}@gmail.example`
		const attackerPassword = 'Angreifer-Passwort-1'
		const signUp = await h.call('/auth', { form: { intent: 'signup', fullName: 'Support Team', email: victim, password: attackerPassword } })
		expect(signUp.status).toBe(200)
		const account = await t.db.selectFrom('users').select(['id', 'password_hash', 'email_verified_at']).where('email', '=', victim).executeTakeFirstOrThrow()
		expect(account.email_verified_at).toBeNull()
		const [confirmMail] = await mailsTo(victim)
		const attackerConfirm = tokenOf(confirmMail!.link)
		// A reset link pending too, and a session (however it came about).
		await h.call('/auth/forgot-password', { form: { email: victim } })
		await sql`insert into sessions (id, user_id, expires_at) values (${sha256(randomUUID())}, ${account.id}, now() + interval '1 day')`.execute(t.db)

		const identity = { sub: `sub-${randomUUID()}`, email: victim, email_verified: true, name: 'Vera Victim' }
		const { callback } = await signInWithGoogle(h, identity)
		expect(signedIn(callback)).toBe(true)
		const sid = await h.sessionCookie.parse(callback.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0]!)

		const after = await t.db
			.selectFrom('users')
			.innerJoin('profiles', 'profiles.id', 'users.id')
			.select(['users.id', 'users.password_hash', 'users.email_verified_at', 'profiles.full_name'])
			.where('users.email', '=', victim)
			.executeTakeFirstOrThrow()
		expect(after).toMatchObject({ id: account.id, password_hash: null, full_name: 'Vera Victim' })
		expect(after.email_verified_at).not.toBeNull()
		// Only the victim's new session is left.
		expect(await sessionsOf(account.id)).toBe(1)
		expect((await h.services.accounts.getSessionUser(String(sid)))?.email).toBe(victim)
		expect((await h.call('/settings', { cookie: await h.cookieOf(String(sid)) })).status).toBe(200)
		// The attacker's password no longer signs in; the pending links are dead.
		const attempt = await signIn(victim, attackerPassword, '10.19.0.1')
		expect([attempt.status, formErrors(attempt.data)]).toEqual([400, ['errors.invalidCredentials']])
		expect((await h.call('/auth/confirm', { form: { token: attackerConfirm } })).status).toBe(400)
		expect(await t.db.selectFrom('email_tokens').select('id').where('user_id', '=', account.id).where('used_at', 'is', null).execute()).toEqual([])
	})

	test('a confirmed account is linked as before: its password, sessions and name stay', async () => {
		const user = await h.user({ name: 'Carla Confirmed' })
		const identity = { sub: `sub-${randomUUID()}`, email: user.email, email_verified: true, name: 'Anderer Name' }
		const { callback } = await signInWithGoogle(h, identity)
		expect(signedIn(callback)).toBe(true)
		expect(await h.services.accounts.getSessionUser(user.token)).not.toBeNull()
		expect(signedIn(await signIn(user.email, PASSWORD, '10.19.1.1'))).toBe(true)
		const profile = await h.services.accounts.getProfile(user.id)
		expect(profile?.full_name).toBe('Carla Confirmed')
		const linked = await t.db.selectFrom('user_identities').select('user_id').where('subject', '=', identity.sub).executeTakeFirstOrThrow()
		expect(linked.user_id).toBe(user.id)
	})
})
