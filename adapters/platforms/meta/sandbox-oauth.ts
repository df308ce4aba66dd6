import type { FakeRequest } from '../sandbox/fake-http.ts'
import { GRAPH_VERSION } from './endpoints.ts'
import { renderConsent, renderError, renderPicture } from './sandbox-consent.ts'
import {
	CODE_TTL_S,
	LONG_TOKEN_TTL_S,
	PAGE_TOKEN_TTL_S,
	SANDBOX_PAGES,
	SANDBOX_USER,
	SHORT_TOKEN_TTL_S,
	authenticate,
	fieldNames,
	graphError,
	invalidToken,
	isResponse,
	issueToken,
	ok,
	pageById,
	paginate,
	param,
	pick,
	readToken,
	redirectHash,
	type MetaContext,
} from './sandbox-shared.ts'

const v = `/${GRAPH_VERSION}`

/** Consent dialog, token endpoint and the user's own nodes (/me, /me/permissions, /me/accounts). */
export function addOAuthRoutes(ctx: MetaContext) {
	const { router, store } = ctx
	const usedCodes = new Set<string>()

	router.on('GET /dialog/oauth', (req) => {
		const redirectUri = req.query.get('redirect_uri') ?? ''
		if (!/^https?:\/\//.test(redirectUri)) return html(400, renderError('Ungültige oder fehlende redirect_uri.'))
		// Never an open redirect: only back to the app's own callback.
		if (!ctx.redirectAllowed(redirectUri)) return html(400, renderError('Ungültige redirect_uri: keine Rückruf-Adresse von Postwerk.'))
		const scopes = (req.query.get('scope') ?? '').split(/[,\s]+/).filter(Boolean)
		const decision = req.query.get('decision')
		if (!decision) return html(200, renderConsent(req.query, scopes))
		const target = new URL(redirectUri)
		const state = req.query.get('state')
		if (decision === 'allow') {
			const code = issueToken(store, { type: 'code', subject: SANDBOX_USER.id, scopes, redirect: redirectHash(redirectUri) }, CODE_TTL_S)
			target.searchParams.set('code', code)
		} else {
			target.searchParams.set('error', 'access_denied')
			target.searchParams.set('error_code', '200')
			target.searchParams.set('error_description', 'Permissions error')
			target.searchParams.set('error_reason', 'user_denied')
		}
		if (state !== null) target.searchParams.set('state', state)
		return { status: 302, headers: { location: target.toString(), 'cache-control': 'no-store' } }
	})

	router.on(`GET ${v}/oauth/access_token`, (req) => {
		if (param(req, 'grant_type') === 'fb_exchange_token') {
			const claims = readToken(store, param(req, 'fb_exchange_token'))
			if (!claims || (claims.type !== 'short' && claims.type !== 'long')) return invalidToken()
			const token = issueToken(store, { ...claims, type: 'long' }, LONG_TOKEN_TTL_S)
			return ok({ access_token: token, token_type: 'bearer', expires_in: LONG_TOKEN_TTL_S })
		}
		const code = param(req, 'code') ?? ''
		const claims = readToken(store, code)
		if (!claims || claims.type !== 'code') return graphError(100, 'Invalid verification code format.', { subcode: 36007 })
		if (claims.redirect !== redirectHash(param(req, 'redirect_uri') ?? '')) {
			return graphError(100, 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request', { subcode: 36008 })
		}
		if (usedCodes.has(code)) return graphError(100, 'This authorization code has been used.', { subcode: 36009 })
		usedCodes.add(code)
		const token = issueToken(store, { ...claims, type: 'short', redirect: '' }, SHORT_TOKEN_TTL_S)
		return ok({ access_token: token, token_type: 'bearer', expires_in: SHORT_TOKEN_TTL_S })
	})

	router.on(`GET ${v}/me`, (req) => {
		const claims = authenticate(ctx, req)
		if (isResponse(claims)) return claims
		if (claims.type === 'page') {
			const page = pageById(claims.subject)
			return page ? ok(pick({ id: page.id, name: page.name }, fieldNames(req, ['name']))) : invalidToken()
		}
		return ok(pick({ ...SANDBOX_USER }, fieldNames(req, ['name'])))
	})

	router.on(`GET ${v}/me/permissions`, (req) => {
		const claims = authenticate(ctx, req)
		if (isResponse(claims)) return claims
		return ok(paginate(ctx, req, claims.scopes.map((permission) => ({ permission, status: 'granted' }))))
	})

	router.on(`GET ${v}/me/accounts`, (req) => {
		const claims = authenticate(ctx, req)
		if (isResponse(claims)) return claims
		if (claims.type === 'page') return graphError(100, '(#100) Tried accessing nonexisting field (accounts) on node type (Page)')
		const fields = fieldNames(req, ['name', 'access_token', 'category', 'tasks'])
		const pages = SANDBOX_PAGES.map((page) =>
			pick(
				{
					id: page.id,
					name: page.name,
					category: 'Café',
					tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
					access_token: issueToken(store, { type: 'page', subject: page.id, scopes: claims.scopes, redirect: '' }, PAGE_TOKEN_TTL_S),
					picture: { data: { url: `${ctx.base}/picture/${page.id}`, is_silhouette: false, height: 100, width: 100 } },
					followers_count: page.followers,
					fan_count: page.fans,
					instagram_business_account: { id: page.ig.id },
				},
				fields,
			),
		)
		return ok(paginate(ctx, req, pages))
	})

	router.on('GET /picture/:id', (req) => picture(req))
	router.on('HEAD /picture/:id', (req) => ({ ...picture(req), raw: '' }))
}

function picture(req: FakeRequest) {
	const id = req.params.id ?? ''
	const page = SANDBOX_PAGES.find((p) => p.id === id || p.ig.id === id)
	return { status: page ? 200 : 404, headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' }, raw: page ? renderPicture(page.name) : '' }
}

function html(status: number, body: string) {
	return { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, raw: body }
}
