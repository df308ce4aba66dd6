import { expect, test } from 'vitest'
import { contentOf } from '#modules/publishing/publish-media.ts'
import { linkedinScopes } from './adapter.ts'
import { LINKEDIN_CALLBACK, startLinkedinSandbox } from './testing.ts'

const redirectUri = `${LINKEDIN_CALLBACK}?x=1`

/** Submits the consent form the way the browser does (its hidden fields, the ticked box unless null, the clicked button). */
async function consent(authorizeUrl: URL, fields: Record<string, string | null>) {
	const chosen = Object.entries({ organizations: 'allow', ...fields }).filter((entry): entry is [string, string] => entry[1] !== null)
	const body = new URLSearchParams({ ...Object.fromEntries(authorizeUrl.searchParams), ...Object.fromEntries(chosen) })
	const response = await fetch(new URL('authorization', authorizeUrl), { method: 'POST', body, redirect: 'manual' })
	expect(response.status).toBe(302)
	return new URL(response.headers.get('location')!)
}

test('connect: consent page, code exchange, then the profile and the administered organization as pages', async () => {
	await using li = await startLinkedinSandbox()
	const adapter = li.adapter()
	const url = new URL(adapter.authorizationUrl({ state: 'st-1', codeVerifier: 'unused', redirectUri }))
	expect(`${url.origin}${url.pathname}`).toBe(`${li.base}/linkedin/oauth/v2/authorization`)
	expect(Object.fromEntries(url.searchParams)).toEqual({
		response_type: 'code',
		client_id: 'sbx-client',
		redirect_uri: redirectUri,
		state: 'st-1',
		scope: linkedinScopes.join(' '),
	})
	expect(url.search).toContain('scope=openid%20profile%20w_member_social%20w_organization_social')

	const page = await (await fetch(url)).text()
	expect(page).toContain('LinkedIn (Testmodus): Postwerk möchte in Ihrem Namen posten')
	expect(page).toContain('<form method="post" action="authorization">')
	expect(page).toContain('<input type="hidden" name="state" value="st-1">')
	expect(page).toContain('>Zulassen</button>')
	expect(page).toContain('>Abbrechen</button>')

	const callback = await consent(url, { member: 'Erika Beispiel', decision: 'allow' })
	expect(`${callback.origin}${callback.pathname}`).toBe('http://app.test/api/social/linkedin/callback')
	expect(callback.searchParams.get('x')).toBe('1')
	expect(callback.searchParams.get('state')).toBe('st-1')
	const code = callback.searchParams.get('code')!

	const before = Date.now()
	const account = await adapter.exchangeCode({ code, codeVerifier: 'unused', redirectUri })
	expect(account.accountName).toBe('Erika Beispiel')
	expect(account.token.refreshToken).toBeNull()
	expect(account.token.scopes).toEqual(linkedinScopes)
	expect(account.token.expiresAt!.getTime() - before).toBeGreaterThanOrEqual(60 * 24 * 3600 * 1000 - 1000)
	expect(account.pages).toEqual([
		{ pageId: `urn:li:person:${account.accountId}`, name: 'Erika Beispiel', type: 'personal', pictureUrl: null, followerCount: null, accessToken: null },
		{ pageId: 'urn:li:organization:4711', name: 'Muster AG', type: 'business', pictureUrl: null, followerCount: 1234, accessToken: null },
	])
	expect(await adapter.listPages({ accountId: account.accountId, accessToken: account.token.accessToken })).toEqual(account.pages)

	// Codes are single-use.
	await expect(adapter.exchangeCode({ code, codeVerifier: 'unused', redirectUri })).rejects.toMatchObject({ kind: 'invalid_request', code: 'invalid_grant' })
})

test('connect: a code only works with its redirect URI, and cancelling sends the error back with the state', async () => {
	await using li = await startLinkedinSandbox()
	const adapter = li.adapter()
	const url = new URL(adapter.authorizationUrl({ state: 'st-2', codeVerifier: '', redirectUri }))
	const code = (await consent(url, { decision: 'allow' })).searchParams.get('code')!
	await expect(adapter.exchangeCode({ code, codeVerifier: '', redirectUri: 'http://evil.test/cb' })).rejects.toMatchObject({ code: 'invalid_grant' })

	const cancelled = await consent(url, { decision: 'cancel' })
	expect(cancelled.searchParams.get('error')).toBe('user_cancelled_authorize')
	expect(cancelled.searchParams.get('state')).toBe('st-2')
	expect(cancelled.searchParams.has('code')).toBe(false)

	const missing = await fetch(`${li.base}/linkedin/oauth/v2/authorization?response_type=code&client_id=x`)
	expect(missing.status).toBe(400)
	expect(await missing.text()).toContain('redirect_uri')

	// Only back to the app's callback: another host or path is refused on the page and on 'Zulassen'.
	for (const foreign of ['http://evil.test/api/social/linkedin/callback', 'http://app.test/elsewhere', `${LINKEDIN_CALLBACK}#x`]) {
		const page = await fetch(`${li.base}/linkedin/oauth/v2/authorization?${new URLSearchParams({ response_type: 'code', client_id: 'x', redirect_uri: foreign })}`)
		expect(page.status).toBe(400)
		const post = await fetch(`${li.base}/linkedin/oauth/v2/authorization`, { method: 'POST', body: new URLSearchParams({ response_type: 'code', client_id: 'x', redirect_uri: foreign, decision: 'allow' }), redirect: 'manual' })
		expect([post.status, post.headers.get('location')]).toEqual([400, null])
	}
})

test('refresh: without a refresh token, and when LinkedIn refuses one, the member has to reconnect', async () => {
	await using li = await startLinkedinSandbox()
	const adapter = li.adapter()
	const token = { accessToken: li.token, refreshToken: null, expiresAt: null, scopes: [] }
	await expect(adapter.refreshToken(token)).rejects.toMatchObject({ kind: 'auth_expired', code: 'reconnect_required' })
	await expect(adapter.refreshToken({ ...token, refreshToken: 'li_rt_1' })).rejects.toMatchObject({ kind: 'auth_expired', code: 'reconnect_required' })
	const request = li.router.requests.find((r) => r.route === 'POST /oauth/v2/accessToken')!
	expect(Object.fromEntries(request.form)).toEqual({
		refresh_token: 'li_rt_1',
		grant_type: 'refresh_token',
		client_id: 'sbx-client',
		client_secret: 'sbx-secret',
	})
})

test('the token endpoint wants client credentials', async () => {
	await using li = await startLinkedinSandbox()
	const response = await fetch(`${li.base}/linkedin/oauth/v2/accessToken`, {
		method: 'POST',
		body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x', redirect_uri: redirectUri, client_id: 'sbx-client' }),
	})
	expect(response.status).toBe(400)
	expect(await response.json()).toMatchObject({ error: 'invalid_request' })
})

test('connect without the organization scopes: the profile only, and LinkedIn refuses the organization', async () => {
	await using li = await startLinkedinSandbox()
	const adapter = li.adapter()
	const url = new URL(adapter.authorizationUrl({ state: 'st-3', codeVerifier: '', redirectUri }))
	expect(await (await fetch(url)).text()).toContain('<input type="checkbox" name="organizations" value="allow" checked>')
	const code = (await consent(url, { member: 'Erika Beispiel', organizations: null, decision: 'allow' })).searchParams.get('code')!
	const account = await adapter.exchangeCode({ code, codeVerifier: '', redirectUri })
	expect(account.token.scopes).toEqual(['openid', 'profile', 'w_member_social'])
	const personal = { pageId: `urn:li:person:${account.accountId}`, name: 'Erika Beispiel', type: 'personal', pictureUrl: null, followerCount: null, accessToken: null }
	expect(account.pages).toEqual([personal])
	// The organization list is not even asked for; without the scopes at hand the 403 of the finder says the same.
	expect(li.router.count('GET /rest/organizationAcls')).toBe(0)
	expect(await adapter.listPages({ accountId: account.accountId, accessToken: account.token.accessToken })).toEqual([personal])
	expect(li.router.count('GET /rest/organizationAcls')).toBe(1)
	const asOrganization = { accountId: account.accountId, pageId: 'urn:li:organization:4711', accessToken: account.token.accessToken }
	await expect(adapter.publish(asOrganization, contentOf('Als Firma'), { checkpoint: async () => {} })).rejects.toMatchObject({ kind: 'permission_missing' })
	expect(li.store.posts).toEqual([])
})
