import { createHash, randomBytes } from 'node:crypto'
import { json, type FakeRequest, type FakeRouter } from '../sandbox/fake-http.ts'
import type { SandboxContext } from '../sandbox/network.ts'
import type { SandboxStore } from '../sandbox/store.ts'
import { renderConsent, renderConsentError } from './sandbox-consent.ts'
import { error, html, instanceRoute, issueUserToken, param, TEN_YEARS_S } from './sandbox-shared.ts'

// Apps, consent and tokens of every sandbox instance (docs.joinmastodon.org: POST /api/v1/apps,
// GET /oauth/authorize, POST /oauth/token; PKCE S256 since 4.3). Registered apps are signed tokens
// themselves (client_id carries host, redirect URIs and scopes), so they survive a restart like the
// access tokens: the app keeps its registration per instance.

type App = { host: string; redirectUris: Array<string>; scopes: Array<string> }
type Code = { host: string; clientId: string; redirectUri: string; scope: string; challenge: string | null; expiresAt: number }

const CODE_TTL_MS = 10 * 60_000
const OOB = 'urn:ietf:wg:oauth:2.0:oob'
const SCOPE = /^(?:read|write|follow|push|profile)(?::[a-z_]+)?$/
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url')

function appOf(store: SandboxStore, clientId: string | null, host: string): App | null {
	const claims = store.verifyToken(clientId)
	if (!claims || claims.platform !== 'mastodon' || claims.kind !== 'app') return null
	const app = JSON.parse(claims.subject) as App
	return app.host === host ? app : null
}

function secretMatches(store: SandboxStore, clientId: string, secret: string | null) {
	const claims = store.verifyToken(secret)
	return claims?.platform === 'mastodon' && claims.kind === 'secret' && claims.subject === sha256(clientId)
}

/** A requested scope is granted by the same scope or its parent ('read' covers 'read:statuses'). */
const covered = (requested: string, granted: Array<string>) => granted.includes(requested) || granted.includes(requested.split(':')[0]!)

export function addOAuthRoutes(router: FakeRouter, { store, redirectAllowed }: SandboxContext) {
	const codes = new Map<string, Code>()

	instanceRoute(router, 'POST /api/v1/apps', (req, host) => {
		const name = param(req, 'client_name')
		const given = (req.json as { redirect_uris?: unknown } | null)?.redirect_uris ?? req.form.getAll('redirect_uris[]').concat(req.form.getAll('redirect_uris'))
		const redirectUris = (Array.isArray(given) ? given : [given]).flatMap((uri) => (typeof uri === 'string' ? uri.split('\n') : [])).filter(Boolean)
		const scopes = (param(req, 'scopes') ?? 'read').split(/[\s+]+/).filter(Boolean)
		if (!name) return error(422, "Validation failed: Application name can't be blank")
		if (!redirectUris.length || redirectUris.some((uri) => uri !== OOB && !URL.canParse(uri))) {
			return error(422, 'Validation failed: Redirect URI must be an absolute URI.')
		}
		if (scopes.some((scope) => !SCOPE.test(scope))) return error(422, 'Validation failed: Scopes must only contain valid scopes')
		const app: App = { host, redirectUris, scopes }
		const clientId = store.issueToken({ platform: 'mastodon', subject: JSON.stringify(app), kind: 'app' }, TEN_YEARS_S)
		const clientSecret = store.issueToken({ platform: 'mastodon', subject: sha256(clientId), kind: 'secret' }, TEN_YEARS_S)
		return json(200, {
			id: store.nextId(''),
			name,
			website: param(req, 'website'),
			scopes,
			redirect_uri: redirectUris.join('\n'),
			redirect_uris: redirectUris,
			client_id: clientId,
			client_secret: clientSecret,
			client_secret_expires_at: 0,
		})
	})

	/** The authorization request's problem in German, or null when the consent page may be shown. */
	function problem(read: (name: string) => string | null, host: string) {
		const app = appOf(store, read('client_id'), host)
		const redirectUri = read('redirect_uri')
		if (!app) return 'Unbekannte Anwendung: client_id gehört zu keiner App auf diesem Server.'
		// Never an open redirect: only a URI the app registered, and only back into the app itself.
		if (!redirectUri || !app.redirectUris.includes(redirectUri) || !redirectAllowed(redirectUri)) return 'Ungültige redirect_uri: Die Anmeldung kann nicht fortgesetzt werden.'
		if (read('response_type') !== 'code') return 'Ungültige Anfrage: response_type=code fehlt.'
		if (read('code_challenge') && read('code_challenge_method') !== 'S256') return 'Ungültige Anfrage: code_challenge_method muss S256 sein.'
		const scopes = (read('scope') || 'read').split(/[\s+]+/).filter(Boolean)
		if (scopes.some((scope) => !covered(scope, app.scopes))) return 'Ungültiger scope: Die App hat diese Rechte nicht angemeldet.'
		return null
	}

	instanceRoute(router, 'GET /oauth/authorize', (req, host) => {
		const read = (name: string) => req.query.get(name)
		const refused = problem(read, host)
		if (refused) return html(400, renderConsentError(host, refused))
		const fields: Record<string, string> = {}
		for (const name of ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method']) fields[name] = read(name) ?? ''
		if (!fields.scope) fields.scope = 'read'
		return html(200, renderConsent(host, fields))
	})

	instanceRoute(router, 'POST /oauth/authorize', (req, host) => {
		const read = (name: string) => req.form.get(name) || null
		const refused = problem(read, host)
		if (refused) return html(400, renderConsentError(host, refused))
		const redirectUri = read('redirect_uri')!
		const target = new URL(redirectUri)
		if (req.form.get('decision') === 'allow') {
			const code = randomBytes(24).toString('base64url')
			const now = Date.now()
			for (const [key, entry] of codes) if (entry.expiresAt < now) codes.delete(key)
			codes.set(code, { host, clientId: read('client_id')!, redirectUri, scope: read('scope') ?? 'read', challenge: read('code_challenge'), expiresAt: now + CODE_TTL_MS })
			target.searchParams.set('code', code)
		} else {
			target.searchParams.set('error', 'access_denied')
			target.searchParams.set('error_description', 'The resource owner or authorization server denied the request.')
		}
		const state = read('state')
		if (state) target.searchParams.set('state', state)
		return { status: 302, headers: { location: target.toString(), 'cache-control': 'no-store' } }
	})

	instanceRoute(router, 'POST /oauth/token', (req, host) => token(req, host))

	// RFC 7009: the token is revoked for a known client; the answer is 200 either way.
	instanceRoute(router, 'POST /oauth/revoke', (req, host) => {
		const clientId = param(req, 'client_id') ?? ''
		if (!appOf(store, clientId, host) || !secretMatches(store, clientId, param(req, 'client_secret'))) return error(403, 'unauthorized_client')
		const revoked = param(req, 'token')
		if (revoked) store.revoke(revoked)
		return json(200, {})
	})

	function token(req: FakeRequest, host: string) {
		const clientId = param(req, 'client_id') ?? ''
		if (!appOf(store, clientId, host) || !secretMatches(store, clientId, param(req, 'client_secret'))) {
			return error(401, 'invalid_client', { error_description: 'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.' })
		}
		// An app token (client_credentials): only proves the registration is known.
		if (param(req, 'grant_type') === 'client_credentials') {
			const appToken = store.issueToken({ platform: 'mastodon', subject: host, kind: 'app-token' }, TEN_YEARS_S)
			return json(200, { access_token: appToken, token_type: 'Bearer', scope: param(req, 'scope') ?? 'read', created_at: Math.floor(Date.now() / 1000) })
		}
		if (param(req, 'grant_type') !== 'authorization_code') {
			return error(400, 'unsupported_grant_type', { error_description: 'The authorization grant type is not supported by the authorization server.' })
		}
		const code = param(req, 'code') ?? ''
		const entry = codes.get(code)
		codes.delete(code)
		const verifier = param(req, 'code_verifier')
		const valid =
			entry &&
			entry.expiresAt >= Date.now() &&
			entry.host === host &&
			entry.clientId === clientId &&
			entry.redirectUri === param(req, 'redirect_uri') &&
			(!entry.challenge || (verifier !== null && sha256(verifier) === entry.challenge))
		if (!valid) {
			return error(400, 'invalid_grant', {
				error_description: 'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
			})
		}
		return json(200, { access_token: issueUserToken(store, host), token_type: 'Bearer', scope: entry.scope, created_at: Math.floor(Date.now() / 1000) })
	}
}
