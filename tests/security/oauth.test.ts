// OAuth 2.1 (ADR 0071), the attacks: an unregistered redirect URI is never redirected to (open
// redirect: another host, another loopback port, one character more, an unknown client); the consent
// form refuses a cross-site post (the same-origin guard, as every form) while the client endpoints
// stay reachable from a browser-based MCP client; no code, token or client secret reaches the logs
// over a whole flow (registration, consent, exchange, refresh, MCP call, revocation, failures).
import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { Logger } from '#modules/core/logger.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { startOAuthServer, type OAuthServer } from '#tests/support/oauth-server.ts'
import { startSecureApp } from './support/http.ts'

vi.mock('lucide-react', async () => (await import('./support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('./support/harness.ts')).uiStub())

const REDIRECT_URI = 'http://127.0.0.1:53682/callback'
const lines: Array<string> = []
const capture = Object.fromEntries((['debug', 'info', 'warn', 'error'] as const).map((level) => [level, (event: string, fields: Record<string, unknown> = {}) => void lines.push(JSON.stringify({ level, event, ...fields }))])) as Logger

let t: TestDatabase
let server: OAuthServer

beforeAll(async () => {
	t = await createTestDatabase()
	server = await startOAuthServer(t.db, { logger: capture })
})

afterAll(async () => {
	await server?.close()
	await t?.[Symbol.asyncDispose]()
})

async function register(extra: Record<string, unknown> = {}) {
	const response = await fetch(`${server.appUrl}/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ client_name: 'Claude Desktop', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none', ...extra }) })
	expect(response.status).toBe(201)
	return (await response.json()) as { client_id: string; client_secret?: string }
}

function authorizeUrl(clientId: string, redirectUri: string, verifier: string) {
	const url = new URL(`${server.appUrl}/authorize`)
	const params = { client_id: clientId, redirect_uri: redirectUri, response_type: 'code', code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256', state: 's', resource: `${server.appUrl}/mcp` }
	for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
	return url
}

const post = (path: string, form: Record<string, string>) => fetch(`${server.appUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) })

describe('open redirect', () => {
	test.each([
		['another host', 'https://evil.example/callback'],
		['another loopback port', 'http://127.0.0.1:53683/callback'],
		['one character more', `${REDIRECT_URI}x`],
		['another path', 'http://127.0.0.1:53682/callbac'],
		['localhost for 127.0.0.1', 'http://localhost:53682/callback'],
	])('an unregistered redirect URI (%s) gets a 400 and no redirect', async (_what, redirectUri) => {
		const client = await register()
		for (const method of ['GET', 'POST'] as const) {
			const url = authorizeUrl(client.client_id, redirectUri, randomBytes(32).toString('base64url'))
			const response = method === 'GET' ? await fetch(url, { redirect: 'manual' }) : await fetch(`${server.appUrl}/authorize`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: url.searchParams })
			expect(response.status).toBe(400)
			expect(response.headers.get('Location')).toBeNull()
			expect(await response.json()).toMatchObject({ error: 'invalid_request' })
		}
	})

	test('an unknown client gets a 400 and no redirect; an error after the client is known goes only to its registered URI', async () => {
		const unknown = await fetch(authorizeUrl('3f0e8a52-3c1b-4d7e-9a55-0c2f1e6b7d10', 'https://evil.example/cb', 'v'.repeat(43)), { redirect: 'manual' })
		expect(unknown.status).toBe(400)
		expect(unknown.headers.get('Location')).toBeNull()
		const client = await register()
		const url = authorizeUrl(client.client_id, REDIRECT_URI, 'v'.repeat(43))
		url.searchParams.set('code_challenge_method', 'plain')
		const refused = await fetch(url, { redirect: 'manual' })
		expect(refused.status).toBe(302)
		expect(refused.headers.get('Location')).toMatch(/^http:\/\/127\.0\.0\.1:53682\/callback\?error=invalid_request/)
	})

	test('registration refuses redirect URIs other than https or loopback http', async () => {
		for (const uri of ['http://evil.example/cb', 'javascript:alert(1)', 'https://app.example/cb#x', 'ftp://app.example/cb']) {
			const response = await fetch(`${server.appUrl}/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ client_name: 'x', redirect_uris: [uri], token_endpoint_auth_method: 'none' }) })
			expect(response.status, uri).toBe(400)
		}
	})
})

describe('CSRF', () => {
	test('a cross-site post to the consent page is refused; the client endpoints are exempt (no session involved)', async () => {
		const guarded = await startSecureApp({ appUrl: server.appUrl })
		try {
			for (const path of ['/oauth/zustimmung', '/oauth/zustimmung.data', '/authorize']) {
				const response = await fetch(`${guarded.url}${path}`, { method: 'POST', headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'decision=allow' })
				expect(response.status, path).toBe(403)
			}
			for (const path of ['/token', '/register', '/revoke']) {
				const response = await fetch(`${guarded.url}${path}`, { method: 'POST', headers: { Origin: 'https://mcp-client.example', 'Sec-Fetch-Site': 'cross-site' }, body: '' })
				expect(response.status, path).toBe(200)
			}
			expect(guarded.reached.filter((r) => r.includes('zustimmung') || r.includes('authorize'))).toEqual([])
		} finally {
			await guarded.close()
		}
	})
})

describe('logs', () => {
	test('no code, access or refresh token, verifier or client secret in any log line of a whole flow', async () => {
		lines.length = 0
		const errors = vi.spyOn(console, 'error')
		const warnings = vi.spyOn(console, 'warn')
		const client = await register({ token_endpoint_auth_method: 'client_secret_post' })
		const secret = client.client_secret!
		const user = await server.h.user()
		const verifier = randomBytes(32).toString('base64url')
		const started = await fetch(authorizeUrl(client.client_id, REDIRECT_URI, verifier), { redirect: 'manual' })
		const requestId = new URL(started.headers.get('Location')!, server.appUrl).searchParams.get('anfrage')!
		const decided = await server.h.call('/oauth/zustimmung', { method: 'POST', cookie: user.cookie, search: { anfrage: requestId }, form: { requestId, decision: 'allow' } })
		const code = new URL(decided.location!).searchParams.get('code')!
		// A wrong verifier first (a failure path), then the right one.
		expect((await post('/token', { grant_type: 'authorization_code', code, code_verifier: 'x'.repeat(43), redirect_uri: REDIRECT_URI, client_id: client.client_id, client_secret: secret })).status).toBe(400)
		const tokens = (await (await post('/token', { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: client.client_id, client_secret: secret })).json()) as { access_token: string; refresh_token: string }
		const mcp = await fetch(`${server.appUrl}/mcp`, { method: 'POST', headers: { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) })
		expect(mcp.status).toBe(200)
		const refreshed = (await (await post('/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id, client_secret: secret })).json()) as { access_token: string; refresh_token: string }
		expect((await post('/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id, client_secret: secret })).status).toBe(400)
		expect((await post('/token', { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: client.client_id, client_secret: 'wrong' })).status).toBe(400)
		expect((await post('/revoke', { token: refreshed.access_token, client_id: client.client_id, client_secret: secret })).status).toBe(200)

		const logged = [...lines, ...errors.mock.calls.map((c) => c.map(String).join(' ')), ...warnings.mock.calls.map((c) => c.map(String).join(' '))].join('\n')
		errors.mockRestore()
		warnings.mockRestore()
		for (const value of [code, verifier, secret, tokens.access_token, tokens.refresh_token, refreshed.access_token, refreshed.refresh_token]) expect(logged).not.toContain(value)
		// What is stored is the hash only.
		const stored = JSON.stringify(await t.db.selectFrom('oauth_refresh_tokens').selectAll().execute()) + JSON.stringify(await t.db.selectFrom('oauth_authorizations').selectAll().execute()) + JSON.stringify(await t.db.selectFrom('oauth_clients').selectAll().execute())
		for (const value of [code, secret, tokens.refresh_token, refreshed.refresh_token]) expect(stored).not.toContain(value)
	})
})
