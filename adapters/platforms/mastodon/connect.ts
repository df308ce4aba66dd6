import { createHash } from 'node:crypto'
import { PlatformError, type ConnectedAccount, type ServerClient, type TokenSet } from '#modules/publishing/ports.ts'
import type { AdapterSettings } from '../settings.ts'
import { handleOf, pageOf, serverOf, verifyCredentials } from './account.ts'
import { str, type MastodonClient } from './client.ts'
import { badResponse, invalid } from './errors.ts'
import type { InstanceReader } from './instance.ts'

/** Reading the profile and statuses (comments, reconciling), posting statuses and their images. */
export const MASTODON_SCOPES = ['read:accounts', 'read:statuses', 'write:statuses', 'write:media']

/** The app's registration, consent page and code exchange on the user's instance (Mastodon 4.3+ with PKCE). */
export function createConnect(settings: AdapterSettings, client: MastodonClient, instances: InstanceReader) {
	function requireServer(server: ServerClient | undefined): ServerClient {
		if (!server?.url || !URL.canParse(server.url)) throw invalid('server_invalid', 'no instance given for the consent page')
		return server
	}

	return {
		async registerClient({ server, redirectUri }: { server: string; redirectUri: string }) {
			const website = URL.canParse(redirectUri) ? new URL(redirectUri).origin : undefined
			try {
				const app = await client.request(server, '/api/v1/apps', {
					method: 'POST',
					json: { client_name: 'Postwerk', redirect_uris: [redirectUri], scopes: MASTODON_SCOPES.join(' '), website },
				})
				const clientId = str(app.client_id)
				const clientSecret = str(app.client_secret)
				if (!clientId || !clientSecret) throw badResponse('POST /api/v1/apps without client_id or client_secret')
				return { clientId, clientSecret }
			} catch (error) {
				if (!(error instanceof PlatformError) || error.code === 'server_blocked') throw error
				throw new PlatformError({ kind: 'invalid_request', code: 'registration_failed', message: error.message, status: error.status })
			}
		},

		/**
		 * Whether the instance still knows a stored registration: a client-credentials grant answers
		 * 401 invalid_client for an app it forgot (removed, or the instance was reset). The app token it
		 * hands out is revoked right away.
		 */
		async checkClient({ url, clientId, clientSecret }: ServerClient) {
			const origin = new URL(url).origin
			const answer = await client.request(origin, '/oauth/token', {
				method: 'POST',
				form: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, scope: 'read:accounts' }),
			})
			const token = str(answer.access_token)
			if (token) await client.request(origin, '/oauth/revoke', { method: 'POST', form: new URLSearchParams({ client_id: clientId, client_secret: clientSecret, token }) }).catch(() => null)
		},

		/** In test mode the browser cannot reach https://<host>: the sandbox serves the instance's consent page. */
		authorizationUrl({ state, codeVerifier, redirectUri, server }: { state: string; codeVerifier: string; redirectUri: string; server?: ServerClient }) {
			const { url: base, clientId } = requireServer(server)
			const host = new URL(base).hostname
			const url = new URL(settings.sandbox ? `${settings.authorizeUrl.replace(/\/+$/, '')}/host/${host}/oauth/authorize` : `${new URL(base).origin}/oauth/authorize`)
			url.search = new URLSearchParams({
				response_type: 'code',
				client_id: clientId,
				redirect_uri: redirectUri,
				scope: MASTODON_SCOPES.join(' '),
				state,
				code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
				code_challenge_method: 'S256',
				lang: 'de',
			}).toString()
			return url.toString()
		},

		async exchangeCode({ code, codeVerifier, redirectUri, server }: { code: string; codeVerifier: string; redirectUri: string; server?: ServerClient }): Promise<ConnectedAccount> {
			const { url, clientId, clientSecret } = requireServer(server)
			const origin = new URL(url).origin
			const answer = await client.request(origin, '/oauth/token', {
				method: 'POST',
				form: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: clientId, client_secret: clientSecret, redirect_uri: redirectUri, code_verifier: codeVerifier }),
			})
			const accessToken = str(answer.access_token)
			if (!accessToken) throw badResponse('token response without access_token')
			// An answer without `scope` granted what was asked for.
			const scopes = typeof answer.scope === 'string' ? answer.scope.split(/[\s+]+/).filter(Boolean) : MASTODON_SCOPES
			const missing = MASTODON_SCOPES.filter((scope) => !scopes.includes(scope) && !scopes.includes(scope.split(':')[0]!))
			if (missing.length) {
				throw new PlatformError({ kind: 'permission_missing', code: 'permission_missing', message: `Mastodon: not granted: ${missing.join(' ')}` })
			}
			const account = await verifyCredentials(client, origin, accessToken)
			const page = pageOf(account, origin)
			const limits = await instances.read(origin).then(
				(info) => info.limits,
				() => null,
			)
			const token: TokenSet = { accessToken, refreshToken: null, expiresAt: null, scopes, server: origin }
			return { accountId: page.pageId, accountName: handleOf(account, origin), token, pages: [page], limits }
		},

		/** Mastodon tokens do not expire; a revoked one answers 401 (auth_expired). */
		async refreshToken(token: TokenSet): Promise<TokenSet> {
			await verifyCredentials(client, serverOf(token), token.accessToken)
			return token
		},
	}
}
