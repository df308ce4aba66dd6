import { createRemoteJWKSet, jwtVerify } from 'jose'
import { CodeChallengeMethod, OAuth2Strategy } from 'remix-auth-oauth2'
import type { GoogleIdentity, GoogleSignIn } from '#modules/accounts/index.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { checkAuthorizedParty, checkUserinfo, formEncode, hasEmail, identityOf, type EmailClaims } from './claims.ts'
import { failureFields, GoogleSignInFailure, tokenFailure } from './failures.ts'

export type GoogleConfig = {
	clientId: string
	clientSecret: string
	issuer: string
	authorizationEndpoint: string
	tokenEndpoint: string
	jwksUri: string
	userinfoEndpoint: string
	redirectURI: string
	secureCookies: boolean
	logger: Logger
}

const COOKIE = 'oauth2-google'
const USERINFO_TIMEOUT_MS = 10_000

/**
 * arctic (under remix-auth-oauth2) puts the client id and secret into the Basic header as they are;
 * RFC 6749 2.3.1 form-encodes both first (a '+' in a secret would otherwise arrive as a space). The
 * strategy gets the encoded pair, and the authorization URL gets the plain client id back. Failed
 * token exchanges become GoogleSignInFailures, so their log line says where it failed.
 */
class GoogleStrategy extends OAuth2Strategy<GoogleIdentity> {
	private readonly plainClientId: string

	constructor(options: OAuth2Strategy.ConstructorOptions, verify: ConstructorParameters<typeof OAuth2Strategy<GoogleIdentity>>[1]) {
		super({ ...options, clientId: formEncode(options.clientId), clientSecret: options.clientSecret === null ? null : formEncode(options.clientSecret) }, verify)
		this.plainClientId = options.clientId
	}

	protected override authorizationParams(params: URLSearchParams) {
		const next = new URLSearchParams(params)
		next.set('client_id', this.plainClientId)
		return next
	}

	protected override async validateAuthorizationCode(code: string, codeVerifier: string) {
		try {
			return await super.validateAuthorizationCode(code, codeVerifier)
		} catch (error) {
			throw tokenFailure(error)
		}
	}
}

/**
 * Google sign-in: authorization code flow with state and PKCE (S256) through remix-auth-oauth2,
 * then the ID token's signature (JWKS), issuer, audience, authorized party and expiry are checked
 * with jose. When the ID token carries no e-mail (OpenID Connect Core 5.4 lets a provider return
 * the scope's claims from the UserInfo endpoint only), the UserInfo endpoint is asked.
 */
export function createGoogleSignIn(config: GoogleConfig): GoogleSignIn {
	const jwks = createRemoteJWKSet(new URL(config.jwksUri))
	const issuers = config.issuer === 'https://accounts.google.com' ? [config.issuer, 'accounts.google.com'] : [config.issuer]

	async function userinfo(accessToken: string, subject: string): Promise<EmailClaims> {
		let response: Response
		try {
			response = await fetch(config.userinfoEndpoint, {
				headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
				signal: AbortSignal.timeout(USERINFO_TIMEOUT_MS),
				redirect: 'error',
			})
		} catch {
			throw new GoogleSignInFailure('userinfo_failed', { detail: 'unreachable' })
		}
		if (!response.ok) {
			await response.body?.cancel()
			throw new GoogleSignInFailure('userinfo_failed', { status: response.status })
		}
		const body: unknown = await response.json().catch(() => null)
		return checkUserinfo(body, subject)
	}

	const strategy = new GoogleStrategy(
		{
			cookie: { name: COOKIE, httpOnly: true, sameSite: 'Lax', path: '/auth', maxAge: 600, ...(config.secureCookies ? { secure: true as const } : {}) },
			clientId: config.clientId,
			clientSecret: config.clientSecret,
			authorizationEndpoint: config.authorizationEndpoint,
			tokenEndpoint: config.tokenEndpoint,
			redirectURI: config.redirectURI,
			scopes: ['openid', 'email', 'profile'],
			codeChallengeMethod: CodeChallengeMethod.S256,
		},
		async ({ tokens }) => {
			const answer = tokens.data as { id_token?: unknown; access_token?: unknown }
			if (typeof answer.id_token !== 'string') throw new GoogleSignInFailure('token_error', { detail: 'no id_token' })
			const { payload } = await jwtVerify(answer.id_token, jwks, {
				issuer: issuers,
				audience: config.clientId,
				algorithms: ['RS256'],
			})
			checkAuthorizedParty(payload, config.clientId)
			if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new GoogleSignInFailure('claims_missing', { claim: 'sub' })
			if (hasEmail(payload)) return identityOf(payload.sub, payload)
			if (typeof answer.access_token !== 'string') throw new GoogleSignInFailure('token_error', { detail: 'no access_token' })
			const fromUserinfo = await userinfo(answer.access_token, payload.sub)
			return identityOf(payload.sub, { name: payload.name, ...fromUserinfo })
		},
	)
	return {
		authenticate: (request) => strategy.authenticate(request),
		clearStateCookies(request) {
			const names = (request.headers.get('Cookie') ?? '')
				.split(';')
				.map((part) => part.split('=')[0]?.trim() ?? '')
				.filter((name) => name.startsWith(COOKIE))
			const secure = config.secureCookies ? '; Secure' : ''
			return names.map((name) => `${name}=; Path=/auth; Max-Age=0; HttpOnly; SameSite=Lax${secure}`)
		},
		logFailure(failure, meta) {
			config.logger.warn('signin_google_failed', { ...failureFields(failure), ip: meta.ip })
		},
	}
}
