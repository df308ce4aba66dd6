// Issue 17 items 6 and 7: what the app serves besides itself. The built-in sandbox network (the
// offline stand-in for LinkedIn, Meta and Threads) and the development mailbox never exist in
// production; where they do exist (development and tests) the sandbox sits behind the app's
// security headers and same-origin guard, and its consent stand-ins send the browser back only to
// the app's own OAuth callbacks (SECURITY.md 1.7, 1.8; ASVS 3.4, 3.5, 10.4.1 open redirects).
//
// Here the front of the server is built as server/web.ts builds it (secureApp, then mountSandbox
// with the composition root's sandbox) on a loopback port, with a stand-in for React Router behind
// it that answers 404 and records what reached it; that React Router answers /sandbox with its 404
// route and /dev/mailbox with 404 is checked through the harness. The dev mailbox page's German
// notice in the browser: tests/e2e/auth.spec.ts. The LinkedIn fake's refusals on their own:
// adapters/platforms/linkedin/connect.test.ts; Threads': adapters/platforms/threads/connect.test.ts.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import auth from '#locales/de/auth.json' with { type: 'json' }
import { readEnv } from '#modules/core/env.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import type { Platform } from '#modules/publishing/index.ts'
import { composeServices } from '#server/compose.ts'
import { appCallbackUrls, mountSandbox } from '#server/platforms.ts'
import { platformModules } from '#adapters/platforms/index.ts'
import { secureApp } from '#server/security.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { approveConsent } from '#tests/support/sandbox-consent.ts'
import { createHarness, type Harness } from './support/harness.ts'
import { directives } from './support/http.ts'

vi.mock('lucide-react', async () => (await import('./support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('./support/harness.ts')).uiStub())

const ALL_KEYS = {
	LINKEDIN_CLIENT_ID: 'li-id',
	LINKEDIN_CLIENT_SECRET: 'li-secret',
	META_APP_ID: 'meta-id',
	META_APP_SECRET: 'meta-secret',
	THREADS_APP_ID: 'threads-id',
	THREADS_APP_SECRET: 'threads-secret',
}
const PRODUCTION = { APP_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9' }
const PLATFORMS: Array<Platform> = platformModules.map((m) => m.platform)
/** The platforms connected through a consent page (not those signing in with a handle and an app password). */
const CONSENT_PLATFORMS = platformModules.filter((m) => m.descriptor.connect !== 'handle-app-password').map((m) => m.platform)
/** Starts the OAuth flow as 'Verbinden' does: instance networks on a sandbox instance. */
const connectOptions = (platform: Platform): Record<string, string> => (platformModules.find((m) => m.platform === platform)?.descriptor.connect === 'instance-oauth' ? { server: 'sandbox.example' } : {})

type Served = { url: string; h: Harness; reached: Array<string>; close: () => Promise<void> }

let t: TestDatabase
const servers: Array<Served> = []

/** The server's front (secureApp, then the sandbox mount) for a composition with `env`, on a free port that is its APP_URL. */
async function serve(env: Record<string, string>): Promise<Served> {
	let handler: http.RequestListener = (_req, res) => void res.end()
	const server = http.createServer((req, res) => handler(req, res))
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	const h = await createHarness(t.db, { env: { APP_URL: url, SANDBOX_API_BASE: `${url}/sandbox`, ...env } })
	const app = express()
	secureApp(app, { appUrl: h.env.APP_URL, trustProxy: 0, csp: true, production: h.env.isProduction, formActions: [] })
	mountSandbox(app, h.composition.sandbox)
	const reached: Array<string> = []
	app.use((req, res) => {
		reached.push(`${req.method} ${req.originalUrl}`)
		res.status(404).type('text/plain').send('React Router')
	})
	handler = app
	const served = {
		url,
		h,
		reached,
		async close() {
			server.closeAllConnections()
			await new Promise((resolve) => server.close(resolve))
			await h[Symbol.asyncDispose]()
		},
	}
	servers.push(served)
	return served
}

beforeAll(async () => {
	t = await createTestDatabase()
})

afterAll(async () => {
	for (const served of servers) await served.close()
	await t?.[Symbol.asyncDispose]()
})

/** Sandbox paths a visitor could try: the feed, every platform's consent page and API, the test controls. */
const sandboxPaths = [
	'/sandbox',
	'/sandbox/',
	'/sandbox/linkedin/oauth/v2/authorization?response_type=code&client_id=x&redirect_uri=https%3A%2F%2Fevil.test%2F',
	'/sandbox/meta/dialog/oauth?redirect_uri=https%3A%2F%2Fevil.test%2F&decision=allow',
	'/sandbox/threads/oauth/authorize?response_type=code&client_id=x&redirect_uri=https%3A%2F%2Fevil.test%2F',
	'/sandbox/linkedin/v2/userinfo',
	'/sandbox/__fake/linkedin/requests',
]

describe('production (APP_ENV=production)', () => {
	test('with every platform key: no sandbox network, /sandbox and all 7 paths below it reach React Router (404), so does a POST; /dev/mailbox is 404', async () => {
		const s = await serve({ ...PRODUCTION, ...ALL_KEYS })
		expect(s.h.composition.sandbox).toBeNull()
		expect(s.h.services.devMailbox).toBeNull()
		expect(s.h.services.publishing.sandboxPlatforms()).toEqual([])
		for (const path of sandboxPaths) {
			const response = await fetch(`${s.url}${path}`, { redirect: 'manual' })
			expect([path, response.status, await response.text()]).toEqual([path, 404, 'React Router'])
		}
		const post = await fetch(`${s.url}/sandbox/comment`, { method: 'POST', headers: { origin: s.url }, body: new URLSearchParams({ postId: 'x', text: 'hallo' }) })
		expect(post.status).toBe(404)
		expect(s.reached).toHaveLength(sandboxPaths.length + 1)

		// What React Router makes of those paths: its not-found route, and the mailbox route's 404.
		expect((await s.h.call('/*', { params: { '*': 'sandbox' } })).status).toBe(404)
		const mailbox = await s.h.call('/dev/mailbox')
		expect([mailbox.status, mailbox.thrown]).toEqual([404, true])
	})

	test('without platform keys: still no sandbox, no platform in test mode, and connecting one fails (not_configured) without a consent URL', async () => {
		const s = await serve(PRODUCTION)
		expect(s.h.composition.sandbox).toBeNull()
		expect(s.h.services.publishing.sandboxPlatforms()).toEqual([])
		const user = await s.h.user()
		for (const platform of PLATFORMS) {
			await expect(s.h.services.publishing.startConnect(user.id, platform, connectOptions(platform))).rejects.toMatchObject({ name: 'PlatformError', kind: 'invalid_request', code: 'not_configured' })
			// 'Verbinden' on /accounts: a refusal in German (409), not a 5xx.
			const answer = await s.h.call('/accounts', { cookie: user.cookie, form: { intent: 'connect', platform, ...connectOptions(platform) } })
			expect(answer.status).toBe(409)
			expect(answer.data).toMatchObject({ ok: false, message: expect.stringContaining('ist in dieser Postwerk-Installation nicht eingerichtet') })
			// A handle and app password are refused the same way (nothing is sent anywhere).
			const signIn = await s.h.call('/accounts', { cookie: user.cookie, form: { intent: 'sign-in', platform, identifier: 'paula.example', password: 'abcd-efgh-ijkl-mnop' } })
			expect(signIn.data).toMatchObject({ ok: false, message: expect.stringContaining('ist in dieser Postwerk-Installation nicht eingerichtet') })
		}
		for (const path of sandboxPaths) expect((await fetch(`${s.url}${path}`, { redirect: 'manual' })).status).toBe(404)
		expect((await s.h.call('/dev/mailbox')).status).toBe(404)
	})

	test('without SMTP_URL the server refuses to start: there is no mailbox that would show or log the links', () => {
		const base = { APP_ENV: 'production', APP_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/postwerk-production-surface' }
		expect(() => readEnv(base)).toThrow(/SMTP_URL is required/)
		// Even past the env check (an Env built by hand), the composition root refuses.
		const env = { ...readEnv({ ...base, SMTP_URL: 'smtp://127.0.0.1:9' }), SMTP_URL: undefined }
		expect(() => composeServices({ env, db: t.db, logger: createLogger('silent') })).toThrow(/SMTP_URL is required/)
	})
})

describe('development and tests: the mailbox', () => {
	test('is enabled only for APP_ENV development or test without SMTP_URL', async () => {
		const cases: Array<[Record<string, string>, number]> = [
			[{ APP_ENV: 'test' }, 200],
			[{ APP_ENV: 'development' }, 200],
			[{ APP_ENV: 'test', SMTP_URL: 'smtp://127.0.0.1:9' }, 404],
			[{ APP_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:9' }, 404],
			[PRODUCTION, 404],
		]
		for (const [env, status] of cases) {
			const h = await createHarness(t.db, { env })
			const answer = await h.call('/dev/mailbox')
			expect([env, answer.status, h.services.devMailbox === null]).toEqual([env, status, status === 404])
			await h[Symbol.asyncDispose]()
		}
	})

	test('its page says in German that it is the development mailbox, that nothing is sent, and that it does not exist in production', () => {
		expect(auth.mailbox.title).toBe('Dev-Postfach')
		expect(auth.mailbox.notice).toMatch(/^Dies ist das Entwicklungs-Postfach: Postwerk versendet keine E-Mails\./)
		expect(auth.mailbox.notice).toContain('Passwort-Links aller Konten')
		expect(auth.mailbox.production).toContain('APP_ENV=production')
	})
})

describe('test mode (no platform keys): the sandbox network', () => {
	let s: Served
	let consentUrls: Record<Platform, string>

	beforeAll(async () => {
		s = await serve({ APP_ENV: 'test' })
		const user = await s.h.user()
		consentUrls = Object.fromEntries(await Promise.all(CONSENT_PLATFORMS.map(async (p) => [p, (await s.h.services.publishing.startConnect(user.id, p, connectOptions(p))).url]))) as Record<Platform, string>
	})

	test('is mounted with the app\'s security headers on the feed and on every consent page: nonce CSP, nosniff, frame options, referrer policy, COOP, CORP', async () => {
		expect(s.h.composition.sandbox).not.toBeNull()
		expect(s.h.services.publishing.sandboxPlatforms().sort()).toEqual([...PLATFORMS].sort())
		for (const url of [`${s.url}/sandbox`, ...CONSENT_PLATFORMS.map((p) => consentUrls[p]!)]) {
			expect(url.startsWith(`${s.url}/sandbox`)).toBe(true)
			const response = await fetch(url)
			expect([url, response.status]).toEqual([url, 200])
			expect(await response.text()).toContain('Testmodus')
			const h = response.headers
			const csp = directives(h.get('content-security-policy') ?? '')
			expect(csp['default-src']).toEqual(["'self'"])
			expect(csp['script-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}==?'$/), "'strict-dynamic'"])
			expect(csp['object-src']).toEqual(["'none'"])
			expect(csp['base-uri']).toEqual(["'none'"])
			expect(csp['frame-ancestors']).toEqual(["'none'"])
			expect(csp['form-action']).toEqual(["'self'"])
			expect(h.get('x-content-type-options')).toBe('nosniff')
			expect(h.get('x-frame-options')).toBe('SAMEORIGIN')
			expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
			expect(h.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups')
			expect(h.get('cross-origin-resource-policy')).toBe('same-origin')
			expect(h.get('x-powered-by')).toBeNull()
		}
	})

	const crossSite: Array<[string, (own: string) => Record<string, string>]> = [
		['Origin of another site', () => ({ origin: 'https://evil.test' })],
		['Origin of another port of this host', () => ({ origin: 'http://127.0.0.1:1' })],
		['Origin null', () => ({ origin: 'null' })],
		['Sec-Fetch-Site cross-site', () => ({ 'sec-fetch-site': 'cross-site' })],
		['Sec-Fetch-Site cross-site with our own Origin', (own) => ({ 'sec-fetch-site': 'cross-site', origin: own })],
	]

	test.each(crossSite)('a POST with %s is refused (403) on all 5 state-changing sandbox endpoints and changes nothing', async (_name, headers) => {
		const sandbox = s.h.composition.sandbox!
		const before = { comments: sandbox.store.comments.length, requests: Object.values(sandbox.routers).reduce((n, r) => n + r.requests.length, 0) }
		const allow = new URLSearchParams({ ...Object.fromEntries(new URL(consentUrls.linkedin!).searchParams), decision: 'allow' })
		const posts: Array<[string, string]> = [
			['/sandbox/comment', new URLSearchParams({ postId: 'x', text: 'Hallo' }).toString()],
			['/sandbox/__fake/comments', JSON.stringify({ postId: 'x', text: 'Hallo' })],
			['/sandbox/linkedin/oauth/v2/authorization', allow.toString()],
			['/sandbox/threads/oauth/authorize', new URLSearchParams({ ...Object.fromEntries(new URL(consentUrls.threads!).searchParams), decision: 'allow' }).toString()],
			['/sandbox/linkedin/rest/posts', '{}'],
		]
		for (const [path, body] of posts) {
			const response = await fetch(`${s.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers(s.url) }, body, redirect: 'manual' })
			expect([path, response.status, response.headers.get('location')]).toEqual([path, 403, null])
		}
		const after = { comments: sandbox.store.comments.length, requests: Object.values(sandbox.routers).reduce((n, r) => n + r.requests.length, 0) }
		expect(after).toEqual(before)
	})

	test('a same-origin consent (the browser on the sandbox page) goes through and returns to the app\'s callback, for every consent platform', async () => {
		for (const platform of CONSENT_PLATFORMS) {
			const consent = await approveConsent(consentUrls[platform]!)
			expect(consent.code, platform).toBeTruthy()
		}
		expect(appCallbackUrls(s.url)).toEqual(PLATFORMS.map((p) => `${s.url}/accounts/callback/${p}`))
	})

	const foreign = (own: string) => [
		'https://evil.test/accounts/callback/linkedin',
		`${own.replace('127.0.0.1', 'localhost')}/accounts/callback/linkedin`,
		`${own}/auth`,
		`${own}/accounts/callback/linkedin/../../../auth`,
		`${own}/accounts/callback/myspace`,
		`${own}/accounts/callback/linkedin#x`,
		`http://user:pw@${own.slice('http://'.length)}/accounts/callback/linkedin`,
		'javascript:alert(1)',
		'//evil.test/accounts/callback/linkedin',
	]

	test.each(CONSENT_PLATFORMS)('the %s consent stand-in refuses 9 redirect_uris that are not the app\'s callbacks with a 400 page, and never redirects there', async (platform) => {
		const consentUrl = new URL(consentUrls[platform]!)
		for (const redirectUri of foreign(s.url)) {
			const url = new URL(consentUrl)
			url.searchParams.set('redirect_uri', redirectUri)
			const page = await fetch(url, { redirect: 'manual' })
			expect([redirectUri, page.status, page.headers.get('location')]).toEqual([redirectUri, 400, null])
			expect(page.headers.get('content-type')).toMatch(/^text\/html/)
			expect(await page.text()).toContain('Testmodus')
			// Clicking 'Zulassen' (or 'Abbrechen') with the forged field is refused the same way.
			for (const decision of ['allow', 'cancel', 'deny']) {
				const fields = new URLSearchParams({ ...Object.fromEntries(url.searchParams), decision })
				const answer =
					platform === 'facebook' || platform === 'instagram'
						? await fetch(`${url.origin}${url.pathname}?${fields}`, { redirect: 'manual' })
						: await fetch(`${url.origin}${url.pathname}`, { method: 'POST', headers: { origin: s.url }, body: fields, redirect: 'manual' })
				expect([redirectUri, decision, answer.status, answer.headers.get('location')]).toEqual([redirectUri, decision, 400, null])
			}
		}
	})
})

test('when only some platforms have keys (development, LinkedIn configured), the sandbox stays mounted for the others only', async () => {
	const s = await serve({ APP_ENV: 'development', LINKEDIN_CLIENT_ID: 'li-id', LINKEDIN_CLIENT_SECRET: 'li-secret' })
	expect(s.h.services.publishing.sandboxPlatforms().sort()).toEqual(PLATFORMS.filter((p) => p !== 'linkedin').sort())
	const user = await s.h.user()
	const linkedin = (await s.h.services.publishing.startConnect(user.id, 'linkedin')).url
	expect(linkedin.startsWith('https://www.linkedin.com/oauth/v2/authorization?')).toBe(true)
	expect((await fetch(`${s.url}/sandbox/linkedin/oauth/v2/authorization?${new URL(linkedin).searchParams}`)).status).toBe(404)
	for (const platform of ['facebook', 'threads'] as const) {
		const url = (await s.h.services.publishing.startConnect(user.id, platform)).url
		expect(url.startsWith(`${s.url}/sandbox/`)).toBe(true)
		expect((await fetch(url)).status).toBe(200)
	}
	expect((await fetch(`${s.url}/sandbox`)).status).toBe(200)
	// No test controls outside APP_ENV=test.
	expect((await fetch(`${s.url}/sandbox/__fake/meta/requests`)).status).toBe(404)
})
