import { PlatformError, type ConnectedAccount, type PageInfo, type TokenSet } from '#modules/publishing/ports.ts'
import { num, str, type Json, type Xrpc } from './client.ts'
import { badResponse, blueskyError, failure, xrpcErrorOf } from './errors.ts'
import { checkAppPassword, isDid, normaliseHandle, resolveHandle, resolvePds } from './identity.ts'

/** Bluesky's access tokens live about two hours; used when a token carries no readable `exp`. */
const DEFAULT_ACCESS_TTL_MS = 2 * 3600 * 1000

/** The `exp` of a JWT's payload (not verified: only the PDS can, and it will), or now + 2 h. */
export function jwtExpiry(jwt: string, now = Date.now()): Date {
	try {
		const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown }
		if (typeof payload.exp === 'number' && Number.isFinite(payload.exp)) return new Date(payload.exp * 1000)
	} catch {
		// not a JWT we can read: the default below
	}
	return new Date(now + DEFAULT_ACCESS_TTL_MS)
}

function tokenSet(body: Json, server: string): TokenSet {
	const accessToken = str(body.accessJwt)
	const refreshToken = str(body.refreshJwt)
	if (!accessToken || !refreshToken) throw badResponse('session without accessJwt and refreshJwt')
	return { accessToken, refreshToken, expiresAt: jwtExpiry(accessToken), scopes: [], server }
}

/** The account as the one "page" it publishes as (app.bsky.actor.getProfile through the PDS). */
export async function profilePage(xrpc: Xrpc, pds: string, did: string, accessToken: string, handle: string | null = null): Promise<PageInfo> {
	let profile: Json = {}
	try {
		profile = await xrpc.get(pds, 'app.bsky.actor.getProfile', { actor: did }, { token: accessToken })
	} catch (error) {
		// A new account may not be indexed by the AppView yet; the page still works without its profile.
		if (!(error instanceof PlatformError) || error.code !== 'not_found') throw error
	}
	return {
		pageId: did,
		name: str(profile.displayName)?.trim() || str(profile.handle) || handle || did,
		type: 'personal',
		pictureUrl: str(profile.avatar),
		followerCount: num(profile.followersCount),
		accessToken: null,
	}
}

/**
 * Handle and app password to a connected account: both checked before anything is sent, the handle
 * resolved to its DID and PDS, then com.atproto.server.createSession on that PDS with the DID.
 */
export async function signIn(xrpc: Xrpc, apiBase: string, input: { identifier: string; password: string }): Promise<ConnectedAccount> {
	const handle = normaliseHandle(input.identifier)
	const password = checkAppPassword(input.password)
	const did = await resolveHandle(xrpc, apiBase, handle)
	const pds = await resolvePds(xrpc, did)
	const session = await createSession(xrpc, pds, did, password)
	if (session.did !== did || !isDid(session.did)) throw badResponse(`createSession answered for ${String(session.did)}, not ${did}`)
	const token = tokenSet(session, pds)
	const accountName = str(session.handle) ?? handle
	const page = await profilePage(xrpc, pds, did, token.accessToken, accountName)
	return { accountId: did, accountName, token, pages: [page] }
}

/** createSession's refusals are about the input (wrong app password, an e-mail code wanted), not an expired token. */
async function createSession(xrpc: Xrpc, pds: string, did: string, password: string): Promise<Json> {
	const nsid = 'com.atproto.server.createSession'
	const result = await xrpc.send(new URL(`/xrpc/${nsid}`, pds).href, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: did, password }) })
	if (result.status >= 200 && result.status < 300 && result.json && typeof result.json === 'object') return result.json as Json
	const { error, message } = xrpcErrorOf(result.json)
	const why = `createSession ${result.status} ${error ?? ''}: ${message ?? ''}`
	if (error === 'AccountTakedown' || error === 'AccountDeactivated') throw blueskyError(result, nsid)
	if (error === 'AuthFactorTokenRequired') throw failure('invalid_request', 'two_factor_required', why, { status: result.status })
	if (result.status === 401 || error === 'AuthenticationRequired') throw failure('invalid_request', 'invalid_credentials', why, { status: result.status })
	throw blueskyError(result, nsid)
}

/** com.atproto.server.refreshSession with the refresh JWT (single use: the answer is a new pair). */
export async function refresh(xrpc: Xrpc, apiBase: string, token: TokenSet): Promise<TokenSet> {
	const server = token.server ?? apiBase
	if (!token.refreshToken) throw failure('auth_expired', 'reconnect_required', 'no refresh token')
	try {
		return tokenSet(await xrpc.call(server, 'com.atproto.server.refreshSession', { method: 'POST', token: token.refreshToken }), server)
	} catch (error) {
		if (error instanceof PlatformError && (error.kind === 'auth_expired' || error.code === 'token_expired')) {
			throw failure('auth_expired', 'reconnect_required', error.message, { status: error.status })
		}
		throw error
	}
}
