import { PlatformError, type TokenSet } from '#modules/publishing/ports.ts'
import type { AdapterSettings } from '../settings.ts'
import { graphRequest, type Graph } from './graph.ts'

// Facebook Login for Business, shared by the Facebook Pages and the Instagram (variant A) adapters:
// code → short-lived user token (1–2 h) → long-lived user token (~60 days) via fb_exchange_token.
// Page tokens taken with the long-lived token do not expire (they die on password change or role loss).

type TokenResponse = { access_token?: string; token_type?: string; expires_in?: number }

export type ManagedPage = {
	id: string
	name: string
	access_token?: string
	tasks?: Array<string>
	picture?: { data?: { url?: string } }
	followers_count?: number
	fan_count?: number
	instagram_business_account?: { id: string }
}

export function dialogUrl(settings: Pick<AdapterSettings, 'authorizeUrl' | 'clientId'>, input: { state: string; redirectUri: string; scopes: Array<string> }) {
	const url = new URL(settings.authorizeUrl)
	url.searchParams.set('client_id', settings.clientId)
	url.searchParams.set('redirect_uri', input.redirectUri)
	url.searchParams.set('state', input.state)
	url.searchParams.set('scope', input.scopes.join(','))
	url.searchParams.set('response_type', 'code')
	return url.toString()
}

async function tokenRequest(settings: AdapterSettings, params: Record<string, string>) {
	const url = new URL(settings.tokenUrl)
	for (const [key, value] of Object.entries({ client_id: settings.clientId, client_secret: settings.clientSecret, ...params })) url.searchParams.set(key, value)
	const body = await graphRequest<TokenResponse>(settings, url.toString())
	if (!body.access_token) throw new PlatformError({ kind: 'transient', code: 'transient', message: 'token response without access_token' })
	return { accessToken: body.access_token, expiresAt: typeof body.expires_in === 'number' && body.expires_in > 0 ? new Date(Date.now() + body.expires_in * 1000) : null }
}

/** Authorization code → long-lived user token. */
export async function exchangeCodeForUserToken(settings: AdapterSettings, input: { code: string; redirectUri: string }) {
	const short = await tokenRequest(settings, { redirect_uri: input.redirectUri, code: input.code })
	return extendUserToken(settings, short.accessToken)
}

export function extendUserToken(settings: AdapterSettings, accessToken: string) {
	return tokenRequest(settings, { grant_type: 'fb_exchange_token', fb_exchange_token: accessToken })
}

export async function fetchIdentity(graph: Graph, token: string) {
	const me = await graph.get<{ id?: string; name?: string }>('me', { fields: 'id,name' }, token)
	if (!me.id) throw new PlatformError({ kind: 'transient', code: 'transient', message: '/me without id' })
	return { id: me.id, name: me.name ?? me.id }
}

/** The granted scopes; fails with permission_missing when the user declined a required one. */
export async function grantedScopes(graph: Graph, token: string, required: Array<string>) {
	const permissions = await graph.list<{ permission: string; status: string }>('me/permissions', {}, token)
	const granted = permissions.filter((p) => p.status === 'granted').map((p) => p.permission)
	const missing = required.filter((scope) => !granted.includes(scope))
	if (missing.length) throw new PlatformError({ kind: 'permission_missing', code: 'permission_missing', message: `scopes not granted: ${missing.join(', ')}` })
	return granted
}

export function fetchManagedPages(graph: Graph, userToken: string, fields: string) {
	return graph.list<ManagedPage>('me/accounts', { fields, limit: 100 }, userToken)
}

/** The consent's code → a long-lived user token with its scopes checked, and who the user is. */
export async function connectUser(settings: AdapterSettings, graph: Graph, input: { code: string; redirectUri: string }, required: Array<string>) {
	const long = await exchangeCodeForUserToken(settings, input)
	const scopes = await grantedScopes(graph, long.accessToken, required)
	const user = await fetchIdentity(graph, long.accessToken)
	const token: TokenSet = { accessToken: long.accessToken, refreshToken: null, expiresAt: long.expiresAt, scopes }
	return { user, token }
}

/**
 * Meta has no refresh token: a still valid long-lived user token is exchanged again; once it has
 * expired (or Meta refuses it) only a new consent helps.
 */
export async function refreshUserToken(settings: AdapterSettings, token: TokenSet): Promise<TokenSet> {
	const reconnect = (message: string) => new PlatformError({ kind: 'auth_expired', code: 'reconnect_required', message })
	if (token.expiresAt && token.expiresAt.getTime() <= Date.now()) throw reconnect('long-lived token expired')
	try {
		const fresh = await extendUserToken(settings, token.accessToken)
		return { ...token, accessToken: fresh.accessToken, expiresAt: fresh.expiresAt }
	} catch (error) {
		if (error instanceof PlatformError && (error.kind === 'auth_expired' || error.kind === 'invalid_request')) throw reconnect(error.message)
		throw error
	}
}
