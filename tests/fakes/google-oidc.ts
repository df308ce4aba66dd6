// A local stand-in for Google's OpenID Connect endpoints, speaking the parts our sign-in uses:
// the authorization endpoint (code flow with PKCE S256), the token endpoint (RS256 id_token),
// the UserInfo endpoint, the JWKS and the discovery document. It signs in a configurable test
// identity at once, without a consent screen.
//
// By default it behaves like Google: the scope's claims (email, profile) in the ID token and from
// UserInfo, `aud` the client id, `azp` the client id, client authentication by client_secret_basic
// or client_secret_post. `behaviour` (options or `setBehaviour`) switches to other conduct OpenID
// Connect allows, or to a provider that breaks it, for the negative tests:
//   scopeClaimsInIdToken: false   the ID token holds only the required claims; the e-mail and profile
//                                 come from UserInfo only (Core 5.4 "returned from the UserInfo Endpoint")
//   extraAudiences, azp           more audiences than our client (Core 2 "MAY also contain identifiers
//                                 for other audiences"), azp set to another party or left out (null)
//   tokenEndpointAuthMethods      which client authentication the token endpoint accepts (RFC 6749 2.3.1:
//                                 the Basic header's id and secret are form-decoded, strictly)
//   userinfoOverride              claims laid over the UserInfo answer (e.g. another `sub`)
//
// In tests:   await using google = await startFakeGoogle({ clientId, clientSecret })
// For e2e:    node tests/fakes/google-oidc.ts   (env: FAKE_GOOGLE_PORT=3199, GOOGLE_CLIENT_ID,
//             GOOGLE_CLIENT_SECRET, FAKE_GOOGLE_REDIRECT_URI optional)
//
// Who signs in: the `fake_google_identity` cookie of the browser (base64url JSON, set per test,
// see tests/e2e/fixtures.ts), else the identity set by `setIdentity` / `POST /__test/identity`,
// else the default identity below.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'

export type GoogleIdentity = {
	sub: string
	email: string
	email_verified: boolean
	name: string
	given_name?: string
	family_name?: string
	picture?: string
}

export const defaultGoogleIdentity: GoogleIdentity = {
	sub: '104857600000000000001',
	email: 'gina.google@example.com',
	email_verified: true,
	name: 'Gina Google',
}

export const identityCookieName = 'fake_google_identity'

export type FakeGoogleOptions = {
	/** 0 (the default) picks a free port. */
	port?: number
	host?: string
	clientId: string
	clientSecret: string
	/** When set, only these redirect URIs are accepted (like Google's console list). */
	redirectUris?: Array<string>
	identity?: GoogleIdentity
	behaviour?: Partial<ProviderBehaviour>
}

export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post'

export type ProviderBehaviour = {
	/** false: the ID token has only iss, sub, aud, exp, iat (+ azp, nonce); the scope's claims come from UserInfo. */
	scopeClaimsInIdToken: boolean
	/** More audiences after the client id; `aud` becomes an array when there are any. */
	extraAudiences: Array<string>
	/** The `azp` claim: default the client id; null leaves it out. */
	azp: string | null | undefined
	tokenEndpointAuthMethods: Array<ClientAuthMethod>
	/** Laid over the UserInfo answer (a misbehaving provider). */
	userinfoOverride: Record<string, unknown>
	/** Status of the UserInfo endpoint for a valid token (200: the claims). */
	userinfoStatus: number
}

const googleBehaviour: ProviderBehaviour = {
	scopeClaimsInIdToken: true,
	extraAudiences: [],
	azp: undefined,
	tokenEndpointAuthMethods: ['client_secret_basic', 'client_secret_post'],
	userinfoOverride: {},
	userinfoStatus: 200,
}

export type FakeGoogle = {
	url: string
	issuer: string
	authorizationEndpoint: string
	tokenEndpoint: string
	jwksUri: string
	userinfoEndpoint: string
	/** The GOOGLE_* settings that point our app at this fake. */
	env: Record<string, string>
	setIdentity: (identity: GoogleIdentity) => void
	/** Changes how the provider behaves from the next request on; `setBehaviour({})` is Google again. */
	setBehaviour: (behaviour: Partial<ProviderBehaviour>) => void
	/** How the last token request authenticated the client (null: it failed). */
	lastClientAuth: () => ClientAuthMethod | null
	close: () => Promise<void>
	[Symbol.asyncDispose]: () => Promise<void>
}

/** The GOOGLE_* settings for a fake at `url` (usable before it runs, e.g. in playwright.config.ts). */
export function fakeGoogleEnv(url: string, clientId: string, clientSecret: string): Record<string, string> {
	return {
		GOOGLE_CLIENT_ID: clientId,
		GOOGLE_CLIENT_SECRET: clientSecret,
		GOOGLE_ISSUER: url,
		GOOGLE_AUTHORIZATION_ENDPOINT: `${url}/o/oauth2/v2/auth`,
		GOOGLE_TOKEN_ENDPOINT: `${url}/token`,
		GOOGLE_JWKS_URI: `${url}/oauth2/v3/certs`,
		GOOGLE_USERINFO_ENDPOINT: `${url}/v1/userinfo`,
	}
}

/** The cookie value that makes the fake sign in `identity` for the browser that carries it. */
export function encodeIdentityCookie(identity: GoogleIdentity) {
	return Buffer.from(JSON.stringify(identity)).toString('base64url')
}

type PendingCode = {
	clientId: string
	redirectUri: string
	codeChallenge: string
	nonce: string | null
	scope: string
	identity: GoogleIdentity
	expiresAt: number
}

const CODE_TTL_MS = 60_000
const TOKEN_TTL_S = 3599

export async function startFakeGoogle(options: FakeGoogleOptions): Promise<FakeGoogle> {
	const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true })
	const kid = randomBytes(8).toString('hex')
	const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] }
	const codes = new Map<string, PendingCode>()
	const accessTokens = new Map<string, { identity: GoogleIdentity; scope: string }>()
	let identity: GoogleIdentity = options.identity ?? defaultGoogleIdentity
	let behaviour: ProviderBehaviour = { ...googleBehaviour, ...options.behaviour }
	let lastClientAuth: ClientAuthMethod | null = null
	let base = ''

	// No keep-alive timeout: the client ends idle connections. A request on a kept-alive connection this
	// server is just closing fails (ECONNRESET) when a loaded machine holds the event loop past 5 s.
	const server = http.createServer({ keepAliveTimeout: 0 }, (req, res) => {
		handle(req, res).catch((error: unknown) => {
			console.error('fake google:', error)
			if (!res.headersSent) send(res, 500, { error: 'server_error' })
			else res.end()
		})
	})

	async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
		const url = new URL(req.url ?? '/', base)
		const route = `${req.method} ${url.pathname}`
		switch (route) {
			case 'GET /o/oauth2/v2/auth':
				return authorize(req, res, url.searchParams)
			case 'POST /token':
				return token(req, res)
			case 'GET /oauth2/v3/certs':
				return send(res, 200, jwks)
			case 'GET /.well-known/openid-configuration':
				return send(res, 200, {
					issuer: base,
					authorization_endpoint: `${base}/o/oauth2/v2/auth`,
					token_endpoint: `${base}/token`,
					userinfo_endpoint: `${base}/v1/userinfo`,
					jwks_uri: `${base}/oauth2/v3/certs`,
					response_types_supported: ['code'],
					subject_types_supported: ['public'],
					id_token_signing_alg_values_supported: ['RS256'],
					scopes_supported: ['openid', 'email', 'profile'],
					token_endpoint_auth_methods_supported: behaviour.tokenEndpointAuthMethods,
					code_challenge_methods_supported: ['S256'],
				})
			// Core 5.3.1: GET or POST with the access token as a Bearer token (RFC 6750).
			case 'GET /v1/userinfo':
			case 'POST /v1/userinfo':
			case 'GET /oauth2/v3/userinfo': {
				const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
				const grant = bearer ? accessTokens.get(bearer) : undefined
				if (!grant) {
					res.setHeader('www-authenticate', 'Bearer error="invalid_token"')
					return send(res, 401, { error: 'invalid_token' })
				}
				if (behaviour.userinfoStatus !== 200) return send(res, behaviour.userinfoStatus, { error: 'server_error' })
				return send(res, 200, { ...scopeClaims(grant.identity, grant.scope), ...behaviour.userinfoOverride })
			}
			case 'GET /__test/identity':
				return send(res, 200, identity)
			case 'POST /__test/identity': {
				const parsed = parseIdentity(await readBody(req))
				if (!parsed) return send(res, 400, { error: 'expected {sub, email, email_verified, name}' })
				identity = parsed
				return send(res, 200, identity)
			}
			default:
				return send(res, 404, { error: 'not_found', route })
		}
	}

	function authorize(req: http.IncomingMessage, res: http.ServerResponse, params: URLSearchParams) {
		const clientId = params.get('client_id')
		const redirectUri = params.get('redirect_uri')
		// Like Google: a wrong client or redirect URI is shown to the user, never redirected to.
		if (clientId !== options.clientId) return sendText(res, 400, `invalid_client: unknown client_id ${String(clientId)}`)
		if (!redirectUri || !isHttpUrl(redirectUri)) return sendText(res, 400, 'redirect_uri_mismatch: missing or invalid redirect_uri')
		if (options.redirectUris && !options.redirectUris.includes(redirectUri)) {
			return sendText(res, 400, `redirect_uri_mismatch: ${redirectUri} is not registered`)
		}
		const problems = [
			params.get('response_type') !== 'code' && 'response_type must be code',
			!params.get('state') && 'state is required',
			!params.get('code_challenge') && 'code_challenge is required',
			params.get('code_challenge_method') !== 'S256' && 'code_challenge_method must be S256',
			!(params.get('scope') ?? '').split(/\s+/).includes('openid') && 'scope must contain openid',
		].filter((p): p is string => typeof p === 'string')
		if (problems.length) return sendText(res, 400, `invalid_request: ${problems.join('; ')}`)

		const code = randomBytes(24).toString('base64url')
		codes.set(code, {
			clientId,
			redirectUri,
			codeChallenge: params.get('code_challenge')!,
			nonce: params.get('nonce'),
			scope: params.get('scope')!,
			identity: identityFromCookie(req.headers.cookie) ?? identity,
			expiresAt: Date.now() + CODE_TTL_MS,
		})
		const target = new URL(redirectUri)
		target.searchParams.set('code', code)
		target.searchParams.set('state', params.get('state')!)
		res.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' })
		res.end()
	}

	async function token(req: http.IncomingMessage, res: http.ServerResponse) {
		const body = new URLSearchParams(await readBody(req))
		lastClientAuth = null
		const client = clientCredentials(req.headers.authorization, body)
		if (client === 'several') return send(res, 400, { error: 'invalid_request', error_description: 'more than one client authentication method' })
		if (!client || !behaviour.tokenEndpointAuthMethods.includes(client.method) || client.id !== options.clientId || !safeEqual(client.secret, options.clientSecret)) {
			return send(res, 401, { error: 'invalid_client', error_description: 'client authentication failed' })
		}
		lastClientAuth = client.method
		if (body.get('grant_type') !== 'authorization_code') {
			return send(res, 400, { error: 'unsupported_grant_type' })
		}
		const code = body.get('code') ?? ''
		const pending = codes.get(code)
		// Single use: the first presentation consumes the code, whether it succeeds or not.
		codes.delete(code)
		if (!pending || pending.expiresAt < Date.now() || pending.clientId !== client.id) {
			return send(res, 400, { error: 'invalid_grant', error_description: 'code is unknown, used or expired' })
		}
		if (body.get('redirect_uri') !== pending.redirectUri) {
			return send(res, 400, { error: 'invalid_grant', error_description: 'redirect_uri does not match' })
		}
		const verifier = body.get('code_verifier') ?? ''
		if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier) || s256(verifier) !== pending.codeChallenge) {
			return send(res, 400, { error: 'invalid_grant', error_description: 'code_verifier does not match code_challenge' })
		}

		const accessToken = `ya29.${randomBytes(24).toString('base64url')}`
		accessTokens.set(accessToken, { identity: pending.identity, scope: pending.scope })
		const now = Math.floor(Date.now() / 1000)
		const azp = behaviour.azp === undefined ? client.id : behaviour.azp
		const audience = behaviour.extraAudiences.length ? [client.id, ...behaviour.extraAudiences] : client.id
		const idToken = await new SignJWT({
			...(behaviour.scopeClaimsInIdToken ? scopeClaims(pending.identity, pending.scope) : {}),
			...(azp === null ? {} : { azp }),
			...(pending.nonce ? { nonce: pending.nonce } : {}),
		})
			.setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
			.setIssuer(base)
			.setAudience(audience)
			.setSubject(pending.identity.sub)
			.setIssuedAt(now)
			.setExpirationTime(now + TOKEN_TTL_S)
			.sign(privateKey)
		return send(res, 200, {
			access_token: accessToken,
			id_token: idToken,
			token_type: 'Bearer',
			expires_in: TOKEN_TTL_S,
			scope: pending.scope,
		})
	}

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
	})
	const { port } = server.address() as AddressInfo
	base = `http://${options.host ?? '127.0.0.1'}:${port}`
	const env = fakeGoogleEnv(base, options.clientId, options.clientSecret)

	const close = () =>
		new Promise<void>((resolve) => {
			server.close(() => resolve())
			server.closeAllConnections()
		})
	return {
		url: base,
		issuer: base,
		authorizationEndpoint: env.GOOGLE_AUTHORIZATION_ENDPOINT!,
		tokenEndpoint: env.GOOGLE_TOKEN_ENDPOINT!,
		jwksUri: env.GOOGLE_JWKS_URI!,
		userinfoEndpoint: env.GOOGLE_USERINFO_ENDPOINT!,
		env,
		setIdentity(next) {
			identity = next
		},
		setBehaviour(next) {
			behaviour = { ...googleBehaviour, ...next }
		},
		lastClientAuth: () => lastClientAuth,
		close,
		[Symbol.asyncDispose]: close,
	}
}

/** The claims the granted scope releases (Core 5.4): email and email_verified for 'email', the names for 'profile'. */
function scopeClaims(identity: GoogleIdentity, scope: string) {
	const scopes = new Set(scope.split(/\s+/))
	const { sub, email, email_verified, ...profile } = identity
	return { sub, ...(scopes.has('email') ? { email, email_verified } : {}), ...(scopes.has('profile') ? profile : {}) }
}

type ClientCredentials = { method: ClientAuthMethod; id: string; secret: string }

/**
 * RFC 6749 2.3.1: with HTTP Basic, the client id and secret are each application/x-www-form-urlencoded
 * and then joined by ':' and base64-encoded; the server form-decodes both (a '+' is a space, an
 * invalid %-sequence fails). In the body they are ordinary form fields. Both at once is refused.
 */
function clientCredentials(authorization: string | undefined, body: URLSearchParams): ClientCredentials | 'several' | null {
	const basic = /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(authorization ?? '')?.[1]
	const inBody = body.has('client_secret')
	if (basic && inBody) return 'several'
	if (basic) {
		const decoded = Buffer.from(basic, 'base64').toString('utf8')
		const colon = decoded.indexOf(':')
		if (colon < 0) return null
		const id = formDecode(decoded.slice(0, colon))
		const secret = formDecode(decoded.slice(colon + 1))
		return id === null || secret === null ? null : { method: 'client_secret_basic', id, secret }
	}
	const id = body.get('client_id')
	const secret = body.get('client_secret')
	return id && secret ? { method: 'client_secret_post', id, secret } : null
}

function formDecode(value: string) {
	try {
		return decodeURIComponent(value.replace(/\+/g, ' '))
	} catch {
		return null
	}
}

function identityFromCookie(header: string | undefined) {
	const value = header
		?.split(';')
		.map((part) => part.trim())
		.find((part) => part.startsWith(`${identityCookieName}=`))
		?.slice(identityCookieName.length + 1)
	if (!value) return null
	try {
		return parseIdentity(Buffer.from(value, 'base64url').toString('utf8'))
	} catch {
		return null
	}
}

function parseIdentity(json: string): GoogleIdentity | null {
	try {
		const value = JSON.parse(json) as Partial<GoogleIdentity>
		if (typeof value.sub !== 'string' || typeof value.email !== 'string' || typeof value.name !== 'string') return null
		return { ...value, sub: value.sub, email: value.email, name: value.name, email_verified: value.email_verified !== false }
	} catch {
		return null
	}
}

function s256(verifier: string) {
	return createHash('sha256').update(verifier).digest('base64url')
}

function safeEqual(a: string, b: string) {
	const left = Buffer.from(a)
	const right = Buffer.from(b)
	return left.length === right.length && timingSafeEqual(left, right)
}

function isHttpUrl(value: string) {
	try {
		return ['http:', 'https:'].includes(new URL(value).protocol)
	} catch {
		return false
	}
}

function readBody(req: http.IncomingMessage) {
	return new Promise<string>((resolve, reject) => {
		const chunks: Array<Buffer> = []
		req.on('data', (chunk: Buffer) => chunks.push(chunk))
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
		req.on('error', reject)
	})
}

function send(res: http.ServerResponse, status: number, body: unknown) {
	res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
	res.end(JSON.stringify(body))
}

function sendText(res: http.ServerResponse, status: number, text: string) {
	res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' })
	res.end(text)
}

// Run as a script (Playwright's second webServer).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const fake = await startFakeGoogle({
		port: Number(process.env.FAKE_GOOGLE_PORT ?? 3199),
		clientId: process.env.GOOGLE_CLIENT_ID ?? 'postwerk-e2e-client',
		clientSecret: process.env.GOOGLE_CLIENT_SECRET ?? 'postwerk-e2e-secret',
		redirectUris: process.env.FAKE_GOOGLE_REDIRECT_URI ? [process.env.FAKE_GOOGLE_REDIRECT_URI] : undefined,
	})
	console.log(`Fake Google OIDC listening on ${fake.url}`)
	const stop = () => void fake.close().then(() => process.exit(0))
	process.on('SIGTERM', stop)
	process.on('SIGINT', stop)
}
