import { createHash, randomBytes } from 'node:crypto'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import { expect, test } from 'vitest'
import { encodeIdentityCookie, startFakeGoogle, type FakeGoogle } from './google-oidc.ts'

const clientId = 'test-client.apps.googleusercontent.com'
const clientSecret = 'test-secret'
const redirectUri = 'http://127.0.0.1:3100/auth/google/callback'

function pkce() {
	const verifier = randomBytes(32).toString('base64url')
	return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

function authorizeUrl(google: FakeGoogle, overrides: Record<string, string> = {}) {
	const url = new URL(google.authorizationEndpoint)
	const params = {
		client_id: clientId,
		redirect_uri: redirectUri,
		response_type: 'code',
		scope: 'openid email profile',
		state: 'state-123',
		code_challenge: pkce().challenge,
		code_challenge_method: 'S256',
		...overrides,
	}
	for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
	return url
}

async function authorize(google: FakeGoogle, overrides: Record<string, string> = {}, headers: Record<string, string> = {}) {
	const response = await fetch(authorizeUrl(google, overrides), { redirect: 'manual', headers })
	expect(response.status).toBe(302)
	const location = new URL(response.headers.get('location')!)
	return { location, code: location.searchParams.get('code')! }
}

function exchange(google: FakeGoogle, fields: Record<string, string>, auth: 'basic' | 'body' = 'basic') {
	const body = new URLSearchParams({ grant_type: 'authorization_code', redirect_uri: redirectUri, ...fields })
	const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
	if (auth === 'basic') headers.authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`
	else {
		body.set('client_id', clientId)
		body.set('client_secret', clientSecret)
	}
	return fetch(google.tokenEndpoint, { method: 'POST', headers, body })
}

test('the code flow with PKCE returns an RS256 id_token for the chosen identity', async () => {
	await using google = await startFakeGoogle({ clientId, clientSecret })
	google.setIdentity({ sub: '42', email: 'lena@example.ch', email_verified: true, name: 'Lena Muster' })
	const { verifier, challenge } = pkce()

	const { location, code } = await authorize(google, { code_challenge: challenge, nonce: 'n-1' })
	expect(`${location.origin}${location.pathname}`).toBe(redirectUri)
	expect(location.searchParams.get('state')).toBe('state-123')

	const response = await exchange(google, { code, code_verifier: verifier })
	expect(response.status).toBe(200)
	const tokens = (await response.json()) as Record<string, unknown>
	expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number), access_token: expect.any(String) })

	const { payload, protectedHeader } = await jwtVerify(String(tokens.id_token), createRemoteJWKSet(new URL(google.jwksUri)), {
		issuer: google.issuer,
		audience: clientId,
	})
	expect(protectedHeader.alg).toBe('RS256')
	expect(payload).toMatchObject({ sub: '42', email: 'lena@example.ch', email_verified: true, name: 'Lena Muster', nonce: 'n-1' })
	expect(payload.exp! - payload.iat!).toBeGreaterThan(0)
})

test('client credentials in the form body work too, and the identity can be set over HTTP', async () => {
	await using google = await startFakeGoogle({ clientId, clientSecret })
	const set = await fetch(`${google.url}/__test/identity`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ sub: '7', email: 'paul@example.ch', email_verified: false, name: 'Paul' }),
	})
	expect(set.status).toBe(200)
	const { verifier, challenge } = pkce()
	const { code } = await authorize(google, { code_challenge: challenge })

	const response = await exchange(google, { code, code_verifier: verifier }, 'body')
	expect(response.status).toBe(200)
	const { id_token } = (await response.json()) as { id_token: string }
	const claims = JSON.parse(Buffer.from(id_token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>
	expect(claims).toMatchObject({ sub: '7', email: 'paul@example.ch', email_verified: false })
})

test('an identity cookie on the browser wins over the global identity', async () => {
	await using google = await startFakeGoogle({ clientId, clientSecret })
	const cookie = encodeIdentityCookie({ sub: '9', email: 'cookie@example.ch', email_verified: true, name: 'Cookie' })
	const { verifier, challenge } = pkce()
	const { code } = await authorize(google, { code_challenge: challenge }, { cookie: `other=1; fake_google_identity=${cookie}` })

	const { id_token } = (await (await exchange(google, { code, code_verifier: verifier })).json()) as { id_token: string }
	expect(JSON.parse(Buffer.from(id_token.split('.')[1]!, 'base64url').toString('utf8'))).toMatchObject({ sub: '9' })
})

test('a wrong PKCE verifier is rejected', async () => {
	await using google = await startFakeGoogle({ clientId, clientSecret })
	const { code } = await authorize(google)

	const response = await exchange(google, { code, code_verifier: pkce().verifier })
	expect(response.status).toBe(400)
	expect(await response.json()).toMatchObject({ error: 'invalid_grant' })
})

test('a code works once', async () => {
	await using google = await startFakeGoogle({ clientId, clientSecret })
	const { verifier, challenge } = pkce()
	const { code } = await authorize(google, { code_challenge: challenge })

	expect((await exchange(google, { code, code_verifier: verifier })).status).toBe(200)
	const again = await exchange(google, { code, code_verifier: verifier })
	expect(again.status).toBe(400)
	expect(await again.json()).toMatchObject({ error: 'invalid_grant' })
})

test('wrong client secret and wrong redirect_uri at the token endpoint are rejected', async () => {
	await using google = await startFakeGoogle({ clientId, clientSecret })
	const { verifier, challenge } = pkce()
	const first = await authorize(google, { code_challenge: challenge })
	const badSecret = await fetch(google.tokenEndpoint, {
		method: 'POST',
		body: new URLSearchParams({ grant_type: 'authorization_code', code: first.code, redirect_uri: redirectUri, code_verifier: verifier, client_id: clientId, client_secret: 'nope' }),
	})
	expect(badSecret.status).toBe(401)

	const second = await authorize(google, { code_challenge: challenge })
	const badRedirect = await exchange(google, { code: second.code, code_verifier: verifier, redirect_uri: 'http://127.0.0.1:3100/elsewhere' })
	expect(badRedirect.status).toBe(400)
})

test('the authorization endpoint refuses bad requests instead of redirecting', async () => {
	await using google = await startFakeGoogle({ clientId, clientSecret, redirectUris: [redirectUri] })
	const cases: Array<Record<string, string>> = [
		{ client_id: 'someone-else' },
		{ redirect_uri: 'http://127.0.0.1:3100/not-registered' },
		{ response_type: 'token' },
		{ state: '' },
		{ code_challenge_method: 'plain' },
		{ code_challenge: '' },
		{ scope: 'email profile' },
	]
	for (const overrides of cases) {
		const response = await fetch(authorizeUrl(google, overrides), { redirect: 'manual' })
		expect(response.status, JSON.stringify(overrides)).toBe(400)
	}
})

test('the discovery document points at the fake', async () => {
	await using google = await startFakeGoogle({ clientId, clientSecret })
	const config = (await (await fetch(`${google.issuer}/.well-known/openid-configuration`)).json()) as Record<string, string>
	expect(config).toMatchObject({
		issuer: google.issuer,
		authorization_endpoint: google.authorizationEndpoint,
		token_endpoint: google.tokenEndpoint,
		jwks_uri: google.jwksUri,
	})
	expect(google.env).toMatchObject({ GOOGLE_CLIENT_ID: clientId, GOOGLE_ISSUER: google.issuer })
})

// RFC 6749 2.3.1: each part form-encoded before base64 (Appendix B: a space is '+', reserved characters %XX).
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${new URLSearchParams([['', id]]).toString().slice(1)}:${new URLSearchParams([['', secret]]).toString().slice(1)}`).toString('base64')}`
const reservedSecret = 'GOCSPX-a+b/c=d%e&f:g h?ü'

async function freshCode(google: FakeGoogle, scope = 'openid email profile') {
	const { verifier, challenge } = pkce()
	const { code } = await authorize(google, { code_challenge: challenge, scope })
	return { code, verifier }
}

function tokenRequest(google: FakeGoogle, fields: Record<string, string>, authorization?: string) {
	const body = new URLSearchParams({ grant_type: 'authorization_code', redirect_uri: redirectUri, ...fields })
	return fetch(google.tokenEndpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) }, body })
}

test('client_secret_basic: id and secret are form-decoded (RFC 6749 2.3.1), so a raw secret with reserved characters is refused', async () => {
	await using google = await startFakeGoogle({ clientId, clientSecret: reservedSecret })
	const encoded = await freshCode(google)
	const ok = await tokenRequest(google, { code: encoded.code, code_verifier: encoded.verifier }, basic(clientId, reservedSecret))
	expect(ok.status).toBe(200)
	expect(google.lastClientAuth()).toBe('client_secret_basic')

	// Sent as it is, 'plus+sign' decodes to 'plus sign': not the secret.
	await using plus = await startFakeGoogle({ clientId, clientSecret: 'GOCSPX-plus+sign' })
	const raw = await freshCode(plus)
	const refused = await tokenRequest(plus, { code: raw.code, code_verifier: raw.verifier }, `Basic ${Buffer.from(`${clientId}:GOCSPX-plus+sign`).toString('base64')}`)
	expect(refused.status).toBe(401)
	expect(await refused.json()).toMatchObject({ error: 'invalid_client' })
	expect(plus.lastClientAuth()).toBeNull()
	const again = await freshCode(plus)
	expect((await tokenRequest(plus, { code: again.code, code_verifier: again.verifier }, basic(clientId, 'GOCSPX-plus+sign'))).status).toBe(200)

	// A '%' that starts no valid escape is not a secret either.
	const broken = await freshCode(google)
	const malformed = await tokenRequest(google, { code: broken.code, code_verifier: broken.verifier }, `Basic ${Buffer.from(`${clientId}:%zz`).toString('base64')}`)
	expect(malformed.status).toBe(401)
})

test('client_secret_post takes the same secret as a form field; both methods at once, or a method the provider does not offer, are refused', async () => {
	await using google = await startFakeGoogle({ clientId, clientSecret: reservedSecret })
	const first = await freshCode(google)
	const post = await tokenRequest(google, { code: first.code, code_verifier: first.verifier, client_id: clientId, client_secret: reservedSecret })
	expect(post.status).toBe(200)
	expect(google.lastClientAuth()).toBe('client_secret_post')

	const second = await freshCode(google)
	const both = await tokenRequest(google, { code: second.code, code_verifier: second.verifier, client_id: clientId, client_secret: reservedSecret }, basic(clientId, reservedSecret))
	expect(both.status).toBe(400)
	expect(await both.json()).toMatchObject({ error: 'invalid_request' })

	google.setBehaviour({ tokenEndpointAuthMethods: ['client_secret_basic'] })
	const third = await freshCode(google)
	const notOffered = await tokenRequest(google, { code: third.code, code_verifier: third.verifier, client_id: clientId, client_secret: reservedSecret })
	expect(notOffered.status).toBe(401)
	const config = (await (await fetch(`${google.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>
	expect(config.token_endpoint_auth_methods_supported).toEqual(['client_secret_basic'])
})

test('UserInfo (Core 5.3): the Bearer token of the exchange, GET or POST, the claims of the granted scope only', async () => {
	await using google = await startFakeGoogle({ clientId, clientSecret })
	google.setIdentity({ sub: '55', email: 'ursula@example.ch', email_verified: true, name: 'Ursula Info' })
	const full = await freshCode(google)
	const { access_token } = (await (await exchange(google, { code: full.code, code_verifier: full.verifier })).json()) as { access_token: string }
	for (const method of ['GET', 'POST']) {
		const info = await fetch(google.userinfoEndpoint, { method, headers: { authorization: `Bearer ${access_token}` } })
		expect(info.status).toBe(200)
		expect(await info.json()).toEqual({ sub: '55', email: 'ursula@example.ch', email_verified: true, name: 'Ursula Info' })
	}
	const anonymous = await fetch(google.userinfoEndpoint)
	expect(anonymous.status).toBe(401)
	expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/)

	const narrow = await freshCode(google, 'openid')
	const narrowToken = ((await (await exchange(google, { code: narrow.code, code_verifier: narrow.verifier })).json()) as { access_token: string }).access_token
	expect(await (await fetch(google.userinfoEndpoint, { headers: { authorization: `Bearer ${narrowToken}` } })).json()).toEqual({ sub: '55' })
})

test('scopeClaimsInIdToken: false leaves the e-mail and profile out of the ID token; UserInfo has them (Core 5.4)', async () => {
	await using google = await startFakeGoogle({ clientId, clientSecret, behaviour: { scopeClaimsInIdToken: false } })
	google.setIdentity({ sub: '56', email: 'nur-info@example.ch', email_verified: true, name: 'Nur Info' })
	const { code, verifier } = await freshCode(google)
	const tokens = (await (await exchange(google, { code, code_verifier: verifier })).json()) as { id_token: string; access_token: string }
	const { payload } = await jwtVerify(tokens.id_token, createRemoteJWKSet(new URL(google.jwksUri)), { issuer: google.issuer, audience: clientId })
	expect(Object.keys(payload).sort()).toEqual(['aud', 'azp', 'exp', 'iat', 'iss', 'sub'])
	const info = (await (await fetch(google.userinfoEndpoint, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json()) as Record<string, unknown>
	expect(info).toMatchObject({ sub: '56', email: 'nur-info@example.ch', email_verified: true })
})

test('several audiences and azp: aud becomes a list with the client first; azp can name another party or be left out', async () => {
	await using google = await startFakeGoogle({ clientId, clientSecret, behaviour: { extraAudiences: ['other-client'] } })
	const claims = async () => {
		const { code, verifier } = await freshCode(google)
		const { id_token } = (await (await exchange(google, { code, code_verifier: verifier })).json()) as { id_token: string }
		return (await jwtVerify(id_token, createRemoteJWKSet(new URL(google.jwksUri)), { issuer: google.issuer, audience: clientId })).payload
	}
	expect(await claims()).toMatchObject({ aud: [clientId, 'other-client'], azp: clientId })
	google.setBehaviour({ extraAudiences: ['other-client'], azp: null })
	expect((await claims()).azp).toBeUndefined()
	google.setBehaviour({ azp: 'other-client' })
	expect(await claims()).toMatchObject({ aud: clientId, azp: 'other-client' })
})
