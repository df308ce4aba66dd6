// SECURITY.md §1.1 (ASVS 6.1.1/6.3.1 throttling of sign-in, 2.4.1 anti-automation of costly
// functions), §1.3 (4.1.3/15.3.4 client IP from the trusted hop only) and §5.3: the limits on
// sign-in (per e-mail and per IP), on reset and confirmation mails, and on AI generation, through
// the routes that apply them.
//
// Covered elsewhere, not repeated here:
//   - parallel bursts (no more password checks than the budget), the sign-in link of a locked owner:
//     tests/security/signin-hardening.test.ts
//   - the e-mail lock also refuses the right password and ends with its window:
//     modules/accounts/accounts.test.ts ("ten failed sign-ins lock the e-mail ...")
//   - wrong current passwords on the password change: modules/accounts/settings.test.ts
//   - discount code checks (30 per 15 minutes): modules/billing/billing.test.ts
//   - news refresh and idea generation: tests/integration/news.test.ts
import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { sql } from 'kysely'
import { describe, expect, test, vi } from 'vitest'
import { SIGNIN_LIMITS } from '#modules/accounts/index.ts'
import { GENERATION_LIMITS } from '#modules/generation/index.ts'
import { readEnv } from '#modules/core/env.server.ts'
import generationTexts from '#locales/de/generation.json'
import authTexts from '#locales/de/auth.json'
import postingTexts from '#locales/de/posting.json'
import { secureApp } from '#server/security.ts'
import type { TestDatabase } from '#tests/support/db.ts'
import { harnessPerFile, PASSWORD, type Harness } from './support/harness.ts'
import { waitingJobs } from '#tests/support/jobs.ts'

vi.mock('lucide-react', async () => (await import('./support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('./support/harness.ts')).uiStub())

let t: TestDatabase
let h: Harness
harnessPerFile((made) => ({ t, h } = made))

/** Fills a fixed-window counter up to `hits` (what that many requests would have done). */
async function prefill(key: string, hits: number) {
	await sql`insert into rate_limits (key, hits, window_start) values (${key}, ${hits}, now())
		on conflict (key) do update set hits = excluded.hits, window_start = now()`.execute(t.db)
}

const signIn = (email: string, password: string, ip: string) => h.call('/auth', { form: { intent: 'signin', email, password }, ip })
const formErrors = (data: unknown) => (data as { result?: { error?: Record<string, Array<string>> } }).result?.error?.[''] ?? []

describe('sign-in', () => {
	test('the limits are the documented ones (README "Security notes")', () => {
		expect(SIGNIN_LIMITS).toEqual({
			failuresPerEmail: { limit: 10, windowSeconds: 900 },
			failuresPerIp: { limit: 50, windowSeconds: 900 },
			mailsPerEmail: { limit: 5, windowSeconds: 3600 },
		})
	})

	test('ten failures for one e-mail (from ten addresses) lock it: 429, also for the right password, with the German message', async () => {
		const user = await h.user()
		for (let i = 0; i < SIGNIN_LIMITS.failuresPerEmail.limit; i++) {
			const failed = await signIn(user.email, `falsch-${i}-falsch`, `10.1.0.${i}`)
			expect(failed.status).toBe(400)
			expect(formErrors(failed.data)).toEqual(['errors.invalidCredentials'])
		}
		const locked = await signIn(user.email, PASSWORD, '10.1.1.1')
		expect(locked.status).toBe(429)
		expect(formErrors(locked.data)).toEqual(['errors.rateLimited|15'])
		expect(authTexts.errors.rateLimited).toMatch(/^Zu viele Anmeldeversuche/)
		expect(locked.headers.get('set-cookie')).toBeNull()
	})

	test('fifty failures from one IP address lock that address for every account; other addresses sign in', async () => {
		const user = await h.user()
		const ip = '10.2.0.1'
		await prefill(`signin-fail-ip:${ip}`, SIGNIN_LIMITS.failuresPerIp.limit - 1)
		expect((await signIn(`${randomUUID()}@beispiel.ch`, 'irgendein-Passwort', ip)).status).toBe(400)
		const locked = await signIn(user.email, PASSWORD, ip)
		expect(locked.status).toBe(429)
		const elsewhere = await signIn(user.email, PASSWORD, '10.2.0.2')
		expect(elsewhere.status).toBe(302)
		expect(elsewhere.headers.getSetCookie().some((c) => c.startsWith('sid='))).toBe(true)
	})

	test('the client IP the limits count is the peer address; X-Forwarded-For counts only from TRUST_PROXY hops', async () => {
		const seen = async (trustProxy: number, forwardedFor: string) => {
			const app = express()
			secureApp(app, { appUrl: 'http://127.0.0.1', trustProxy, csp: false, production: false, formActions: [] })
			app.get('/ip', (req, res) => void res.json({ ip: req.ip }))
			const server = app.listen(0, '127.0.0.1')
			await new Promise((resolve) => server.once('listening', resolve))
			try {
				const { port } = server.address() as AddressInfo
				const response = await fetch(`http://127.0.0.1:${port}/ip`, { headers: { 'x-forwarded-for': forwardedFor } })
				return ((await response.json()) as { ip: string }).ip
			} finally {
				server.close()
			}
		}
		// The default configuration trusts no proxy: a rotating X-Forwarded-For changes nothing.
		expect(readEnv({}).TRUST_PROXY).toBe(0)
		expect(await seen(0, '1.2.3.4')).toMatch(/^(::ffff:)?127\.0\.0\.1$/)
		expect(await seen(0, '5.6.7.8')).toMatch(/^(::ffff:)?127\.0\.0\.1$/)
		// Behind one proxy: the address that proxy added (the last), never what the client wrote before it.
		expect(await seen(1, 'spoofed, 9.9.9.9')).toBe('9.9.9.9')
	})
})

describe('confirmation and reset mails', () => {
	const mailsTo = async (email: string) => {
		const jobs = await waitingJobs<{ to: string; kind: string }>(t.db, 'accounts_send_mail')
		return jobs.filter((job) => job.payload.to === email).map((job) => job.payload.kind)
	}

	test('at most five reset mails per address and hour; the answer is the same for every address and every try', async () => {
		const user = await h.user()
		const answers: Array<string> = []
		for (let i = 0; i < 7; i++) {
			const answer = await h.call('/auth/forgot-password', { form: { email: user.email } })
			expect(answer.status).toBe(200)
			answers.push(JSON.stringify(answer.data))
		}
		const unknown = await h.call('/auth/forgot-password', { form: { email: `${randomUUID()}@beispiel.ch` } })
		expect(new Set([...answers, JSON.stringify(unknown.data)]).size).toBe(1)
		expect(await mailsTo(user.email)).toEqual(['reset', 'reset', 'reset', 'reset', 'reset'])
	})

	test('resending the confirmation counts against the same five mails per address', async () => {
		const email = `${randomUUID()}@beispiel.ch`
		const signUp = await h.call('/auth', { form: { intent: 'signup', fullName: 'Neu Person', email, password: PASSWORD } })
		expect(signUp.status).toBe(200)
		for (let i = 0; i < 6; i++) expect((await h.call('/auth', { form: { intent: 'resend', email } })).status).toBe(200)
		// The sign-up's own mail, then five resends allowed by the limit.
		expect(await mailsTo(email)).toEqual(['confirm', 'confirm', 'confirm', 'confirm', 'confirm', 'confirm'])
	})
})

describe('generation', () => {
	const form = () => ({ requestId: randomUUID(), kind: 'smart-post', platforms: 'linkedin', agentId: '', prompt: 'Wie eine Bäckerei mit KI Zeit spart', url: '', notes: '', article: '' })
	const balanceOf = async (userId: string) => (await t.db.selectFrom('profiles').select('credits_remaining').where('id', '=', userId).executeTakeFirstOrThrow()).credits_remaining
	const generationsOf = (userId: string) => t.db.selectFrom('generations').select('id').where('user_id', '=', userId).execute()

	test('the limits: 30 generations and 30 image regenerations per user in 10 minutes, 60 document checks and 60 alt-text suggestions', () => {
		expect(GENERATION_LIMITS).toEqual({
			generation: { limit: 30, windowSeconds: 600 },
			regeneration: { limit: 30, windowSeconds: 600 },
			documentCheck: { limit: 60, windowSeconds: 600 },
			altText: { limit: 60, windowSeconds: 600 },
		})
	})

	test('beyond the limit /api/generations answers 429 with Retry-After and the German message, before anything is charged or generated', async () => {
		const user = await h.user()
		const ok = await h.call('/api/generations', { form: form(), cookie: user.cookie })
		expect(ok.status).toBe(200)
		expect(ok.text).toContain('"ok":true')
		await prefill(`generation:${user.id}`, GENERATION_LIMITS.generation.limit)
		const before = { balance: await balanceOf(user.id), generations: (await generationsOf(user.id)).length }
		const limited = await h.call('/api/generations', { form: form(), cookie: user.cookie })
		expect(limited.status).toBe(429)
		expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
		expect(JSON.parse(limited.text.trim())).toEqual({ type: 'done', outcome: { ok: false, code: 'rate_limited' } })
		expect(generationTexts.errors.rate_limited.title).toBe('Zu viele Anfragen')
		expect({ balance: await balanceOf(user.id), generations: (await generationsOf(user.id)).length }).toEqual(before)
		// Another user is not affected.
		const other = await h.user()
		expect((await h.call('/api/generations', { form: form(), cookie: other.cookie })).status).toBe(200)
	})

	test('the limit counts: request 31 of a window is refused', async () => {
		const user = await h.user()
		await prefill(`generation:${user.id}`, GENERATION_LIMITS.generation.limit - 1)
		// Malformed requests cost nothing and are not counted.
		expect((await h.call('/api/generations', { form: { requestId: 'kaputt' }, cookie: user.cookie })).status).toBe(400)
		expect((await h.call('/api/generations', { form: form(), cookie: user.cookie })).status).toBe(200)
		expect((await h.call('/api/generations', { form: form(), cookie: user.cookie })).status).toBe(429)
	})

	test("beyond the limit 'Bild neu generieren' answers 429 and charges nothing", async () => {
		const user = await h.user()
		const regenerate = () => h.call('/api/generations/image', { form: { requestId: randomUUID(), platform: 'linkedin', content: 'Frisches Brot', agentId: '' }, cookie: user.cookie })
		expect((await regenerate()).status).toBe(200)
		await prefill(`regeneration:${user.id}`, GENERATION_LIMITS.regeneration.limit)
		const balance = await balanceOf(user.id)
		const limited = await regenerate()
		expect(limited.status).toBe(429)
		expect(limited.data).toEqual({ ok: false, code: 'rate_limited' })
		expect(await balanceOf(user.id)).toBe(balance)
	})

	test("beyond the limit 'Alt-Text vorschlagen' answers 429 with Retry-After and the German message, before the image is looked up", async () => {
		const user = await h.user()
		const suggest = () => h.call('/api/media-alt-text', { method: 'POST', body: JSON.stringify({ requestId: randomUUID(), mediaId: randomUUID() }), headers: { 'content-type': 'application/json' }, cookie: user.cookie })
		// Within the limit: the request reaches the lookup (no such image of the user's).
		expect((await suggest()).status).toBe(404)
		await prefill(`altText:${user.id}`, GENERATION_LIMITS.altText.limit)
		const limited = await suggest()
		expect(limited.status).toBe(429)
		expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
		expect(limited.data).toEqual({ ok: false, code: 'rate_limited', message: postingTexts.altText.rateLimited })
	})
})
