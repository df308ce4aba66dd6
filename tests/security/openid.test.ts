// Issue 17 item 11, SECURITY.md §1.9 (ASVS 9.1.x, 10.5.x: the ID token and its claims) and §1.10
// (ASVS 16.3.1 failed sign-ins logged, 16.2.5 without secrets): Google sign-in through the routes
// against the OpenID fake (tests/fakes/google-oidc.ts) behaving as OpenID Connect allows or forbids:
//   - the e-mail only in the UserInfo response (Core 5.4): read from GOOGLE_USERINFO_ENDPOINT, whose
//     `sub` must be the ID token's (Core 5.3.2)
//   - several audiences: azp required and ours; a present azp must be ours (Core 3.1.3.7 steps 4, 5)
//   - a client secret with '+' and other reserved characters, form-encoded into the Basic header
//     (RFC 6749 2.3.1), which the fake form-decodes strictly; client_secret_basic as Google takes it
//   - every failed callback leaves one 'signin_google_failed' line with its reason and the IP, and
//     no code, state, state cookie, token or client secret
//   - APP_ENV=production refuses http:// for the five GOOGLE_* endpoints at start (readEnv)
//
// Covered elsewhere: signature, alg, iss, aud, exp of the ID token and the replayed callback URL
// (tests/e2e/google.spec.ts, tests/fakes/google-oidc.test.ts), the session rotation at Google
// sign-in (sessions.test.ts), secrets in the logs of a successful sign-in (logs.test.ts).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { readEnv } from '#modules/core/env.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { encodeIdentityCookie, identityCookieName, startFakeGoogle, type FakeGoogle, type GoogleIdentity } from '#tests/fakes/google-oidc.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { signInWithGoogle } from './support/google.ts'
import { createHarness, type Harness } from './support/harness.ts'

vi.mock('lucide-react', async () => (await import('./support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('./support/harness.ts')).uiStub())

const clientId = 'openid-suite.apps.googleusercontent.com'
/** Reserved characters of RFC 3986 and form encoding, a '%' that looks like an escape, a space and a non-ASCII letter. */
const clientSecret = 'GOCSPX-plus+slash/eq=amp&colon:pct%41 space?ü'
const formEncoded = (value: string) => new URLSearchParams([['', value]]).toString().slice(1)

type Line = { level: string; event: string; fields: Record<string, unknown>; json: string }
const lines: Array<Line> = []
const capture: Logger = Object.fromEntries(
	(['debug', 'info', 'warn', 'error'] as const).map((level) => [
		level,
		(event: string, fields: Record<string, unknown> = {}) => void lines.push({ level, event, fields, json: JSON.stringify({ level, event, ...fields }) }),
	]),
) as Logger
const failures = () => lines.filter((l) => l.event === 'signin_google_failed')

let t: TestDatabase
let h: Harness
let google: FakeGoogle

beforeAll(async () => {
	t = await createTestDatabase()
	google = await startFakeGoogle({ clientId, clientSecret })
	h = await createHarness(t.db, { env: google.env, logger: capture })
})

afterAll(async () => {
	await h?.[Symbol.asyncDispose]()
	await google?.close()
	await t?.[Symbol.asyncDispose]()
})

beforeEach(() => {
	google.setBehaviour({})
	lines.length = 0
})

const someone = (name = 'Olga Openid'): GoogleIdentity => ({ sub: `sub-${randomUUID()}`, email: `${randomUUID()}@gmail.example`, email_verified: true, name })
const accountOf = (email: string) => t.db.selectFrom('users').innerJoin('profiles', 'profiles.id', 'users.id').select(['users.id', 'users.email_verified_at', 'profiles.full_name']).where('users.email', '=', email).executeTakeFirst()

/** Signed in: the session cookie set and the redirect to the form's target. */
function expectSignedIn(flow: Awaited<ReturnType<typeof signInWithGoogle>>) {
	expect(flow.callback.status).toBe(302)
	expect(flow.callback.location).toBe('/posts')
	expect(flow.callback.headers.getSetCookie().some((c) => c.startsWith('sid='))).toBe(true)
}

/** No line holds one of `values` (code, state, cookie values), the client secret, a token of the fake or a JWT. */
function expectNoSecrets(values: Array<string>) {
	const all = lines.map((l) => l.json).join('\n')
	for (const value of [...values, clientSecret, formEncoded(clientSecret)]) expect(all).not.toContain(value)
	expect(all).not.toMatch(/ya29\.|eyJ/)
}

/** Refused: back to /auth, no session, exactly one failure line with `fields` and the IP, and no secret in the log. */
function expectRefused(flow: Awaited<ReturnType<typeof signInWithGoogle>>, fields: Record<string, unknown>) {
	expect(flow.callback.location).toBe('/auth')
	expect(flow.callback.headers.getSetCookie().some((c) => c.startsWith('sid='))).toBe(false)
	expect(failures()).toHaveLength(1)
	expect(failures()[0]!.fields).toEqual({ ...fields, ip: '127.0.0.1' })
	expect(failures()[0]!.level).toBe('warn')
	expectNoSecrets([flow.code, flow.state, ...flow.stateCookies.map((c) => c.slice(c.indexOf('=') + 1))])
}

describe('client authentication (RFC 6749 2.3.1)', () => {
	test("a secret with '+' and reserved characters is form-encoded into the Basic header: the strict fake accepts it", async () => {
		google.setBehaviour({ tokenEndpointAuthMethods: ['client_secret_basic'] })
		const identity = someone()
		expectSignedIn(await signInWithGoogle(h, identity))
		expect(google.lastClientAuth()).toBe('client_secret_basic')
		expect(await accountOf(identity.email)).toBeDefined()
	})

	test('a wrong secret is refused at the token endpoint, and logged without the secret', async () => {
		await using wrong = await createHarness(t.db, { env: { ...google.env, GOOGLE_CLIENT_SECRET: `${clientSecret}x` }, logger: capture })
		const flow = await signInWithGoogle(wrong, someone())
		expectRefused(flow, { reason: 'token_error', oauthError: 'invalid_client' })
	})
})

describe('the e-mail from UserInfo (Core 5.4, 5.3.2)', () => {
	test('an ID token without e-mail: the address, its verification and the name come from UserInfo', async () => {
		google.setBehaviour({ scopeClaimsInIdToken: false })
		const identity = someone('Ulla Userinfo')
		expectSignedIn(await signInWithGoogle(h, identity))
		const account = await accountOf(identity.email)
		expect(account).toMatchObject({ full_name: 'Ulla Userinfo' })
		expect(account!.email_verified_at).not.toBeNull()
	})

	test('an unverified address in UserInfo is refused like one in the ID token', async () => {
		google.setBehaviour({ scopeClaimsInIdToken: false })
		const identity = { ...someone(), email_verified: false }
		expectRefused(await signInWithGoogle(h, identity), { reason: 'account_refused', refusal: 'google_email_unverified' })
		expect(await accountOf(identity.email)).toBeUndefined()
	})

	test("a UserInfo answer for another subject is not used", async () => {
		google.setBehaviour({ scopeClaimsInIdToken: false, userinfoOverride: { sub: 'someone-else', email: 'victim@example.ch' } })
		expectRefused(await signInWithGoogle(h, someone()), { reason: 'userinfo_subject_mismatch' })
		expect(await accountOf('victim@example.ch')).toBeUndefined()
	})

	test('UserInfo failing, or without an e-mail either, refuses the sign-in', async () => {
		google.setBehaviour({ scopeClaimsInIdToken: false, userinfoStatus: 503 })
		expectRefused(await signInWithGoogle(h, someone()), { reason: 'userinfo_failed', status: 503 })
		lines.length = 0
		google.setBehaviour({ scopeClaimsInIdToken: false, userinfoOverride: { email: undefined } })
		expectRefused(await signInWithGoogle(h, someone()), { reason: 'claims_missing', claim: 'email' })
	})

	test('UserInfo is not asked when the ID token has the e-mail', async () => {
		// A UserInfo that would fail shows whether it was asked.
		google.setBehaviour({ userinfoStatus: 500 })
		expectSignedIn(await signInWithGoogle(h, someone()))
	})
})

describe('audiences and azp (Core 3.1.3.7)', () => {
	const missing = 'azp missing with several audiences'
	const other = 'azp is another client'
	const cases: Array<{ what: string; extraAudiences: Array<string>; azp: string | null | undefined; refused: string | null }> = [
		{ what: 'one audience, azp ours (Google)', extraAudiences: [], azp: undefined, refused: null },
		{ what: 'one audience, no azp', extraAudiences: [], azp: null, refused: null },
		{ what: 'one audience, azp another client', extraAudiences: [], azp: 'other-client', refused: other },
		{ what: 'two audiences, azp ours', extraAudiences: ['other-client'], azp: undefined, refused: null },
		{ what: 'two audiences, no azp', extraAudiences: ['other-client'], azp: null, refused: missing },
		{ what: 'two audiences, azp the other one', extraAudiences: ['other-client'], azp: 'other-client', refused: other },
	]
	test.each(cases)('$what: refused $refused', async ({ extraAudiences, azp, refused }) => {
		google.setBehaviour({ extraAudiences, azp })
		const identity = someone()
		const flow = await signInWithGoogle(h, identity)
		if (!refused) expectSignedIn(flow)
		else {
			expectRefused(flow, { reason: 'azp_mismatch', detail: refused })
			expect(await accountOf(identity.email)).toBeUndefined()
		}
	})
})

describe('failed callbacks are logged, without secrets', () => {
	/** Up to the fake's answer: the state cookies and the callback's parameters, the callback not yet called. */
	async function consent(identity: GoogleIdentity) {
		const start = await h.call('/auth/google', { method: 'POST', form: { redirectTo: '/posts' } })
		const cookies = start.headers.getSetCookie().map((c) => c.split(';')[0]!)
		const answer = await fetch(start.location!, { redirect: 'manual', headers: { cookie: `${identityCookieName}=${encodeIdentityCookie(identity)}` } })
		const params = new URL(answer.headers.get('location')!).searchParams
		return { cookie: cookies.join('; '), code: params.get('code')!, state: params.get('state')!, cookieValues: cookies.map((c) => c.slice(c.indexOf('=') + 1)) }
	}

	test('state in the URL that is not the cookie\'s', async () => {
		const { cookie, code, state, cookieValues } = await consent(someone())
		const callback = await h.call('/auth/google/callback', { search: { code, state: `${state}x` }, cookie })
		expect(callback.location).toBe('/auth')
		expect(failures().map((l) => l.fields)).toEqual([{ reason: 'state_mismatch', ip: '127.0.0.1' }])
		expectNoSecrets([code, state, ...cookieValues])
	})

	test('no state cookie (another browser, or expired)', async () => {
		const { code, state } = await consent(someone())
		const callback = await h.call('/auth/google/callback', { search: { code, state }, ip: '10.9.8.7' })
		expect(callback.location).toBe('/auth')
		expect(failures().map((l) => l.fields)).toEqual([{ reason: 'state_missing', ip: '10.9.8.7' }])
		expectNoSecrets([code, state])
	})

	test("the provider's error answer (the user declined): its code is logged, not its description", async () => {
		const { cookie, code, state, cookieValues } = await consent(someone())
		const callback = await h.call('/auth/google/callback', { search: { error: 'access_denied', error_description: `declined ${code}`, state }, cookie })
		expect(callback.location).toBe('/auth')
		expect(failures().map((l) => l.fields)).toEqual([{ reason: 'provider_error', oauthError: 'access_denied', ip: '127.0.0.1' }])
		expectNoSecrets([code, state, ...cookieValues])
	})

	test('a replayed callback (the code is single-use at the provider)', async () => {
		const { cookie, code, state, cookieValues } = await consent(someone())
		const first = await h.call('/auth/google/callback', { search: { code, state }, cookie })
		expect(first.location).toBe('/posts')
		const replay = await h.call('/auth/google/callback', { search: { code, state }, cookie })
		expect(replay.location).toBe('/auth')
		expect(failures().map((l) => l.fields)).toEqual([{ reason: 'token_error', oauthError: 'invalid_grant', ip: '127.0.0.1' }])
		expectNoSecrets([code, state, ...cookieValues])
	})
})

describe('production refuses http:// Google endpoints at start', () => {
	const production = { APP_ENV: 'production', APP_SECRET: 'p'.repeat(40), SMTP_URL: 'smtp://mail.example.ch:587' }
	const endpoints = ['GOOGLE_ISSUER', 'GOOGLE_AUTHORIZATION_ENDPOINT', 'GOOGLE_TOKEN_ENDPOINT', 'GOOGLE_JWKS_URI', 'GOOGLE_USERINFO_ENDPOINT']

	test("Google's defaults (https) start", () => {
		const env = readEnv(production)
		expect(env.GOOGLE_USERINFO_ENDPOINT).toBe('https://openidconnect.googleapis.com/v1/userinfo')
		expect(() => readEnv({ ...production, ...google.env, ...Object.fromEntries(endpoints.map((n) => [n, google.env[n]!.replace('http://', 'https://')])) })).not.toThrow()
	})

	test.each(endpoints)('%s=http://… stops the start with a message naming it', (name) => {
		expect(() => readEnv({ ...production, [name]: 'http://accounts.example.ch/endpoint' })).toThrow(new RegExp(`^${name} must be an? https:// address`))
	})

	test('all of them at once are named in one message; outside production http:// is allowed (tests, the fake)', () => {
		expect(() => readEnv({ ...production, ...google.env })).toThrow(/GOOGLE_ISSUER, GOOGLE_AUTHORIZATION_ENDPOINT, GOOGLE_TOKEN_ENDPOINT, GOOGLE_JWKS_URI, GOOGLE_USERINFO_ENDPOINT must be https:\/\/ addresses when APP_ENV=production/)
		for (const APP_ENV of ['development', 'test']) expect(() => readEnv({ APP_ENV, APP_SECRET: 'p'.repeat(40), ...google.env })).not.toThrow()
	})

	test('other schemes are refused in every environment', () => {
		for (const url of ['ftp://accounts.example.ch/', 'file:///etc/passwd', 'javascript:alert(1)']) {
			expect(() => readEnv({ APP_ENV: 'test', APP_SECRET: 'p'.repeat(40), GOOGLE_TOKEN_ENDPOINT: url })).toThrow(/GOOGLE_TOKEN_ENDPOINT/)
		}
	})
})
