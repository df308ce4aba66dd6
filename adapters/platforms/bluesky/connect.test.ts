import { expect, test } from 'vitest'
import { BLUESKY_SANDBOX } from './sandbox.ts'
import { APP_PASSWORD, blueskySandbox, connect, didOf, xrpcRoute } from './testing.ts'

const HOUR_MS = 3600 * 1000
const CREATE_SESSION = xrpcRoute('POST', 'com.atproto.server.createSession')

test('signing in: the handle normalised and resolved, the DID document names the PDS, createSession there with the DID', async () => {
	await using sandbox = await blueskySandbox()
	const account = await sandbox.adapter.signIn!({ identifier: ' @Acme ', password: APP_PASSWORD })
	const did = await didOf(sandbox, 'acme.bsky.social')

	expect(did).toMatch(/^did:plc:[a-z2-7]{24}$/)
	expect(account).toMatchObject({
		accountId: did,
		accountName: 'acme.bsky.social',
		token: { refreshToken: expect.any(String), scopes: [], server: 'https://pds.sandbox.bsky.example' },
		pages: [{ pageId: did, name: 'Acme (Testmodus)', type: 'personal', pictureUrl: null, followerCount: expect.any(Number), accessToken: null }],
	})
	expect(account.token.accessToken.split('.')).toHaveLength(3)
	expect(account.token.expiresAt!.getTime() - Date.now()).toBeGreaterThan(1.9 * HOUR_MS)
	expect(account.token.expiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(2 * HOUR_MS)

	const paths = sandbox.router.requests.map((r) => `${r.method} ${r.path}`)
	expect(paths.slice(0, 3)).toEqual([
		'GET /host/acme.bsky.social/.well-known/atproto-did',
		`GET /host/plc.directory/${did}`,
		'POST /host/pds.sandbox.bsky.example/xrpc/com.atproto.server.createSession',
	])
	expect(sandbox.router.requests.find((r) => r.route === CREATE_SESSION)!.json).toEqual({ identifier: did, password: APP_PASSWORD })
})

test('a wrong app password is invalid_credentials; an account that wants an e-mail code is two_factor_required', async () => {
	await using sandbox = await blueskySandbox()
	await expect(sandbox.adapter.signIn!({ identifier: 'acme.bsky.social', password: BLUESKY_SANDBOX.wrongAppPassword })).rejects.toMatchObject({ kind: 'invalid_request', code: 'invalid_credentials', status: 401 })
	await expect(sandbox.adapter.signIn!({ identifier: 'acme.bsky.social', password: BLUESKY_SANDBOX.twoFactorAppPassword })).rejects.toMatchObject({ kind: 'invalid_request', code: 'two_factor_required' })
})

test('the main password is refused before any request', async () => {
	await using sandbox = await blueskySandbox()
	for (const password of ['MeinHauptpasswort!2024', 'abcd-efgh-ijkl', 'ABCD-EFGH-IJKL-MNOP', '']) {
		await expect(sandbox.adapter.signIn!({ identifier: 'acme.bsky.social', password })).rejects.toMatchObject({ kind: 'invalid_request', code: 'app_password_format' })
	}
	expect(sandbox.router.requests).toHaveLength(0)
})

test('a handle that does not resolve is handle_not_found (the entryway is asked after the well-known file)', async () => {
	await using sandbox = await blueskySandbox()
	await expect(sandbox.adapter.signIn!({ identifier: 'x.invalid', password: APP_PASSWORD })).rejects.toMatchObject({ kind: 'invalid_request', code: 'handle_not_found' })
	expect(sandbox.router.requests.map((r) => r.path)).toEqual(['/host/bsky.social/xrpc/com.atproto.identity.resolveHandle'])
	expect(sandbox.router.count(CREATE_SESSION)).toBe(0)
})

test('a handle that is no handle, or on a private or internal address, is refused with nothing sent', async () => {
	await using sandbox = await blueskySandbox()
	for (const identifier of ['127.0.0.1', '[::1]', 'user@example.com', 'a..b', '']) {
		await expect(sandbox.adapter.signIn!({ identifier, password: APP_PASSWORD })).rejects.toMatchObject({ kind: 'invalid_request', code: 'handle_invalid' })
	}
	for (const identifier of ['drucker.local', 'db.internal', 'nas.localhost']) {
		await expect(sandbox.adapter.signIn!({ identifier, password: APP_PASSWORD })).rejects.toMatchObject({ kind: 'invalid_request', code: 'server_blocked' })
	}
	expect(sandbox.router.requests).toHaveLength(0)
})

test('a DID document whose PDS is not https is refused as server_blocked before createSession', async () => {
	await using sandbox = await blueskySandbox()
	const did = await didOf(sandbox, 'acme.bsky.social')
	sandbox.router.script('GET /host/plc.directory/:did', [
		{ status: 200, body: { id: did, service: [{ id: '#atproto_pds', type: 'AtprotoPersonalDataServer', serviceEndpoint: 'http://10.0.0.5:2583' }] } },
	])
	await expect(connect(sandbox)).rejects.toMatchObject({ kind: 'invalid_request', code: 'server_blocked' })
	expect(sandbox.router.count(CREATE_SESSION)).toBe(0)
})

test('there is no OAuth consent: authorizationUrl and exchangeCode are connect_kind', async () => {
	await using sandbox = await blueskySandbox()
	expect(() => sandbox.adapter.authorizationUrl({ state: 's', codeVerifier: 'v', redirectUri: 'https://app.example/cb' })).toThrow(expect.objectContaining({ code: 'connect_kind' }))
	await expect(sandbox.adapter.exchangeCode({ code: 'c', codeVerifier: 'v', redirectUri: 'https://app.example/cb' })).rejects.toMatchObject({ kind: 'invalid_request', code: 'connect_kind' })
})

test('refresh: a new pair on the same PDS; a refresh token works once; an expired one needs signing in again', async () => {
	await using sandbox = await blueskySandbox()
	const account = await connect(sandbox)
	const fresh = await sandbox.adapter.refreshToken(account.token)
	expect(fresh).toMatchObject({ server: account.token.server, scopes: [] })
	expect(fresh.accessToken).not.toBe(account.token.accessToken)
	expect(fresh.refreshToken).not.toBe(account.token.refreshToken)
	const refresh = sandbox.router.requests.at(-1)!
	expect(refresh.path).toBe('/host/pds.sandbox.bsky.example/xrpc/com.atproto.server.refreshSession')
	expect(refresh.headers.authorization).toBe(`Bearer ${account.token.refreshToken}`)

	await expect(sandbox.adapter.refreshToken(account.token)).rejects.toMatchObject({ kind: 'auth_expired', code: 'reconnect_required' })
	const expired = `${account.token.refreshToken!.split('.')[0]}.${Buffer.from(JSON.stringify({ exp: 1 })).toString('base64url')}.bm9wZQ`
	await expect(sandbox.adapter.refreshToken({ ...fresh, refreshToken: expired })).rejects.toMatchObject({ kind: 'auth_expired', code: 'reconnect_required', status: 400 })
	expect(await sandbox.adapter.listPages({ accountId: account.accountId, accessToken: fresh.accessToken })).toEqual(account.pages)
})
