// OAuth 2.1 for MCP and the REST API (issue 40 item 1, ADR 0071), driven by oauth4webapi over HTTP
// against the app's OAuth router (server/oauth.ts, the MCP SDK's handlers with our provider) and the
// /mcp, /api/v1/accounts and consent routes behind the server's security middleware: discovery from a
// bare 401, registration, the consent form, the code exchange with PKCE, an MCP tool call with the SDK
// client, refresh with rotation, revocation; and the refusals (verifier, redirect URI, code replay,
// another resource, an expired code).
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { sql } from 'kysely'
import * as oauth from 'oauth4webapi'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { startOAuthServer, type OAuthServer } from '#tests/support/oauth-server.ts'
import type { Harness, TestUser } from '#tests/security/support/harness.ts'

vi.mock('lucide-react', async () => (await import('#tests/security/support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('#tests/security/support/harness.ts')).uiStub())

const insecure = { [oauth.allowInsecureRequests]: true }
const REDIRECT_URI = 'http://127.0.0.1:53682/callback'

let t: TestDatabase
let h: Harness
let server: OAuthServer
let appUrl: string

beforeAll(async () => {
	t = await createTestDatabase()
	server = await startOAuthServer(t.db)
	h = server.h
	appUrl = server.appUrl
})

afterAll(async () => {
	await server?.close()
	await t?.[Symbol.asyncDispose]()
})

/** The authorization server as a client finds it: a bare 401 from /mcp, its resource metadata, the AS metadata. */
async function discover(resourcePath: '/mcp' | '/api/v1' = '/mcp') {
	const bare = resourcePath === '/mcp' ? await fetch(`${appUrl}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: '{}' }) : await fetch(`${appUrl}/api/v1/accounts`)
	expect(bare.status).toBe(401)
	const metadataUrl = /resource_metadata="([^"]+)"/.exec(bare.headers.get('WWW-Authenticate') ?? '')?.[1]
	expect(metadataUrl).toBe(`${appUrl}/.well-known/oauth-protected-resource${resourcePath}`)
	const resource = new URL(`${appUrl}${resourcePath}`)
	const rs = await oauth.processResourceDiscoveryResponse(resource, await oauth.resourceDiscoveryRequest(resource, insecure))
	const issuer = new URL(rs.authorization_servers![0]!)
	const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...insecure, algorithm: 'oauth2' }))
	return { as, rs, resource: resource.href }
}

async function register(as: oauth.AuthorizationServer, metadata: Partial<oauth.Client> = {}) {
	const response = await oauth.dynamicClientRegistrationRequest(as, { client_name: 'Claude Desktop', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], ...metadata }, insecure)
	return oauth.processDynamicClientRegistrationResponse(response) as Promise<oauth.Client>
}

type Flow = { as: oauth.AuthorizationServer; client: oauth.Client; verifier: string; state: string; resource: string }

/** /authorize up to the consent page: answers the request id the page shows. */
async function authorize(flow: Omit<Flow, 'verifier' | 'state'>, overrides: Record<string, string> = {}) {
	const verifier = oauth.generateRandomCodeVerifier()
	const state = oauth.generateRandomState()
	const url = new URL(flow.as.authorization_endpoint!)
	const params = { client_id: flow.client.client_id, redirect_uri: REDIRECT_URI, response_type: 'code', code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state, scope: 'read posts', resource: flow.resource, ...overrides }
	for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
	const response = await fetch(url, { redirect: 'manual' })
	return { response, verifier, state, location: response.headers.get('Location') }
}

/** 'Zulassen' or 'Ablehnen' on the consent page, posted as the browser does (the route's action behind the app layout's guard). */
async function decide(user: TestUser, consentLocation: string, decision: 'allow' | 'deny') {
	const requestId = new URL(consentLocation, appUrl).searchParams.get('anfrage')!
	const page = await h.call('/oauth/zustimmung', { cookie: user.cookie, search: { anfrage: requestId } })
	expect(page.status).toBe(200)
	expect(page.text).toContain('Claude Desktop')
	const answer = await h.call('/oauth/zustimmung', { method: 'POST', cookie: user.cookie, search: { anfrage: requestId }, form: { requestId, decision } })
	expect(answer.status).toBe(302)
	return new URL(answer.location!)
}

async function codeFor(user: TestUser, flow: Omit<Flow, 'verifier' | 'state'>) {
	const started = await authorize(flow)
	expect(started.response.status).toBe(302)
	expect(started.location).toMatch(/^\/oauth\/zustimmung\?anfrage=[0-9a-f-]{36}$/)
	const callback = await decide(user, started.location!, 'allow')
	expect(callback.origin + callback.pathname).toBe(REDIRECT_URI)
	return { callback, verifier: started.verifier, state: started.state }
}

async function exchange(flow: Flow, callback: URL, options: { verifier?: string; redirectUri?: string; resource?: string } = {}) {
	const params = oauth.validateAuthResponse(flow.as, flow.client, callback, flow.state)
	const response = await oauth.authorizationCodeGrantRequest(flow.as, flow.client, oauth.None(), params, options.redirectUri ?? REDIRECT_URI, options.verifier ?? flow.verifier, { ...insecure, additionalParameters: { resource: options.resource ?? flow.resource } })
	return oauth.processAuthorizationCodeResponse(flow.as, flow.client, response)
}

async function refresh(flow: Flow, refreshToken: string) {
	const response = await oauth.refreshTokenGrantRequest(flow.as, flow.client, oauth.None(), refreshToken, insecure)
	return oauth.processRefreshTokenResponse(flow.as, flow.client, response)
}

async function mcpTool(accessToken: string) {
	const client = new Client({ name: 'vitest', version: '1.0.0' })
	await client.connect(new StreamableHTTPClientTransport(new URL(`${appUrl}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${accessToken}` } } }))
	try {
		const tools = await client.listTools()
		expect(tools.tools.length).toBeGreaterThan(0)
		return await client.callTool({ name: 'list_accounts', arguments: {} })
	} finally {
		await client.close()
	}
}

const mcpAnswer = (accessToken: string) =>
	fetch(`${appUrl}/mcp`, { method: 'POST', headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) })

/** `r` of the answer's RateLimit field (ADR 0073). */
const remainingOf = (answer: Response) => Number(/;r=(\d+)/.exec(answer.headers.get('RateLimit') ?? '')?.[1] ?? Number.NaN)

const mcpStatus = async (accessToken: string) =>
	(await fetch(`${appUrl}/mcp`, { method: 'POST', headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) })).status

const grantError = (error: unknown) => (error instanceof oauth.ResponseBodyError ? error.error : String(error))

test('discovery, registration, consent, code with PKCE, an MCP tool call, refresh with rotation, revocation', async () => {
	const { as, rs, resource } = await discover()
	expect(rs.resource).toBe(`${appUrl}/mcp`)
	expect(rs.scopes_supported).toEqual(['read', 'posts', 'generate', 'webhooks'])
	expect(as).toMatchObject({ issuer: `${appUrl}/`, code_challenge_methods_supported: ['S256'], grant_types_supported: ['authorization_code', 'refresh_token'], token_endpoint_auth_methods_supported: ['client_secret_post', 'none'] })
	expect(as.registration_endpoint).toBe(`${appUrl}/register`)
	// RFC 9728's path rule: /api/v1 and the origin have their own metadata.
	expect(await (await fetch(`${appUrl}/.well-known/oauth-protected-resource/api/v1`)).json()).toMatchObject({ resource: `${appUrl}/api/v1` })
	expect(await (await fetch(`${appUrl}/.well-known/oauth-protected-resource`)).json()).toMatchObject({ resource: appUrl })

	const client = await register(as)
	expect(client.client_secret).toBeUndefined()
	const user = await h.user()
	const { callback, verifier, state } = await codeFor(user, { as, client, resource })
	const flow: Flow = { as, client, verifier, state, resource }
	const tokens = await exchange(flow, callback)
	expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'read posts' })
	expect(tokens.access_token).toMatch(/^pw_/)

	const result = await mcpTool(tokens.access_token)
	expect(result.isError).toBeFalsy()
	// Same bookkeeping as a personal token: last use and the 'api' activity entry under the app's name.
	const entries = await t.db.selectFrom('activity_logs').select(['title', 'description']).where('user_id', '=', user.id).where('log_type', '=', 'api').execute()
	expect(entries).toContainEqual({ title: expect.stringMatching(/^MCP: \d+ Aufrufe? \(POST \/mcp\)$/), description: 'Claude Desktop' })
	const [granted] = await h.services.accounts.oauth.grants(user.id)
	expect(granted).toMatchObject({ clientName: 'Claude Desktop', scopes: ['read', 'posts'], audience: 'mcp' })
	expect(granted!.lastUsedAt).not.toBeNull()
	// Another user cannot end it (the settings' 'Zugriff entziehen' answers 404 then).
	const other = await h.user()
	expect(await h.services.accounts.oauth.revokeGrant(other.id, granted!.id)).toBeNull()
	expect(await h.services.accounts.oauth.grants(other.id)).toEqual([])
	// Not a personal token: the tokens list leaves it out.
	expect(await h.services.accounts.apiTokens.list(user.id)).toEqual([])

	// Bound to /mcp: refused at /api/v1.
	const api = await fetch(`${appUrl}/api/v1/accounts`, { headers: { Authorization: `Bearer ${tokens.access_token}` } })
	expect(api.status).toBe(401)

	const before = remainingOf(await mcpAnswer(tokens.access_token))
	const rotated = await refresh(flow, tokens.refresh_token!)
	expect(rotated.refresh_token).not.toBe(tokens.refresh_token)
	// The new access token counts on in the grant's window: a refresh does not reset the rate limit.
	const after = await mcpAnswer(rotated.access_token)
	expect(after.status).toBe(200)
	expect(remainingOf(after)).toBe(before - 1)
	expect(await mcpStatus(tokens.access_token)).toBe(401)
	// The old refresh token is spent; presenting it again revokes the whole grant (reuse detection).
	expect(grantError(await refresh(flow, tokens.refresh_token!).catch((e: unknown) => e))).toBe('invalid_grant')
	expect(await mcpStatus(rotated.access_token)).toBe(401)
	expect(grantError(await refresh(flow, rotated.refresh_token!).catch((e: unknown) => e))).toBe('invalid_grant')

	// A new consent, then /revoke with the access token: 401 after it, the refresh token dead too.
	const again = await codeFor(user, { as, client, resource })
	const second = await exchange({ ...flow, verifier: again.verifier, state: again.state }, again.callback)
	expect(await mcpStatus(second.access_token)).toBe(200)
	await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), second.access_token, insecure))
	expect(await mcpStatus(second.access_token)).toBe(401)
	expect(grantError(await refresh(flow, second.refresh_token!).catch((e: unknown) => e))).toBe('invalid_grant')
})

test('refusals: wrong verifier, redirect URI off by one character, a code used twice, another resource, an expired code', async () => {
	const { as, resource } = await discover()
	const client = await register(as)
	const user = await h.user()
	const start = async () => {
		const made = await codeFor(user, { as, client, resource })
		return { flow: { as, client, verifier: made.verifier, state: made.state, resource } satisfies Flow, callback: made.callback }
	}

	const wrongVerifier = await start()
	expect(grantError(await exchange(wrongVerifier.flow, wrongVerifier.callback, { verifier: oauth.generateRandomCodeVerifier() }).catch((e: unknown) => e))).toBe('invalid_grant')

	const wrongRedirect = await start()
	expect(grantError(await exchange(wrongRedirect.flow, wrongRedirect.callback, { redirectUri: `${REDIRECT_URI}x` }).catch((e: unknown) => e))).toBe('invalid_grant')

	const replayed = await start()
	const first = await exchange(replayed.flow, replayed.callback)
	expect(await mcpStatus(first.access_token)).toBe(200)
	expect(grantError(await exchange(replayed.flow, replayed.callback).catch((e: unknown) => e))).toBe('invalid_grant')
	// The replay revokes what the first exchange issued (RFC 6749 4.1.2).
	expect(await mcpStatus(first.access_token)).toBe(401)

	const otherResource = await start()
	expect(grantError(await exchange(otherResource.flow, otherResource.callback, { resource: `${appUrl}/api/v1` }).catch((e: unknown) => e))).toBe('invalid_target')

	const expired = await start()
	await t.db.updateTable('oauth_authorizations').set({ expires_at: sql`now() - interval '1 second'` }).where('client_id', '=', client.client_id).where('used_at', 'is', null).execute()
	expect(grantError(await exchange(expired.flow, expired.callback).catch((e: unknown) => e))).toBe('invalid_grant')
})

test('resources: a token for the origin works at /mcp and /api/v1; an unknown resource is refused at /authorize; Ablehnen answers access_denied', async () => {
	const { as } = await discover('/api/v1')
	const client = await register(as, { token_endpoint_auth_method: 'client_secret_post' })
	expect(client.client_secret).toMatch(/^pwc_/)
	const stored = await t.db.selectFrom('oauth_clients').select('client_secret_hash').where('id', '=', client.client_id).executeTakeFirstOrThrow()
	expect(stored.client_secret_hash).not.toContain(String(client.client_secret).slice(4))
	const user = await h.user()
	const made = await codeFor(user, { as, client, resource: appUrl })
	const params = oauth.validateAuthResponse(as, client, made.callback, made.state)
	const tokens = await oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, oauth.ClientSecretPost(String(client.client_secret)), params, REDIRECT_URI, made.verifier, insecure))
	expect(await mcpStatus(tokens.access_token)).toBe(200)
	expect((await fetch(`${appUrl}/api/v1/accounts`, { headers: { Authorization: `Bearer ${tokens.access_token}` } })).status).toBe(200)
	// A wrong client secret: no tokens.
	const wrong = await oauth.refreshTokenGrantRequest(as, client, oauth.ClientSecretPost('pwc_wrong'), tokens.refresh_token!, insecure)
	expect(wrong.status).toBe(400)

	const foreign = await authorize({ as, client, resource: 'https://example.org/mcp' })
	expect(new URL(foreign.location!).searchParams.get('error')).toBe('invalid_target')
	const unknownScope = await authorize({ as, client, resource: appUrl }, { scope: 'read admin' })
	expect(new URL(unknownScope.location!).searchParams.get('error')).toBe('invalid_scope')

	const denied = await authorize({ as, client, resource: appUrl })
	const back = await decide(user, denied.location!, 'deny')
	expect(back.searchParams.get('error')).toBe('access_denied')
	expect(back.searchParams.get('state')).toBe(denied.state)
})

test('registration: https or loopback redirect URIs only, a client name, limited per IP', async () => {
	const { as } = await discover()
	const refused = await oauth.dynamicClientRegistrationRequest(as, { client_name: 'Böse', redirect_uris: ['http://example.org/callback'], token_endpoint_auth_method: 'none' }, insecure)
	expect(refused.status).toBe(400)
	expect(await refused.json()).toMatchObject({ error: 'invalid_redirect_uri' })
	const https = await register(as, { client_name: 'Web-App', redirect_uris: ['https://app.example.org/oauth/callback'] })
	expect(https.client_id).toMatch(/^[0-9a-f-]{36}$/)
	await sql`update rate_limits set hits = 1000 where key like 'oauth:register:%'`.execute(t.db)
	const limited = await oauth.dynamicClientRegistrationRequest(as, { client_name: 'Noch eine', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' }, insecure)
	expect(limited.status).toBe(429)
	expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/)
	await sql`delete from rate_limits where key like 'oauth:register:%'`.execute(t.db)
})
