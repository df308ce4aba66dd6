import { randomBytes } from 'node:crypto'
import { json, type FakeRouter } from '../sandbox/fake-http.ts'
import type { SandboxContext } from '../sandbox/network.ts'
import { renderConsent, renderConsentError } from './consent-page.ts'
import {
	graphError,
	invalidToken,
	LONG_TOKEN_TTL_S,
	param,
	REFRESH_MIN_AGE_MS,
	SANDBOX_USER,
	SHORT_TOKEN_TTL_S,
} from './sandbox-shared.ts'

const CODE_TTL_MS = 10 * 60_000
// The security headers (CSP included) are the app's: the sandbox is mounted behind them.
const html = (status: number, body: string) => ({ status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, raw: body })

/** Consent page, code exchange, long-lived exchange and refresh (Threads' OAuth, ADAPTERS.md 1.4). */
export function addThreadsOAuthRoutes(router: FakeRouter, { store, redirectAllowed }: SandboxContext) {
	const codes = new Map<string, { redirectUri: string; expiresAt: number }>()

	function issueCode(redirectUri: string) {
		const now = Date.now()
		for (const [code, entry] of codes) if (entry.expiresAt < now) codes.delete(code)
		const code = `th_code_${randomBytes(12).toString('base64url')}`
		codes.set(code, { redirectUri, expiresAt: now + CODE_TTL_MS })
		return code
	}

	router.on('GET /oauth/authorize', (req) => {
		const redirectUri = req.query.get('redirect_uri')
		// Never an open redirect: the browser goes back only to the app's own callback.
		if (!redirectAllowed(redirectUri)) return html(400, renderConsentError('Ungültige redirect_uri: Die Anmeldung kann nicht fortgesetzt werden.'))
		if (req.query.get('response_type') !== 'code' || !req.query.get('client_id')) {
			return html(400, renderConsentError('Ungültige Anfrage: client_id und response_type=code fehlen.'))
		}
		const fields: Record<string, string> = { redirect_uri: redirectUri! }
		for (const name of ['client_id', 'scope', 'state']) fields[name] = req.query.get(name) ?? ''
		return html(200, renderConsent(fields))
	})

	router.on('POST /oauth/authorize', (req) => {
		const redirectUri = req.form.get('redirect_uri')
		if (!redirectAllowed(redirectUri)) return html(400, renderConsentError('Ungültige redirect_uri: Die Anmeldung kann nicht fortgesetzt werden.'))
		const target = new URL(redirectUri!)
		if (req.form.get('decision') === 'allow') {
			target.searchParams.set('code', issueCode(redirectUri!))
		} else {
			target.searchParams.set('error', 'access_denied')
			target.searchParams.set('error_reason', 'user_denied')
			target.searchParams.set('error_description', 'Permissions error')
		}
		const state = req.form.get('state')
		if (state) target.searchParams.set('state', state)
		return { status: 302, headers: { location: target.toString(), 'cache-control': 'no-store' } }
	})

	router.on('POST /oauth/access_token', (req) => {
		const code = param(req, 'code') ?? ''
		const entry = codes.get(code)
		codes.delete(code)
		if (param(req, 'grant_type') !== 'authorization_code' || !param(req, 'client_id') || !param(req, 'client_secret')) {
			return graphError(400, 100, 'Invalid parameter: grant_type, client_id and client_secret are required.', { type: 'OAuthException' })
		}
		if (!entry || entry.expiresAt < Date.now()) return graphError(400, 100, 'Invalid authorization code.', { type: 'OAuthException', error_subcode: 36007 })
		if (entry.redirectUri !== param(req, 'redirect_uri')) {
			return graphError(400, 100, 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request', { type: 'OAuthException' })
		}
		const token = store.issueToken({ platform: 'threads', subject: SANDBOX_USER.id, kind: 'short' }, SHORT_TOKEN_TTL_S)
		// The real endpoint answers user_id as a JSON number.
		return json(200, { access_token: token, user_id: Number(SANDBOX_USER.id) })
	})

	router.on('GET /access_token', (req) => {
		if (req.query.get('grant_type') !== 'th_exchange_token' || !req.query.get('client_secret')) {
			return graphError(400, 100, 'Invalid parameter: grant_type=th_exchange_token and client_secret are required.', { type: 'OAuthException' })
		}
		const claims = store.verifyToken(req.query.get('access_token'))
		if (claims?.platform !== 'threads' || claims.kind !== 'short') return invalidToken()
		const token = store.issueToken({ platform: 'threads', subject: claims.subject, kind: 'long' }, LONG_TOKEN_TTL_S)
		return json(200, { access_token: token, token_type: 'bearer', expires_in: LONG_TOKEN_TTL_S })
	})

	router.on('GET /refresh_access_token', (req) => {
		if (req.query.get('grant_type') !== 'th_refresh_token') {
			return graphError(400, 100, 'Invalid parameter: grant_type must be th_refresh_token.', { type: 'OAuthException' })
		}
		const claims = store.verifyToken(req.query.get('access_token'))
		if (claims?.platform !== 'threads' || claims.kind !== 'long') return invalidToken()
		// Long-lived tokens all have the same lifetime, so the expiry tells the issue time.
		const issuedAt = claims.expiresAt - LONG_TOKEN_TTL_S * 1000
		if (Date.now() - issuedAt < REFRESH_MIN_AGE_MS) {
			return graphError(400, 100, 'The access token is less than 24 hours old and cannot be refreshed yet.', { type: 'OAuthException' })
		}
		const token = store.issueToken({ platform: 'threads', subject: claims.subject, kind: 'long' }, LONG_TOKEN_TTL_S)
		return json(200, { access_token: token, token_type: 'bearer', expires_in: LONG_TOKEN_TTL_S })
	})
}
