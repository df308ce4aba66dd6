import { randomBytes } from 'node:crypto'
import { json, type FakeRequest, type FakeResponse, type FakeRouter } from '../sandbox/fake-http.ts'
import type { SandboxContext } from '../sandbox/network.ts'

// LinkedIn's OAuth endpoints in the sandbox: a consent page marked 'Testmodus' and the token endpoint.
// LinkedIn has no PKCE and, outside its partner program, no refresh tokens.

const CODE_TTL_MS = 30 * 60_000
export const ACCESS_TOKEN_TTL_S = 60 * 24 * 3600
export const defaultMemberName = 'Max Muster'

/** LinkedIn's Community Management scopes: acting as an organization, reading whom the member administers. */
export const organizationPostScope = 'w_organization_social'
export const organizationAdminScopes = ['rw_organization_admin', 'r_organization_admin']

type PendingCode = { clientId: string; redirectUri: string; scope: string; sub: string; expiresAt: number }

// The member id is the profile name in base64url, so a sandbox token alone names its member across restarts.
export function memberSub(name: string) {
	return Buffer.from(name, 'utf8').toString('base64url')
}

export function memberName(sub: string) {
	return Buffer.from(sub, 'base64url').toString('utf8') || defaultMemberName
}

export function oauthRoutes(router: FakeRouter, { store, redirectAllowed }: SandboxContext) {
	const codes = new Map<string, PendingCode>()

	router.on('GET /oauth/v2/authorization', (req) => {
		const invalid = checkAuthorizeRequest(req.query, redirectAllowed)
		if (invalid) return html(400, errorPage(invalid))
		return html(200, consentPage(req.query))
	})

	router.on('POST /oauth/v2/authorization', (req) => {
		const invalid = checkAuthorizeRequest(req.form, redirectAllowed)
		if (invalid) return html(400, errorPage(invalid))
		const redirect = new URL(req.form.get('redirect_uri')!)
		const state = req.form.get('state') ?? ''
		if (req.form.get('decision') !== 'allow') {
			redirect.searchParams.set('error', 'user_cancelled_authorize')
			redirect.searchParams.set('error_description', 'The user cancelled the authorization')
			redirect.searchParams.set('state', state)
			return { status: 302, headers: { location: redirect.toString() } }
		}
		for (const [code, pending] of codes) if (pending.expiresAt < Date.now()) codes.delete(code)
		const code = randomBytes(24).toString('base64url')
		const name = (req.form.get('member') ?? '').trim().slice(0, 60) || defaultMemberName
		codes.set(code, {
			clientId: req.form.get('client_id')!,
			redirectUri: req.form.get('redirect_uri')!,
			scope: grantedScopes(req.form.get('scope') ?? '', req.form.get('organizations') === 'allow').join(' '),
			sub: memberSub(name),
			expiresAt: Date.now() + CODE_TTL_MS,
		})
		redirect.searchParams.set('code', code)
		redirect.searchParams.set('state', state)
		return { status: 302, headers: { location: redirect.toString() } }
	})

	router.on('POST /oauth/v2/accessToken', (req) => {
		const form = req.form
		const grant = form.get('grant_type')
		for (const field of ['grant_type', 'client_id', 'client_secret']) {
			if (!form.get(field)) return oauthFailure(400, 'invalid_request', `A required parameter "${field}" is missing`)
		}
		if (grant === 'refresh_token') return oauthFailure(400, 'invalid_grant', 'Refresh tokens are available to approved partners only')
		if (grant !== 'authorization_code') return oauthFailure(400, 'unsupported_grant_type', 'Unsupported grant type')
		for (const field of ['code', 'redirect_uri']) {
			if (!form.get(field)) return oauthFailure(400, 'invalid_request', `A required parameter "${field}" is missing`)
		}
		const code = form.get('code')!
		const pending = codes.get(code)
		codes.delete(code)
		if (!pending || pending.expiresAt < Date.now() || pending.redirectUri !== form.get('redirect_uri') || pending.clientId !== form.get('client_id')) {
			return oauthFailure(400, 'invalid_grant', 'The authorization code is invalid, used, expired or does not match the redirect uri')
		}
		const scopes = pending.scope.split(/[\s,]+/).filter(Boolean)
		const accessToken = store.issueToken({ platform: 'linkedin', subject: pending.sub, kind: 'access', scopes }, ACCESS_TOKEN_TTL_S)
		const scope = scopes.join(',')
		return json(200, { access_token: accessToken, expires_in: ACCESS_TOKEN_TTL_S, scope })
	})
}

const organizationScopes = new Set([organizationPostScope, 'r_organization_social', ...organizationAdminScopes])

/**
 * What the member grants: the requested scopes, without the organization ones when 'Unternehmensseiten'
 * was unticked (as for an app without LinkedIn's Community Management product, whose grant then reads
 * 'openid profile w_member_social'; the token response's `scope` lists what was granted).
 */
function grantedScopes(requested: string, organizations: boolean) {
	const scopes = requested.split(/[\s,]+/).filter(Boolean)
	return organizations ? scopes : scopes.filter((scope) => !organizationScopes.has(scope))
}

function checkAuthorizeRequest(params: URLSearchParams, redirectAllowed: SandboxContext['redirectAllowed']): string | null {
	if (params.get('response_type') !== 'code') return 'response_type muss "code" sein.'
	if (!params.get('client_id')) return 'client_id fehlt.'
	const redirectUri = params.get('redirect_uri')
	if (!redirectUri || !/^https?:\/\//.test(redirectUri) || !URL.canParse(redirectUri)) return 'redirect_uri fehlt oder ist keine absolute URL.'
	// Never an open redirect: only back to the app's own callback.
	if (!redirectAllowed(redirectUri)) return 'redirect_uri ist keine Rückruf-Adresse von Postwerk.'
	return null
}

function oauthFailure(status: number, error: string, description: string) {
	return json(status, { error, error_description: description })
}

function html(status: number, body: string): FakeResponse {
	return { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, raw: body }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const style = `body{font-family:system-ui,sans-serif;max-width:440px;margin:3rem auto;padding:0 1rem;color:#1d2226}.badge{background:#fef3c7;color:#92400e;padding:2px 8px;border-radius:6px;font-size:.8rem}h1{font-size:1.25rem}label{display:block;margin:1rem 0 .25rem}input[type=text]{width:100%;padding:.5rem;box-sizing:border-box}.actions{display:flex;gap:.5rem;margin-top:1.5rem}button{padding:.5rem 1.25rem;border-radius:999px;border:1px solid #0a66c2;font-size:1rem;cursor:pointer}button[value=allow]{background:#0a66c2;color:#fff}button[value=cancel]{background:#fff;color:#0a66c2}`

function page(body: string) {
	return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>LinkedIn (Testmodus)</title><style>${style}</style></head><body>${body}</body></html>`
}

function consentPage(query: FakeRequest['query']) {
	const hidden = ['response_type', 'client_id', 'redirect_uri', 'state', 'scope']
		.map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`)
		.join('')
	const scopes = (query.get('scope') ?? '').split(/[\s,]+/)
	const organizations = scopes.includes('w_organization_social')
	// Relative action: the page may be reached under another origin than the API base (browser vs. server).
	return page(`<p><span class="badge">Testmodus</span></p>
<h1>LinkedIn (Testmodus): Postwerk möchte in Ihrem Namen posten</h1>
<p>Dies ist das Sandbox-Netzwerk von Postwerk. Es wird nichts auf LinkedIn veröffentlicht.</p>
<ul><li>Ihren Namen und Ihr Profil lesen</li><li>In Ihrem Namen posten</li></ul>
<form method="post" action="authorization">${hidden}
<label for="member">Testprofil</label><input type="text" id="member" name="member" value="${escapeHtml(defaultMemberName)}" maxlength="60">
${organizations ? '<label><input type="checkbox" name="organizations" value="allow" checked> Für die Unternehmensseite „Muster AG“ posten und ihre Statistiken lesen</label>' : ''}
<div class="actions"><button type="submit" name="decision" value="allow">Zulassen</button><button type="submit" name="decision" value="cancel">Abbrechen</button></div>
</form>`)
}

function errorPage(reason: string) {
	return page(`<p><span class="badge">Testmodus</span></p><h1>LinkedIn (Testmodus): Ungültige Anfrage</h1><p>${escapeHtml(reason)}</p>`)
}
