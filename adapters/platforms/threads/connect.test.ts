import { expect, test } from 'vitest'
import { THREADS_LONG_TOKEN_TTL_S } from './sandbox.ts'
import { connect, consent, threadsSandbox } from './testing.ts'

const DAY_MS = 24 * 3600 * 1000

test('connecting: German consent page in test mode, code, 60-day token, the Threads profile as the one page', async () => {
	await using sandbox = await threadsSandbox()
	const redirectUri = `${sandbox.base}/connect/threads/callback`
	const url = new URL(sandbox.adapter.authorizationUrl({ state: 'st4te', codeVerifier: 'unused', redirectUri }))
	expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.base}/threads/oauth/authorize`)
	expect(Object.fromEntries(url.searchParams)).toEqual({
		client_id: 'sandbox-client',
		redirect_uri: redirectUri,
		scope: 'threads_basic,threads_content_publish,threads_manage_insights,threads_read_replies,threads_manage_replies',
		response_type: 'code',
		state: 'st4te',
	})

	const { page, html } = await consent(url.toString(), 'allow')
	expect(page.status).toBe(200)
	expect(html).toContain('Threads (Testmodus): Postwerk möchte in Ihrem Namen posten')
	expect(html).toContain('>Zulassen</button>')
	expect(html).toContain('>Abbrechen</button>')

	const account = await connect(sandbox)
	expect(account).toMatchObject({
		accountId: '9001',
		accountName: 'acme',
		token: { refreshToken: null, scopes: ['threads_basic', 'threads_content_publish', 'threads_manage_insights', 'threads_read_replies', 'threads_manage_replies'] },
		pages: [{ pageId: '9001', name: 'acme', type: 'personal', followerCount: 321, accessToken: null }],
	})
	expect(sandbox.store.verifyToken(account.token.accessToken)?.kind).toBe('long')
	expect(account.token.expiresAt!.getTime() - Date.now()).toBeGreaterThan(59 * DAY_MS)

	const [exchange] = sandbox.router.requests.filter((r) => r.route === 'GET /access_token')
	expect(exchange?.query.get('grant_type')).toBe('th_exchange_token')
	expect(exchange?.query.get('client_secret')).toBe('sandbox-secret')
	const [code] = sandbox.router.requests.filter((r) => r.route === 'POST /oauth/access_token')
	expect(Object.fromEntries(code!.form)).toMatchObject({ client_id: 'sandbox-client', grant_type: 'authorization_code', redirect_uri: redirectUri })
})

test("'Abbrechen' returns access_denied with the state; a code works once", async () => {
	await using sandbox = await threadsSandbox()
	const redirectUri = `${sandbox.base}/connect/threads/callback`
	const url = sandbox.adapter.authorizationUrl({ state: 'xyz', codeVerifier: 'unused', redirectUri })

	const denied = await consent(url, 'deny')
	expect(denied.status).toBe(302)
	expect(denied.location?.searchParams.get('error')).toBe('access_denied')
	expect(denied.location?.searchParams.get('state')).toBe('xyz')
	expect(denied.location?.searchParams.has('code')).toBe(false)

	const allowed = await consent(url, 'allow')
	const code = allowed.location!.searchParams.get('code')!
	await sandbox.adapter.exchangeCode({ code, codeVerifier: 'unused', redirectUri })
	await expect(sandbox.adapter.exchangeCode({ code, codeVerifier: 'unused', redirectUri })).rejects.toMatchObject({ kind: 'invalid_request' })
})

test('the consent page only sends the browser back to its own host', async () => {
	await using sandbox = await threadsSandbox()
	for (const redirectUri of ['https://evil.example/callback', 'javascript:alert(1)']) {
		const response = await fetch(sandbox.adapter.authorizationUrl({ state: 's', codeVerifier: 'unused', redirectUri }))
		expect(response.status).toBe(400)
		expect(await response.text()).toContain('Ungültige redirect_uri')
	}
})

test('refresh: a token younger than 24 h is refused clearly, an older one is renewed, an expired one needs a reconnect', async () => {
	await using sandbox = await threadsSandbox()
	const account = await connect(sandbox)
	await expect(sandbox.adapter.refreshToken(account.token)).rejects.toMatchObject({ kind: 'invalid_request', code: 'refresh_too_early' })

	const dayOld = sandbox.store.issueToken({ platform: 'threads', subject: '9001', kind: 'long' }, THREADS_LONG_TOKEN_TTL_S - 25 * 3600)
	const fresh = await sandbox.adapter.refreshToken({ ...account.token, accessToken: dayOld })
	expect(fresh.accessToken).not.toBe(dayOld)
	expect(fresh).toMatchObject({ refreshToken: null, scopes: account.token.scopes })
	expect(fresh.expiresAt!.getTime() - Date.now()).toBeGreaterThan(59 * DAY_MS)
	expect(sandbox.router.requests.at(-1)?.query.get('grant_type')).toBe('th_refresh_token')

	const expired = sandbox.store.issueToken({ platform: 'threads', subject: '9001', kind: 'long' }, -60)
	await expect(sandbox.adapter.refreshToken({ ...account.token, accessToken: expired })).rejects.toMatchObject({ kind: 'auth_expired', code: 'reconnect_required' })
})
