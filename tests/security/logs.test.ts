// SECURITY.md §1.10 (ASVS 16.2.5 no credentials, tokens or payment secrets in logs, 16.4.1 log
// injection) and §1.9 (10.1.1 tokens only where needed): the flows that handle secrets run with
// the real logger (modules/core/logger.server.ts, level debug) and every console call captured, and
// no secret value may appear in any line:
//   - passwords at sign-up, sign-in (right and wrong), password change and reset
//   - session tokens and the signed session cookies, the reset token
//   - Google sign-in: client secret, code, state cookie, access and ID token (against the local fake)
//   - a social network connection: the authorization code and the access and refresh tokens of the
//     token exchange (against the built-in sandbox network)
//   - the Stripe keys and the webhook secret, with a valid and a forged webhook (against the fake)
//   - APP_SECRET and the keys derived from it
// Accepted exception, by design: the development mailbox prints mail links (with their tokens) to
// the log; it does not exist in production, where SMTP_URL is required (checked below).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { inspect } from 'node:util'
import { randomBytes, randomUUID } from 'node:crypto'
import express from 'express'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import type { SandboxNetwork } from '#adapters/platforms/sandbox/network.ts'
import { createSecretBox, deriveCookieSecret, sha256 } from '#modules/core/crypto.server.ts'
import { readEnv } from '#modules/core/env.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import type { FakeGoogle } from '#tests/fakes/google-oidc.ts'
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, startStripeFake } from '#tests/fakes/stripe.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { approveConsent } from '#tests/support/sandbox-consent.ts'
import { googleClient, signInWithGoogle, startGoogle } from './support/google.ts'
import { createHarness, PASSWORD, type Harness } from './support/harness.ts'

vi.mock('lucide-react', async () => (await import('./support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('./support/harness.ts')).uiStub())

const APP_SECRET = `app-secret-${randomBytes(16).toString('hex')}`
const lines: Array<string> = []
/** Every secret value the flows handled, with where it came from. */
const secrets = new Map<string, string>()
const remember = (what: string, value: string | null | undefined) => {
	if (value && value.length >= 6) secrets.set(value, what)
}

let t: TestDatabase
let h: Harness
let google: FakeGoogle
let stripe: Awaited<ReturnType<typeof startStripeFake>>
let sandboxServer: http.Server

beforeAll(async () => {
	for (const stream of [process.stdout, process.stderr]) {
		vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
			lines.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
			return true
		})
	}
	for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
		vi.spyOn(console, level).mockImplementation((...args: Array<unknown>) => void lines.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 8 }))).join(' ')))
	}
	t = await createTestDatabase()
	google = await startGoogle()
	stripe = await startStripeFake()
	// The sandbox network served where the app would serve it (APP_URL/sandbox).
	let sandbox: SandboxNetwork | null = null
	const app = express()
	app.use('/sandbox', (req, res, next) => sandbox!.handle(req, res, next))
	sandboxServer = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => sandboxServer.once('listening', resolve))
	const appUrl = `http://127.0.0.1:${(sandboxServer.address() as AddressInfo).port}`
	h = await createHarness(t.db, {
		env: { ...google.env, ...stripe.env(), APP_SECRET, APP_URL: appUrl, SANDBOX_API_BASE: `${appUrl}/sandbox` },
		logger: createLogger('debug'),
	})
	sandbox = h.composition.sandbox
	remember('APP_SECRET', APP_SECRET)
	remember('the cookie secret derived from APP_SECRET', deriveCookieSecret(APP_SECRET))
	remember('the Google client secret', googleClient.secret)
	remember('the Stripe secret key', FAKE_STRIPE_KEY)
	remember('the Stripe webhook secret', FAKE_WEBHOOK_SECRET)
})

afterAll(async () => {
	vi.restoreAllMocks()
	sandboxServer?.closeAllConnections()
	await new Promise((resolve) => sandboxServer?.close(resolve))
	await google?.close()
	await stripe?.[Symbol.asyncDispose]()
	await h?.[Symbol.asyncDispose]()
	await t?.[Symbol.asyncDispose]()
})

test('passwords, session tokens and cookies, and the reset token', async () => {
	const email = `${randomUUID()}@beispiel.ch`
	remember('the sign-up password', PASSWORD)
	await h.call('/auth', { form: { intent: 'signup', fullName: 'Log Person', email, password: PASSWORD } })
	await t.db.updateTable('users').set({ email_verified_at: new Date() }).where('email', '=', email).execute()
	const wrong = 'falsches-Passwort-mit-Geheimnis'
	remember('a wrong password', wrong)
	await h.call('/auth', { form: { intent: 'signin', email, password: wrong } })
	await h.call('/auth', { form: { intent: 'signin', email: `${randomUUID()}@beispiel.ch`, password: wrong } })
	const signedIn = await h.call('/auth', { form: { intent: 'signin', email, password: PASSWORD } })
	const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0]!
	const token = (await h.sessionCookie.parse(cookie)) as string
	remember('a session token', token)
	remember('its signed cookie', cookie.slice('sid='.length))
	remember('the session token hash', sha256(token))

	const changed = 'ein-neues-geheimes-Passwort'
	remember('the new password', changed)
	await h.call('/settings', { cookie, form: { intent: 'password', currentPassword: wrong, newPassword: changed, confirmPassword: changed } })
	await h.call('/settings', { cookie, form: { intent: 'password', currentPassword: PASSWORD, newPassword: changed, confirmPassword: changed } })
	const hash = (await t.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow()).password_hash
	remember('the password hash', hash)

	await h.call('/auth/forgot-password', { form: { email } })
	const resetToken = randomBytes(32).toString('base64url')
	remember('a reset token', resetToken)
	await t.db.updateTable('email_tokens').set({ token_hash: sha256(resetToken) }).where('purpose', '=', 'reset_password').execute()
	const afterReset = 'nach-dem-Reset-geheim'
	remember('the password set by the reset', afterReset)
	await h.call('/auth/reset-password', { search: { token: resetToken } })
	await h.call('/auth/reset-password', { form: { token: resetToken, password: afterReset, confirmPassword: afterReset } })
	await h.call('/auth/reset-password', { form: { token: resetToken, password: afterReset, confirmPassword: afterReset } })
	await h.call('/auth/logout', { method: 'POST', cookie })
	// A log line cannot be forged through input: an e-mail with a line break stays in its JSON line.
	await h.call('/auth', { form: { intent: 'signin', email: 'a@b.ch\n{"event":"signin","userId":"x"}', password: wrong } })
	expect(lines.some((l) => l.includes('signin_failed'))).toBe(true)
})

test('Google sign-in: client secret, code, state cookie, access and ID token', async () => {
	const identity = { sub: `sub-${randomUUID()}`, email: `${randomUUID()}@gmail.example`, email_verified: true, name: 'Gina Google' }
	const flow = await signInWithGoogle(h, identity)
	expect(flow.callback.status).toBe(302)
	remember('the Google authorization code', flow.code)
	remember('the OAuth state', flow.state)
	for (const c of flow.stateCookies) remember('the OAuth state cookie', c.split('=').slice(1).join('='))
	// A replayed callback (the code is spent, the state cookie gone) fails and is logged.
	const replay = await h.call('/auth/google/callback', { search: { code: flow.code, state: flow.state }, cookie: flow.stateCookies.join('; ') })
	expect(replay.status).toBe(302)
})

test('a social network connection: code and the tokens of the exchange', async () => {
	const user = await h.user()
	remember('a session token', user.token)
	const { url } = await h.services.publishing.startConnect(user.id, 'linkedin')
	const consent = await approveConsent(url)
	remember('the LinkedIn authorization code', consent.code)
	remember('the LinkedIn OAuth state', consent.state)
	const connected = await h.services.publishing.completeConnect(user.id, 'linkedin', { code: consent.code!, state: consent.state! })
	expect(connected.ok).toBe(true)
	const box = createSecretBox(APP_SECRET)
	const row = await t.db.selectFrom('social_tokens').select(['access_token_encrypted', 'refresh_token_encrypted']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
	remember('the LinkedIn access token', box.open(row.access_token_encrypted))
	if (row.refresh_token_encrypted) remember('the LinkedIn refresh token', box.open(row.refresh_token_encrypted))
	// A failing exchange (a made-up code) is logged without the code.
	const again = await h.services.publishing.startConnect(user.id, 'linkedin')
	const state = new URL(again.url).searchParams.get('state')!
	const madeUp = `erfunden-${randomBytes(16).toString('hex')}`
	remember('a made-up authorization code', madeUp)
	expect((await h.services.publishing.completeConnect(user.id, 'linkedin', { code: madeUp, state })).ok).toBe(false)
})

test('Stripe: a paid checkout fulfilled by a signed webhook, and a forged webhook', async () => {
	const user = await h.user()
	const started = await h.services.billing.startCheckout({ id: user.id, email: user.email, subscriptionType: 'free' }, { item: { kind: 'pack', id: 'credits_500' } })
	expect(started.ok).toBe(true)
	const [completed] = stripe.complete([...stripe.sessions.keys()].at(-1)!)
	const signature = stripe.sign(completed!)
	remember('a Stripe signature', signature.split('v1=')[1])
	const post = (sig: string) => h.call('/webhooks/stripe', { body: completed!.payload, headers: { 'content-type': 'application/json', 'stripe-signature': sig } })
	expect((await post(signature)).status).toBe(200)
	expect((await post(signature.replace(/v1=[0-9a-f]{6}/, 'v1=000000'))).status).toBe(400)
})

test('no secret value appears in any log line or console call', () => {
	const text = lines.join('\n')
	// The flows above went through the logger (so the scan below is not of an empty log).
	const events = new Set([...text.matchAll(/"event":"(\w+)"/g)].map((m) => m[1]))
	for (const event of ['signup', 'signin', 'signin_failed', 'password_changed', 'password_reset_completed', 'signin_google', 'connect_failed', 'payment_webhook', 'payment_webhook_refused']) expect(events, event).toContain(event)
	const leaked = [...secrets].filter(([value]) => text.includes(value)).map(([, what]) => what)
	expect(leaked).toEqual([])
	for (const [pattern, what] of [
		[/\$argon2id\$/, 'a password hash'],
		[/ya29\.[\w-]{10,}/, 'a Google access token'],
		[/eyJ[\w-]{10,}\.eyJ[\w-]{10,}/, 'a JWT (ID token)'],
		[/whsec_|sk_(?:test|live)_[\w]{6,}/, 'a Stripe key'],
		[/GOCSPX-/, 'a Google client secret'],
	] as const) {
		expect(pattern.test(text), what).toBe(false)
	}
	// Every structured line is one JSON object (no forged lines).
	for (const line of text.split('\n').filter((l) => l.startsWith('{"ts"'))) expect(() => JSON.parse(line)).not.toThrow()
})

test('the development mailbox, which prints mail links to the log, cannot run in production', () => {
	expect(() => readEnv({ APP_ENV: 'production', APP_SECRET, DATABASE_URL: 'postgres://x@127.0.0.1/x' })).toThrow(/SMTP_URL is required/)
})
