import { createRemoteJWKSet, jwtVerify } from 'jose'
import { CodeChallengeMethod, OAuth2Strategy } from 'remix-auth-oauth2'
import type { GoogleIdentity, GoogleSignIn } from '#modules/accounts/index.ts'

export type GoogleConfig = {
	clientId: string
	clientSecret: string
	issuer: string
	authorizationEndpoint: string
	tokenEndpoint: string
	jwksUri: string
	redirectURI: string
	secureCookies: boolean
}

const COOKIE = 'oauth2-google'

/**
 * Google sign-in: authorization code flow with state and PKCE (S256) through remix-auth-oauth2,
 * then the ID token's signature (JWKS), issuer, audience and expiry are checked with jose.
 */
export function createGoogleSignIn(config: GoogleConfig): GoogleSignIn {
	const jwks = createRemoteJWKSet(new URL(config.jwksUri))
	const issuers = config.issuer === 'https://accounts.google.com' ? [config.issuer, 'accounts.google.com'] : [config.issuer]
	const strategy = new OAuth2Strategy<GoogleIdentity>(
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
			const { payload } = await jwtVerify(tokens.idToken(), jwks, {
				issuer: issuers,
				audience: config.clientId,
				algorithms: ['RS256'],
			})
			if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw new Error('ID token without sub or email')
			return {
				subject: payload.sub,
				email: payload.email,
				emailVerified: payload.email_verified === true,
				name: typeof payload.name === 'string' ? payload.name : '',
			}
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
	}
}
