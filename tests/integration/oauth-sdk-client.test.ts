// OAuth 2.1 as the MCP SDK's own client does it (issue 40 "what it must show", ADR 0071): a
// StreamableHTTPClientTransport with an OAuthClientProvider meets the bare 401 at /mcp, discovers the
// resource and authorization server metadata, registers dynamically and sends the user to /authorize;
// the consent is completed as the browser posts it; finishAuth(code) buys the tokens; listTools and a
// tool call work; an expired access token is refreshed by the SDK on its own, and auth() refreshes too.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { auth, UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { startOAuthServer, type OAuthServer } from '#tests/support/oauth-server.ts'
import type { Harness, TestUser } from '#tests/security/support/harness.ts'

vi.mock('lucide-react', async () => (await import('#tests/security/support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('#tests/security/support/harness.ts')).uiStub())

const REDIRECT_URI = 'http://127.0.0.1:53683/callback'

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

/** An in-memory provider, as a desktop MCP client keeps it: what the SDK saves, it reads back unchanged. */
class MemoryProvider implements OAuthClientProvider {
	client: OAuthClientInformationMixed | undefined
	saved: OAuthTokens | undefined
	verifier = ''
	authorizationUrl: URL | undefined

	get redirectUrl() {
		return REDIRECT_URI
	}
	get clientMetadata(): OAuthClientMetadata {
		return { client_name: 'SDK-Client', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] }
	}
	state() {
		return 'sdk-zustand'
	}
	clientInformation() {
		return this.client
	}
	saveClientInformation(information: OAuthClientInformationMixed) {
		this.client = information
	}
	tokens() {
		return this.saved
	}
	saveTokens(tokens: OAuthTokens) {
		this.saved = tokens
	}
	redirectToAuthorization(url: URL) {
		this.authorizationUrl = url
	}
	saveCodeVerifier(verifier: string) {
		this.verifier = verifier
	}
	codeVerifier() {
		return this.verifier
	}
}

/** The browser's part: /authorize leads to the consent page, 'Zulassen' answers the loopback callback with the code. */
async function consent(user: TestUser, authorizationUrl: URL) {
	const started = await fetch(authorizationUrl, { redirect: 'manual' })
	expect(started.status).toBe(302)
	const location = started.headers.get('Location')!
	expect(location).toMatch(/^\/oauth\/zustimmung\?anfrage=[0-9a-f-]{36}$/)
	const requestId = new URL(location, appUrl).searchParams.get('anfrage')!
	const page = await h.call('/oauth/zustimmung', { cookie: user.cookie, search: { anfrage: requestId } })
	expect(page.status).toBe(200)
	expect(page.text).toContain('SDK-Client')
	const answer = await h.call('/oauth/zustimmung', { method: 'POST', cookie: user.cookie, search: { anfrage: requestId }, form: { requestId, decision: 'allow' } })
	expect(answer.status).toBe(302)
	const callback = new URL(answer.location!)
	expect(callback.origin + callback.pathname).toBe(REDIRECT_URI)
	expect(callback.searchParams.get('state')).toBe('sdk-zustand')
	return callback.searchParams.get('code')!
}

const transportFor = (provider: OAuthClientProvider) => new StreamableHTTPClientTransport(new URL(`${appUrl}/mcp`), { authProvider: provider })

async function connected(provider: OAuthClientProvider) {
	const client = new Client({ name: 'sdk-oauth-test', version: '1.0.0' })
	await client.connect(transportFor(provider))
	return client
}

const mcpStatus = async (accessToken: string) =>
	(await fetch(`${appUrl}/mcp`, { method: 'POST', headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) })).status

test('the SDK client: bare 401, discovery, registration, consent, finishAuth, tools, refresh on expiry and by auth()', async () => {
	const user = await h.user()
	const provider = new MemoryProvider()

	// No token yet: the transport meets the 401, discovers, registers and hands over the /authorize address.
	const first = transportFor(provider)
	await expect(new Client({ name: 'sdk-oauth-test', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError)
	expect(provider.client?.client_id).toMatch(/^[0-9a-f-]{36}$/)
	const registered = await t.db.selectFrom('oauth_clients').select(['client_name', 'redirect_uris', 'token_endpoint_auth_method']).where('id', '=', provider.client!.client_id).executeTakeFirstOrThrow()
	expect(registered).toEqual({ client_name: 'SDK-Client', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' })
	const authorizationUrl = provider.authorizationUrl!
	expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${appUrl}/authorize`)
	expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256')
	expect(authorizationUrl.searchParams.get('resource')).toBe(`${appUrl}/mcp`)

	await first.finishAuth(await consent(user, authorizationUrl))
	await first.close()
	// The SDK's token schema spells the type 'Bearer' whatever the server sent ('bearer').
	expect(provider.saved).toMatchObject({ token_type: 'Bearer', expires_in: 3600 })
	expect(provider.saved!.access_token).toMatch(/^pw_/)
	const [granted] = await h.services.accounts.oauth.grants(user.id)
	expect(granted).toMatchObject({ clientName: 'SDK-Client', audience: 'mcp' })

	const client = await connected(provider)
	try {
		const names = (await client.listTools()).tools.map((tool) => tool.name)
		expect(names).toEqual(expect.arrayContaining(['create_post', 'get_post', 'validate_post', 'list_accounts']))
		const accounts = await client.callTool({ name: 'list_accounts', arguments: {} })
		expect(accounts.isError).toBeFalsy()
	} finally {
		await client.close()
	}

	// The access token expires: the next request's 401 makes the SDK refresh (rotation) and retry on its own.
	const beforeExpiry = provider.saved!
	await sql`update api_tokens set expires_at = now() - interval '1 second' where grant_id = ${granted!.id}`.execute(t.db)
	expect(await mcpStatus(beforeExpiry.access_token)).toBe(401)
	const again = await connected(provider)
	try {
		expect((await again.listTools()).tools.length).toBeGreaterThan(0)
	} finally {
		await again.close()
	}
	expect(provider.saved!.access_token).not.toBe(beforeExpiry.access_token)
	expect(provider.saved!.refresh_token).not.toBe(beforeExpiry.refresh_token)

	// auth() with stored tokens refreshes directly; the old access token ends, the new one works.
	const beforeAuth = provider.saved!
	expect(await auth(provider, { serverUrl: `${appUrl}/mcp` })).toBe('AUTHORIZED')
	expect(provider.saved!.refresh_token).not.toBe(beforeAuth.refresh_token)
	expect(await mcpStatus(beforeAuth.access_token)).toBe(401)
	expect(await mcpStatus(provider.saved!.access_token)).toBe(200)
	expect(await h.services.accounts.oauth.grants(user.id)).toHaveLength(1)
})
