import { sql } from 'kysely'
import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { randomToken, sha256 } from '#modules/core/crypto.server.ts'
import { API_SCOPES, isApiScope, TOKEN_PREFIX, type ApiScope } from './api-scopes.ts'
import { OAUTH_LIFETIMES, type OAuthAudience, type OAuthGrantView } from './oauth-types.ts'

// OAuth 2.1 authorization server (ADR 0071): registered clients, the consent request and its code,
// grants with rotating refresh tokens. Access tokens are rows of api_tokens (grant_id, audience,
// expires_at in an hour): the bearer check, scopes, rate limit, last use and the 'api' activity entry
// are the personal tokens' (authorizeApiToken). Codes, secrets and tokens are kept as SHA-256 only.

export const REFRESH_PREFIX = 'pwr_'
const CLIENT_SECRET_PREFIX = 'pwc_'

export type OAuthClient = {
	id: string
	clientName: string
	redirectUris: Array<string>
	authMethod: 'none' | 'client_secret_post'
	secretHash: string | null
	secretExpiresAt: number | null
	issuedAt: number
	metadata: Record<string, unknown>
}

export type NewOAuthClient = { clientName: string; redirectUris: Array<string>; authMethod: 'none' | 'client_secret_post'; metadata: Record<string, unknown> }

export type OAuthTokens = { access_token: string; token_type: 'Bearer'; expires_in: number; refresh_token: string; scope: string }

export type OAuthFailure = 'invalid_grant' | 'invalid_target' | 'invalid_scope'

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** Which of this server's resources (RFC 8707) a resource URL names: /mcp, /api/v1 or the whole origin; null for anything else. */
export function audienceOf(appUrl: string, resource: string): OAuthAudience | null {
	let url: URL
	try {
		url = new URL(resource)
	} catch {
		return null
	}
	const origin = new URL(appUrl).origin
	if (url.origin !== origin || url.search || url.hash) return null
	const path = url.pathname.replace(/\/$/, '')
	if (path === '') return 'all'
	if (path === '/mcp') return 'mcp'
	if (path === '/api/v1') return 'api'
	return null
}

/** The scopes a request names ('read posts'); all of API_SCOPES when it names none; null when one is unknown. */
export function requestedScopes(scopes: ReadonlyArray<string>): Array<ApiScope> | null {
	const named = scopes.filter((s) => s !== '')
	if (named.length === 0) return [...API_SCOPES]
	if (!named.every(isApiScope)) return null
	return API_SCOPES.filter((s) => named.includes(s))
}

/** Registers a client (RFC 7591); the secret (client_secret_post) only in this answer. */
export async function registerOAuthClient(db: Db, input: NewOAuthClient): Promise<{ client: OAuthClient; secret: string | null }> {
	const secret = input.authMethod === 'client_secret_post' ? `${CLIENT_SECRET_PREFIX}${randomToken(32)}` : null
	const row = await db
		.insertInto('oauth_clients')
		.values({
			client_name: input.clientName,
			redirect_uris: input.redirectUris,
			token_endpoint_auth_method: input.authMethod,
			client_secret_hash: secret ? sha256(secret) : null,
			metadata: JSON.stringify(input.metadata),
		})
		.returningAll()
		.executeTakeFirstOrThrow()
	return { client: toClient(row), secret }
}

type ClientRow = { id: string; client_name: string; redirect_uris: Array<string>; token_endpoint_auth_method: string; client_secret_hash: string | null; client_secret_expires_at: Date | null; metadata: unknown; created_at: Date }

function toClient(row: ClientRow): OAuthClient {
	return {
		id: row.id,
		clientName: row.client_name,
		redirectUris: row.redirect_uris,
		authMethod: row.token_endpoint_auth_method === 'client_secret_post' ? 'client_secret_post' : 'none',
		secretHash: row.client_secret_hash,
		secretExpiresAt: row.client_secret_expires_at ? seconds(row.client_secret_expires_at) : null,
		issuedAt: seconds(row.created_at),
		metadata: typeof row.metadata === 'object' && row.metadata !== null ? (row.metadata as Record<string, unknown>) : {},
	}
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function findOAuthClient(db: DbOrTrx, clientId: string): Promise<OAuthClient | null> {
	if (!UUID.test(clientId)) return null
	const row = await db.selectFrom('oauth_clients').selectAll().where('id', '=', clientId).executeTakeFirst()
	return row ? toClient(row) : null
}

export type AuthorizationStart = { clientId: string; redirectUri: string; scopes: Array<ApiScope>; audience: OAuthAudience; resource: string; codeChallenge: string; state: string | null }

/** Keeps an authorization request until the user decides on the consent page; its id goes into the page's address. */
export async function startAuthorization(db: Db, input: AuthorizationStart) {
	await db.deleteFrom('oauth_authorizations').where('expires_at', '<', sql<Date>`now() - interval '1 day'`).execute()
	const row = await db
		.insertInto('oauth_authorizations')
		.values({
			client_id: input.clientId,
			redirect_uri: input.redirectUri,
			scopes: input.scopes,
			audience: input.audience,
			resource: input.resource,
			code_challenge: input.codeChallenge,
			state: input.state,
			expires_at: sql<Date>`now() + ${`${OAUTH_LIFETIMES.codeSeconds} seconds`}::interval`,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	return row.id
}

export type PendingAuthorization = { id: string; clientName: string; redirectUri: string; scopes: Array<ApiScope>; audience: OAuthAudience }

/** A request still waiting for the user's decision (not expired, no code yet). */
export async function pendingAuthorization(db: DbOrTrx, requestId: string): Promise<PendingAuthorization | null> {
	if (!UUID.test(requestId)) return null
	const row = await db
		.selectFrom('oauth_authorizations')
		.innerJoin('oauth_clients', 'oauth_clients.id', 'oauth_authorizations.client_id')
		.select(['oauth_authorizations.id', 'oauth_clients.client_name', 'oauth_authorizations.redirect_uri', 'oauth_authorizations.scopes', 'oauth_authorizations.audience'])
		.where('oauth_authorizations.id', '=', requestId)
		.where('oauth_authorizations.code_hash', 'is', null)
		.where('oauth_authorizations.expires_at', '>', sql<Date>`now()`)
		.executeTakeFirst()
	if (!row) return null
	return { id: row.id, clientName: row.client_name, redirectUri: row.redirect_uri, scopes: row.scopes.filter(isApiScope), audience: row.audience as OAuthAudience }
}

function redirectWith(redirectUri: string, values: Record<string, string | null>) {
	const url = new URL(redirectUri)
	for (const [key, value] of Object.entries(values)) if (value !== null) url.searchParams.set(key, value)
	return url.href
}

/**
 * The user's 'Zulassen': the request gets its single-use code (valid OAUTH_LIFETIMES.codeSeconds) and
 * the answer is where to send the browser (the registered redirect URI with code and state); null
 * when the request is unknown, expired or already decided.
 */
export async function approveAuthorization(db: Db, userId: string, requestId: string): Promise<string | null> {
	if (!UUID.test(requestId)) return null
	const code = randomToken(32)
	const row = await db
		.updateTable('oauth_authorizations')
		.set({ user_id: userId, code_hash: sha256(code), expires_at: sql<Date>`now() + ${`${OAUTH_LIFETIMES.codeSeconds} seconds`}::interval` })
		.where('id', '=', requestId)
		.where('code_hash', 'is', null)
		.where('expires_at', '>', sql<Date>`now()`)
		.returning(['redirect_uri', 'state'])
		.executeTakeFirst()
	return row ? redirectWith(row.redirect_uri, { code, state: row.state }) : null
}

/** The user's 'Ablehnen': the request is dropped and the app hears access_denied; null when unknown or decided. */
export async function denyAuthorization(db: Db, requestId: string): Promise<string | null> {
	if (!UUID.test(requestId)) return null
	const row = await db.deleteFrom('oauth_authorizations').where('id', '=', requestId).where('code_hash', 'is', null).returning(['redirect_uri', 'state']).executeTakeFirst()
	return row ? redirectWith(row.redirect_uri, { error: 'access_denied', error_description: 'Der Zugriff wurde abgelehnt.', state: row.state }) : null
}

/**
 * The PKCE challenge of an unused, unexpired code of this client (checked before the exchange). A code
 * presented again after its exchange revokes the grant made with it (RFC 6749 4.1.2).
 */
export async function challengeForCode(db: DbOrTrx, clientId: string, code: string): Promise<string | null> {
	const row = await db
		.selectFrom('oauth_authorizations')
		.select(['code_challenge', 'used_at', 'expires_at'])
		.where('code_hash', '=', sha256(code))
		.where('client_id', '=', clientId)
		.executeTakeFirst()
	if (row?.used_at) await revokeGrantOfReplayedCode(db, clientId, code)
	if (!row || row.used_at || row.expires_at <= new Date()) return null
	return row.code_challenge
}

/**
 * The code exchange: the code is spent here, once (a second use revokes the grant made from the first,
 * RFC 6749 4.1.2); the redirect URI must be the authorization request's exactly, a named resource its resource.
 */
export async function exchangeCode(db: Db, input: { clientId: string; code: string; redirectUri: string | undefined; resource: string | undefined }): Promise<{ ok: true; tokens: OAuthTokens } | { ok: false; error: OAuthFailure }> {
	return db.transaction().execute(async (trx) => {
		const spent = await trx
			.updateTable('oauth_authorizations')
			.set({ used_at: sql`now()` })
			.where('code_hash', '=', sha256(input.code))
			.where('client_id', '=', input.clientId)
			.where('used_at', 'is', null)
			.where('expires_at', '>', sql<Date>`now()`)
			.where('user_id', 'is not', null)
			.returningAll()
			.executeTakeFirst()
		if (!spent) {
			await revokeGrantOfReplayedCode(trx, input.clientId, input.code)
			return { ok: false as const, error: 'invalid_grant' as const }
		}
		if (input.redirectUri !== spent.redirect_uri) return { ok: false as const, error: 'invalid_grant' as const }
		if (input.resource !== undefined && input.resource !== spent.resource) return { ok: false as const, error: 'invalid_target' as const }
		const grant = await trx
			.insertInto('oauth_grants')
			.values({ user_id: spent.user_id!, client_id: spent.client_id, scopes: spent.scopes, audience: spent.audience, resource: spent.resource })
			.returning(['id'])
			.executeTakeFirstOrThrow()
		await trx.updateTable('oauth_authorizations').set({ grant_id: grant.id }).where('id', '=', spent.id).execute()
		return { ok: true as const, tokens: await issueTokens(trx, grant.id) }
	})
}

async function revokeGrantOfReplayedCode(trx: DbOrTrx, clientId: string, code: string) {
	const replayed = await trx.selectFrom('oauth_authorizations').select('grant_id').where('code_hash', '=', sha256(code)).where('client_id', '=', clientId).where('used_at', 'is not', null).executeTakeFirst()
	if (replayed?.grant_id) await revokeGrantRow(trx, replayed.grant_id)
}

/** A fresh access token (replacing the grant's earlier ones) and refresh token for an active grant. */
async function issueTokens(trx: DbOrTrx, grantId: string): Promise<OAuthTokens> {
	const grant = await trx
		.selectFrom('oauth_grants')
		.innerJoin('oauth_clients', 'oauth_clients.id', 'oauth_grants.client_id')
		.select(['oauth_grants.user_id', 'oauth_grants.scopes', 'oauth_grants.audience', 'oauth_clients.client_name'])
		.where('oauth_grants.id', '=', grantId)
		.executeTakeFirstOrThrow()
	const access = `${TOKEN_PREFIX}${randomToken(32)}`
	const refresh = `${REFRESH_PREFIX}${randomToken(32)}`
	// One live access token per grant: the rows of earlier ones would only pile up.
	await trx.deleteFrom('api_tokens').where('grant_id', '=', grantId).execute()
	await trx
		.insertInto('api_tokens')
		.values({
			user_id: grant.user_id,
			name: grant.client_name,
			token_hash: sha256(access),
			token_hint: access.slice(-4),
			scopes: grant.scopes,
			expires_at: sql<Date>`now() + ${`${OAUTH_LIFETIMES.accessSeconds} seconds`}::interval`,
			grant_id: grantId,
			audience: grant.audience,
		})
		.execute()
	await trx.insertInto('oauth_refresh_tokens').values({ token_hash: sha256(refresh), grant_id: grantId }).execute()
	return { access_token: access, token_type: 'Bearer', expires_in: OAUTH_LIFETIMES.accessSeconds, refresh_token: refresh, scope: grant.scopes.join(' ') }
}

/**
 * Refresh with rotation: the refresh token is spent and a new pair issued. A spent one presented again
 * (a stolen copy, or the app's) revokes the whole grant (OAuth 2.1 4.3.1, refresh token reuse).
 */
export async function exchangeRefreshToken(db: Db, input: { clientId: string; refreshToken: string; scopes: ReadonlyArray<string> | undefined; resource: string | undefined }): Promise<{ ok: true; tokens: OAuthTokens } | { ok: false; error: OAuthFailure }> {
	if (!input.refreshToken.startsWith(REFRESH_PREFIX) || input.refreshToken.length > 200) return { ok: false, error: 'invalid_grant' }
	return db.transaction().execute(async (trx) => {
		const row = await trx
			.selectFrom('oauth_refresh_tokens')
			.innerJoin('oauth_grants', 'oauth_grants.id', 'oauth_refresh_tokens.grant_id')
			.innerJoin('users', 'users.id', 'oauth_grants.user_id')
			.select(['oauth_refresh_tokens.token_hash', 'oauth_refresh_tokens.used_at', 'oauth_grants.id as grant_id', 'oauth_grants.client_id', 'oauth_grants.scopes', 'oauth_grants.resource', 'oauth_grants.revoked_at', 'users.disabled_at'])
			.where('oauth_refresh_tokens.token_hash', '=', sha256(input.refreshToken))
			.forUpdate()
			.executeTakeFirst()
		if (!row || row.client_id !== input.clientId || row.revoked_at !== null || row.disabled_at !== null) return { ok: false as const, error: 'invalid_grant' as const }
		if (row.used_at !== null) {
			await revokeGrantRow(trx, row.grant_id)
			return { ok: false as const, error: 'invalid_grant' as const }
		}
		if (input.resource !== undefined && input.resource !== row.resource) return { ok: false as const, error: 'invalid_target' as const }
		if (input.scopes && !input.scopes.every((s) => row.scopes.includes(s))) return { ok: false as const, error: 'invalid_scope' as const }
		await trx.updateTable('oauth_refresh_tokens').set({ used_at: sql`now()` }).where('token_hash', '=', row.token_hash).execute()
		return { ok: true as const, tokens: await issueTokens(trx, row.grant_id) }
	})
}

/** RFC 7009: an access or refresh token of this client; revoking either ends the grant. Unknown tokens are no error. */
export async function revokeOAuthToken(db: Db, clientId: string, token: string) {
	const hash = sha256(token)
	const viaRefresh = await db.selectFrom('oauth_refresh_tokens').innerJoin('oauth_grants', 'oauth_grants.id', 'oauth_refresh_tokens.grant_id').select('oauth_grants.id').where('oauth_refresh_tokens.token_hash', '=', hash).where('oauth_grants.client_id', '=', clientId).executeTakeFirst()
	const viaAccess = viaRefresh ?? (await db.selectFrom('api_tokens').innerJoin('oauth_grants', 'oauth_grants.id', 'api_tokens.grant_id').select('oauth_grants.id').where('api_tokens.token_hash', '=', hash).where('oauth_grants.client_id', '=', clientId).executeTakeFirst())
	if (viaAccess) await revokeGrantRow(db, viaAccess.id)
}

async function revokeGrantRow(db: DbOrTrx, grantId: string) {
	await db.updateTable('oauth_grants').set({ revoked_at: sql`now()` }).where('id', '=', grantId).where('revoked_at', 'is', null).execute()
	await db.updateTable('api_tokens').set({ revoked_at: sql`now()` }).where('grant_id', '=', grantId).where('revoked_at', 'is', null).execute()
}

/** The apps the user allowed (active grants), newest first, with the last use of their access tokens. */
export async function listOAuthGrants(db: DbOrTrx, userId: string): Promise<Array<OAuthGrantView>> {
	const rows = await db
		.selectFrom('oauth_grants')
		.innerJoin('oauth_clients', 'oauth_clients.id', 'oauth_grants.client_id')
		.select((eb) => [
			'oauth_grants.id',
			'oauth_clients.client_name',
			'oauth_grants.scopes',
			'oauth_grants.audience',
			'oauth_grants.created_at',
			eb.selectFrom('api_tokens').select((inner) => inner.fn.max('api_tokens.last_used_at').as('last')).whereRef('api_tokens.grant_id', '=', 'oauth_grants.id').as('last_used_at'),
		])
		.where('oauth_grants.user_id', '=', userId)
		.where('oauth_grants.revoked_at', 'is', null)
		.orderBy('oauth_grants.created_at', 'desc')
		.limit(100)
		.execute()
	return rows.map((row) => ({
		id: row.id,
		clientName: row.client_name,
		scopes: row.scopes.filter(isApiScope),
		audience: row.audience as OAuthAudience,
		grantedAt: row.created_at.toISOString(),
		lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
	}))
}

/** 'Zugriff entziehen': the grant and its tokens end at once; the app's name for the audit entry, null when not the user's or already revoked. */
export async function revokeOAuthGrant(db: Db, userId: string, grantId: string): Promise<string | null> {
	if (!UUID.test(grantId)) return null
	return db.transaction().execute(async (trx) => {
		const grant = await trx
			.selectFrom('oauth_grants')
			.innerJoin('oauth_clients', 'oauth_clients.id', 'oauth_grants.client_id')
			.select(['oauth_grants.id', 'oauth_clients.client_name'])
			.where('oauth_grants.id', '=', grantId)
			.where('oauth_grants.user_id', '=', userId)
			.where('oauth_grants.revoked_at', 'is', null)
			.executeTakeFirst()
		if (!grant) return null
		await revokeGrantRow(trx, grant.id)
		return grant.client_name
	})
}
