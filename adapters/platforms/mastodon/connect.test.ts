import { createHash, randomBytes } from 'node:crypto'
import { expect, test } from 'vitest'
import { connect, consent, mastodonSandbox } from './testing.ts'

const SCOPES = 'read:accounts read:statuses write:statuses write:media'

async function registered(sandbox: Awaited<ReturnType<typeof mastodonSandbox>>, host = 'mastodon.example') {
	const url = await sandbox.adapter.resolveServer!(host)
	return { url, ...(await sandbox.adapter.registerClient!({ server: url, redirectUri: sandbox.redirectUri })) }
}

test('registerClient: POST /api/v1/apps as Postwerk with the redirect URI, the four scopes and the website', async () => {
	await using sandbox = await mastodonSandbox()
	const server = await registered(sandbox)
	expect(server.clientId).toBeTruthy()
	expect(server.clientSecret).toBeTruthy()
	const apps = sandbox.router.requests.find((r) => r.route === 'POST /host/:host/api/v1/apps')!
	expect(apps.path).toBe('/host/mastodon.example/api/v1/apps')
	expect(apps.json).toEqual({ client_name: 'Postwerk', redirect_uris: [sandbox.redirectUri], scopes: SCOPES, website: sandbox.base })

	sandbox.router.script('POST /host/:host/api/v1/apps', [{ status: 422, body: { error: 'Validation failed: Redirect URI must be an absolute URI.' } }])
	await expect(sandbox.adapter.registerClient!({ server: server.url, redirectUri: sandbox.redirectUri })).rejects.toMatchObject({ kind: 'invalid_request', code: 'registration_failed' })
	await expect(sandbox.adapter.registerClient!({ server: 'https://10.0.0.5', redirectUri: sandbox.redirectUri })).rejects.toMatchObject({ code: 'server_blocked' })
})

test('the consent page of the instance (German, test mode) with PKCE S256; the exchange reads account and limits', async () => {
	await using sandbox = await mastodonSandbox()
	const server = await registered(sandbox)
	const codeVerifier = randomBytes(32).toString('base64url')
	const url = new URL(sandbox.adapter.authorizationUrl({ state: 'st4te', codeVerifier, redirectUri: sandbox.redirectUri, server }))
	expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.base}/mastodon/host/mastodon.example/oauth/authorize`)
	expect(Object.fromEntries(url.searchParams)).toEqual({
		response_type: 'code',
		client_id: server.clientId,
		redirect_uri: sandbox.redirectUri,
		scope: SCOPES,
		state: 'st4te',
		code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
		code_challenge_method: 'S256',
		lang: 'de',
	})

	const { page, html, location } = await consent(url.toString(), 'allow')
	expect(page.status).toBe(200)
	expect(html).toContain('Mastodon (Testmodus) auf mastodon.example: Postwerk möchte in Ihrem Namen posten')
	expect(html).toContain('>Zulassen</button>')
	expect(html).toContain('>Abbrechen</button>')
	expect(`${location!.origin}${location!.pathname}`).toBe(sandbox.redirectUri)

	// A wrong verifier is refused (and uses the code up).
	const code = location!.searchParams.get('code')!
	await expect(sandbox.adapter.exchangeCode({ code, codeVerifier: 'falsch', redirectUri: sandbox.redirectUri, server })).rejects.toMatchObject({ kind: 'invalid_request', code: 'invalid_grant' })

	const account = await connect(sandbox)
	expect(account).toEqual({
		accountId: '4711@mastodon.example',
		accountName: '@testperson@mastodon.example',
		token: { accessToken: expect.any(String), refreshToken: null, expiresAt: null, scopes: SCOPES.split(' '), server: 'https://mastodon.example' },
		pages: [{ pageId: '4711@mastodon.example', name: 'Testperson (Testmodus)', type: 'personal', pictureUrl: expect.stringContaining('/avatars/'), followerCount: 42, accessToken: null }],
		limits: { textLimit: 500, urlLength: 23, maxImages: 4, imageMaxBytes: 16 * 1024 * 1024, imageFormats: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] },
	})
	const token = sandbox.router.requests.filter((r) => r.route === 'POST /host/:host/oauth/token').at(-1)!
	expect(token.form.get('grant_type')).toBe('authorization_code')
	expect(token.form.get('code_verifier')).toBeTruthy()
	expect(token.headers.authorization).toBeUndefined()
})

test("each instance has its own limits: 'lang.example' allows 1000 characters; accounts differ by host", async () => {
	await using sandbox = await mastodonSandbox()
	const long = await connect(sandbox, 'https://lang.example/')
	expect(long.limits?.textLimit).toBe(1000)
	expect(long.accountId).toBe('4711@lang.example')
	// A token of one instance means nothing on another.
	const other = await sandbox.adapter.listPages({ accountId: long.accountId, accessToken: long.token.accessToken, server: 'https://mastodon.example' }).catch((e: unknown) => e)
	expect(other).toMatchObject({ kind: 'auth_expired' })
})

test("'Abbrechen' returns access_denied with the state; the page refuses foreign redirects and unknown apps", async () => {
	await using sandbox = await mastodonSandbox()
	const server = await registered(sandbox)
	const url = sandbox.adapter.authorizationUrl({ state: 'xyz', codeVerifier: 'v', redirectUri: sandbox.redirectUri, server })
	const denied = await consent(url, 'deny')
	expect(denied.status).toBe(302)
	expect(denied.location?.searchParams.get('error')).toBe('access_denied')
	expect(denied.location?.searchParams.get('state')).toBe('xyz')
	expect(denied.location?.searchParams.has('code')).toBe(false)

	for (const [redirectUri, clientId] of [
		['https://evil.example/callback', server.clientId],
		[sandbox.redirectUri, 'unbekannt'],
	]) {
		const response = await fetch(sandbox.adapter.authorizationUrl({ state: 's', codeVerifier: 'v', redirectUri: redirectUri!, server: { ...server, clientId: clientId! } }))
		expect(response.status).toBe(400)
	}
	// An app registered on one instance is unknown on another.
	const elsewhere = await fetch(sandbox.adapter.authorizationUrl({ state: 's', codeVerifier: 'v', redirectUri: sandbox.redirectUri, server: { ...server, url: 'https://anderswo.example' } }))
	expect(await elsewhere.text()).toContain('Unbekannte Anwendung')
})

test('a token answer without all scopes is permission_missing; refresh keeps the token until the instance revokes it', async () => {
	await using sandbox = await mastodonSandbox()
	const account = await connect(sandbox)
	expect(await sandbox.adapter.refreshToken(account.token)).toEqual(account.token)
	sandbox.store.revoke(account.token.accessToken)
	await expect(sandbox.adapter.refreshToken(account.token)).rejects.toMatchObject({ kind: 'auth_expired', code: 'token_revoked' })

	sandbox.router.script('POST /host/:host/oauth/token', [{ status: 200, body: { access_token: 'x', token_type: 'Bearer', scope: 'read:accounts read:statuses', created_at: 1 } }])
	await expect(connect(sandbox)).rejects.toMatchObject({ kind: 'permission_missing', code: 'permission_missing' })
})
