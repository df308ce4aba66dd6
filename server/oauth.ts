import { createHash } from 'node:crypto'
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js'
import {
	CustomOAuthError,
	InvalidClientMetadataError,
	InvalidGrantError,
	InvalidRequestError,
	InvalidScopeError,
	InvalidTargetError,
	InvalidTokenError,
	TooManyRequestsError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js'
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js'
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js'
import { mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js'
import type { OAuthClientInformationFull, OAuthClientMetadata } from '@modelcontextprotocol/sdk/shared/auth.js'
import express, { type NextFunction, type Request, type Response } from 'express'
import { API_SCOPES, requestedScopes, type OAuthClient } from '#modules/accounts/index.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import type { Services } from '#modules/services.ts'

// The OAuth 2.1 authorization server of ADR 0071 on the MCP SDK's router (metadata, /authorize,
// /token, /register, /revoke) with our Postgres-backed provider (modules/accounts/oauth.server.ts).
// What we add in front of the SDK: per-IP limits counted in Postgres (the SDK's own limiter counts
// per process), the exact redirect URI match before /authorize answers anything, and client secrets
// compared as their SHA-256 (only the hash is stored).

type OAuth = Services['accounts']['oauth']

/** The consent page (app/routes/app/oauth-consent.tsx) an authorization request waits on. */
export const CONSENT_PATH = '/oauth/zustimmung'

/** Requests per IP and window, per endpoint (the register limit as the SDK's default: registration is the sensitive one). */
export const OAUTH_RATE_LIMITS = {
	register: { limit: 20, windowSeconds: 60 * 60 },
	authorize: { limit: 100, windowSeconds: 15 * 60 },
	token: { limit: 100, windowSeconds: 15 * 60 },
	revoke: { limit: 50, windowSeconds: 15 * 60 },
} as const

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** https, or http to this machine (a desktop app listening on a loopback port, RFC 8252 7.3); never a fragment. */
export function isAllowedRedirectUri(value: string) {
	if (!URL.canParse(value)) return false
	const url = new URL(value)
	if (url.hash || url.username || url.password) return false
	return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

function toSdkClient(client: OAuthClient): OAuthClientInformationFull {
	return {
		...(client.metadata as Partial<OAuthClientMetadata>),
		client_id: client.id,
		client_name: client.clientName,
		redirect_uris: client.redirectUris,
		token_endpoint_auth_method: client.authMethod,
		client_id_issued_at: client.issuedAt,
		// The hash: the request's secret is hashed before the SDK compares (hashClientSecret).
		...(client.secretHash ? { client_secret: client.secretHash, client_secret_expires_at: client.secretExpiresAt ?? 0 } : {}),
	}
}

function clientsStore(oauth: OAuth): OAuthRegisteredClientsStore {
	return {
		async getClient(clientId) {
			const client = await oauth.client(clientId)
			return client ? toSdkClient(client) : undefined
		},
		async registerClient(metadata) {
			const redirectUris = metadata.redirect_uris.map(String)
			if (!redirectUris.every(isAllowedRedirectUri)) throw new CustomOAuthError('invalid_redirect_uri', 'Redirect URIs must use https, or http on a loopback address (127.0.0.1, localhost).')
			if (redirectUris.length > 10) throw new InvalidClientMetadataError('At most 10 redirect URIs.')
			const authMethod = metadata.token_endpoint_auth_method ?? 'client_secret_post'
			if (authMethod !== 'none' && authMethod !== 'client_secret_post') throw new InvalidClientMetadataError('token_endpoint_auth_method must be none or client_secret_post.')
			if (metadata.grant_types?.some((g) => g !== 'authorization_code' && g !== 'refresh_token')) throw new InvalidClientMetadataError('grant_types: authorization_code and refresh_token only.')
			if (metadata.response_types?.some((r) => r !== 'code')) throw new InvalidClientMetadataError('response_types: code only.')
			// eslint-disable-next-line no-control-regex
			const clientName = (metadata.client_name ?? new URL(redirectUris[0]!).host).replace(/[\u0000-\u001f\u007f]/g, '').trim()
			if (clientName.length < 1 || clientName.length > 100) throw new InvalidClientMetadataError('client_name: 1 to 100 characters.')
			const { client_secret: _secret, client_secret_expires_at: _expires, ...rest } = metadata as OAuthClientInformationFull
			const made = await oauth.register({ clientName, redirectUris, authMethod, metadata: { ...rest, client_name: clientName, redirect_uris: redirectUris, token_endpoint_auth_method: authMethod } })
			const info: OAuthClientInformationFull = { ...toSdkClient(made.client) }
			delete info.client_secret
			return made.secret ? { ...info, client_secret: made.secret, client_secret_expires_at: 0 } : info
		},
	}
}

function provider(oauth: OAuth, appUrl: string): OAuthServerProvider {
	return {
		clientsStore: clientsStore(oauth),
		async authorize(client, params: AuthorizationParams, res) {
			const resource = params.resource?.href ?? appUrl
			const audience = oauth.audienceOf(resource)
			if (!audience) throw new InvalidTargetError('resource must be this server: its origin, /mcp or /api/v1.')
			const scopes = requestedScopes(params.scopes ?? [])
			if (!scopes) throw new InvalidScopeError(`Scopes: ${API_SCOPES.join(' ')}.`)
			const requestId = await oauth.start({ clientId: client.client_id, redirectUri: params.redirectUri, scopes, audience, resource: params.resource?.href ?? appUrl, codeChallenge: params.codeChallenge, state: params.state ?? null })
			res.redirect(302, `${CONSENT_PATH}?anfrage=${requestId}`)
		},
		async challengeForAuthorizationCode(client, code) {
			const challenge = await oauth.challenge(client.client_id, code)
			if (!challenge) throw new InvalidGrantError('The code is unknown, expired or used.')
			return challenge
		},
		async exchangeAuthorizationCode(client, code, _verifier, redirectUri, resource) {
			const result = await oauth.exchangeCode({ clientId: client.client_id, code, redirectUri, resource: resource?.href })
			if (!result.ok) throw failure(result.error)
			return result.tokens
		},
		async exchangeRefreshToken(client, refreshToken, scopes, resource) {
			const result = await oauth.exchangeRefreshToken({ clientId: client.client_id, refreshToken, scopes, resource: resource?.href })
			if (!result.ok) throw failure(result.error)
			return result.tokens
		},
		verifyAccessToken() {
			// Bearer tokens are checked by the routes themselves (requireApiPrincipal), not by the SDK's middleware.
			return Promise.reject(new InvalidTokenError('Not used.'))
		},
		async revokeToken(client, request) {
			await oauth.revokeToken(client.client_id, request.token)
		},
	}
}

function failure(error: 'invalid_grant' | 'invalid_target' | 'invalid_scope') {
	if (error === 'invalid_target') return new InvalidTargetError('The resource differs from the authorization.')
	if (error === 'invalid_scope') return new InvalidScopeError('More scopes than granted.')
	return new InvalidGrantError('The code or refresh token is invalid, expired, used, or was issued for another redirect URI.')
}

function limited(oauth: OAuth, endpoint: keyof typeof OAUTH_RATE_LIMITS, logger: Logger) {
	return async (req: Request, res: Response, next: NextFunction) => {
		try {
			const hit = await oauth.hitLimit(`${endpoint}:${req.ip ?? 'unknown'}`, OAUTH_RATE_LIMITS[endpoint])
			if (hit.allowed) return next()
			res.status(429).set({ 'Retry-After': String(hit.retryAfterSeconds), 'Cache-Control': 'no-store' }).json(new TooManyRequestsError('Too many requests; try again later.').toResponseObject())
		} catch (error) {
			logger.error('oauth_rate_limit_failed', { endpoint, error: error instanceof Error ? error.message : String(error) })
			res.status(503).json({ error: 'temporarily_unavailable' })
		}
	}
}

/** Before the SDK's /authorize: a redirect URI not registered for the client, character for character, is answered here and never redirected to. */
function exactRedirectUri(oauth: OAuth) {
	return async (req: Request, res: Response, next: NextFunction) => {
		const params = (req.method === 'POST' ? req.body : req.query) as Record<string, unknown> | undefined
		const clientId = params?.client_id
		const redirectUri = params?.redirect_uri
		if (typeof clientId !== 'string' || typeof redirectUri !== 'string') return next()
		const client = await oauth.client(clientId)
		if (client && !client.redirectUris.includes(redirectUri)) {
			res.status(400).set('Cache-Control', 'no-store').json(new InvalidRequestError('Unregistered redirect_uri').toResponseObject())
			return
		}
		next()
	}
}

/** The SDK compares client_secret as stored: we store its SHA-256, so the request's is hashed first. */
function hashClientSecret(req: Request, _res: Response, next: NextFunction) {
	const body = req.body as Record<string, unknown> | undefined
	if (body && typeof body.client_secret === 'string') body.client_secret = sha256(body.client_secret)
	next()
}

/**
 * The OAuth endpoints at the root of APP_URL (the issuer). Null when APP_URL is plain http on a
 * non-loopback host: the SDK refuses such an issuer (OAuth needs https), and MCP then works with
 * personal tokens only.
 */
export function oauthRouter(options: { appUrl: string; services: Services; logger: Logger }): express.Router | null {
	const { appUrl, services, logger } = options
	const issuer = new URL(appUrl)
	if (issuer.protocol !== 'https:' && !['localhost', '127.0.0.1'].includes(issuer.hostname)) {
		logger.warn('oauth_disabled', { reason: 'APP_URL is not https' })
		return null
	}
	const oauth = services.accounts.oauth
	const form = express.urlencoded({ extended: false })
	const router = express.Router()
	const scopesSupported = [...API_SCOPES]
	router.use('/register', limited(oauth, 'register', logger))
	router.use('/authorize', limited(oauth, 'authorize', logger), form, exactRedirectUri(oauth))
	router.use('/token', limited(oauth, 'token', logger), form, hashClientSecret)
	router.use('/revoke', limited(oauth, 'revoke', logger), form, hashClientSecret)
	// RFC 9728: the metadata of each protected resource at its path-specific address; /mcp's comes with the SDK's router.
	for (const [path, resource] of [['/api/v1', `${appUrl}/api/v1`], ['', appUrl]] as const) {
		router.use(`/.well-known/oauth-protected-resource${path}`, metadataHandler({ resource, authorization_servers: [issuer.href], scopes_supported: scopesSupported, resource_name: 'Postwerk' }))
	}
	router.use(
		mcpAuthRouter({
			provider: provider(oauth, appUrl),
			issuerUrl: issuer,
			resourceServerUrl: new URL(`${appUrl}/mcp`),
			scopesSupported,
			resourceName: 'Postwerk',
			authorizationOptions: { rateLimit: false },
			tokenOptions: { rateLimit: false },
			revocationOptions: { rateLimit: false },
			clientRegistrationOptions: { rateLimit: false, clientIdGeneration: false, clientSecretExpirySeconds: 0 },
		}),
	)
	return router
}
