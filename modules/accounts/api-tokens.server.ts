import { sql } from 'kysely'
import { countApiCall } from '#modules/activity/index.ts'
import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { randomToken, sha256 } from '#modules/core/crypto.server.ts'
import { hitRateLimit, type RateLimitResult } from '#modules/core/rate-limit.server.ts'
import { once } from '#modules/core/request-keys.server.ts'
import { API_RATE_LIMIT, isApiScope, TOKEN_PREFIX, type ApiScope, type ApiTokenView } from './api-scopes.ts'
import { CURRENT_USER_COLUMNS, toCurrentUser } from './sessions.server.ts'
import type { CurrentUser } from './types.ts'

// Personal API tokens (Settings › API & Integrationen): the secret is shown once, only its SHA-256
// is kept (a 256-bit random secret needs no slow hash). A token acts for its user with its scopes.

export const MAX_TOKENS_PER_USER = 25

export type NewApiToken = { name: string; scopes: Array<ApiScope>; expiresAt: Date | null }

type TokenRow = { id: string; name: string; token_hint: string; scopes: Array<string>; expires_at: Date | null; last_used_at: Date | null; created_at: Date; revoked_at: Date | null }

function toView(row: TokenRow): ApiTokenView {
	return {
		id: row.id,
		name: row.name,
		hint: row.token_hint,
		scopes: row.scopes.filter(isApiScope),
		expiresAt: row.expires_at?.toISOString() ?? null,
		lastUsedAt: row.last_used_at?.toISOString() ?? null,
		createdAt: row.created_at.toISOString(),
		revokedAt: row.revoked_at?.toISOString() ?? null,
	}
}

const tokenColumns = ['id', 'name', 'token_hint', 'scopes', 'expires_at', 'last_used_at', 'created_at', 'revoked_at'] as const

/**
 * 'limit': the user already has MAX_TOKENS_PER_USER active tokens. Once per request id: a repeated
 * request answers the token made first, but without its secret (the secret is never stored).
 */
export async function createApiToken(db: Db, userId: string, requestId: string, input: NewApiToken): Promise<{ ok: true; token: ApiTokenView; secret: string | null } | { ok: false; error: 'limit' | 'request_conflict' }> {
	const secret = `${TOKEN_PREFIX}${randomToken(32)}`
	const outcome = await once(
		db,
		{ userId, requestId, action: 'accounts.create-api-token', input: { ...input, expiresAt: input.expiresAt?.toISOString() ?? null } },
		async (trx) => {
			// Serialises a user's token creations so the limit holds under parallel requests.
			await sql`select pg_advisory_xact_lock(hashtext(${`api_tokens:${userId}`}))`.execute(trx)
			const { active } = await trx
				.selectFrom('api_tokens')
				.select((eb) => eb.fn.countAll<string>().as('active'))
				.where('user_id', '=', userId)
				.where('revoked_at', 'is', null)
				.where('grant_id', 'is', null)
				.executeTakeFirstOrThrow()
			if (Number(active) >= MAX_TOKENS_PER_USER) return { ok: false as const, error: 'limit' as const }
			const row = await trx
				.insertInto('api_tokens')
				.values({ user_id: userId, name: input.name, token_hash: sha256(secret), token_hint: secret.slice(-4), scopes: input.scopes, expires_at: input.expiresAt })
				.returning(tokenColumns)
				.executeTakeFirstOrThrow()
			return { ok: true as const, token: toView(row) }
		},
		(result) => result.ok,
	)
	if (outcome.kind === 'conflict') return { ok: false, error: 'request_conflict' }
	if (!outcome.result.ok) return outcome.result
	return { ok: true, token: outcome.result.token, secret: outcome.replayed ? null : secret }
}

/** The user's tokens, newest first (revoked ones included, marked). */
export async function listApiTokens(db: DbOrTrx, userId: string): Promise<Array<ApiTokenView>> {
	const rows = await db.selectFrom('api_tokens').select(tokenColumns).where('user_id', '=', userId).where('grant_id', 'is', null).orderBy('created_at', 'desc').limit(100).execute()
	return rows.map(toView)
}

/** Revokes one of the user's tokens; false when it is not theirs or already revoked. */
export async function revokeApiToken(db: DbOrTrx, userId: string, tokenId: string) {
	return (await revokeApiTokenNamed(db, userId, tokenId)) !== null
}

/** revokeApiToken answering the revoked token's name (for an audit entry); null when nothing was revoked. */
export async function revokeApiTokenNamed(db: DbOrTrx, userId: string, tokenId: string) {
	const row = await db.updateTable('api_tokens').set({ revoked_at: sql`now()` }).where('id', '=', tokenId).where('user_id', '=', userId).where('grant_id', 'is', null).where('revoked_at', 'is', null).returning('name').executeTakeFirst()
	return row?.name ?? null
}

/** The token's quota after this call (the RateLimit header fields of its answer, ADR 0073). */
export type ApiQuota = { limit: number; windowSeconds: number; remaining: number; resetSeconds: number }

export type ApiPrincipal = { user: CurrentUser; tokenId: string; tokenName: string; scopes: Array<ApiScope>; quota?: ApiQuota }

/** Why a token request is refused: no or unknown/revoked/expired token, a scope it lacks, too many calls. */
export type ApiAuthorization =
	| { ok: true; principal: ApiPrincipal }
	| { ok: false; error: 'unauthorized' }
	| { ok: false; error: 'forbidden'; scope: ApiScope }
	| { ok: false; error: 'rate_limited'; retryAfterSeconds: number; quota?: ApiQuota }

const quotaOf = (limited: RateLimitResult): ApiQuota => ({ limit: API_RATE_LIMIT.limit, windowSeconds: API_RATE_LIMIT.windowSeconds, remaining: limited.remaining, resetSeconds: limited.resetSeconds })

export type ApiCall = { method: string; path: string; via: 'api' | 'mcp' }

/**
 * The active token row behind a bearer secret: a personal token, or an OAuth access token (ADR 0071)
 * bound to this call's resource (audience 'mcp' or 'api', or 'all' for the origin).
 */
async function findTokenRow(db: Db, secret: string, call: ApiCall) {
	if (!secret.startsWith(TOKEN_PREFIX) || secret.length > 200) return undefined
	return db
		.selectFrom('api_tokens')
		.innerJoin('users', 'users.id', 'api_tokens.user_id')
		.innerJoin('profiles', 'profiles.id', 'users.id')
		.select((eb) => [
			'api_tokens.id as token_id',
			'api_tokens.name as token_name',
			'api_tokens.scopes',
			'api_tokens.grant_id',
			...CURRENT_USER_COLUMNS,
			eb
				.exists(eb.selectFrom('user_roles').select('user_roles.id').whereRef('user_roles.user_id', '=', 'users.id').where('user_roles.role', '=', 'admin'))
				.as('is_admin'),
		])
		.where('api_tokens.token_hash', '=', sha256(secret))
		.where('api_tokens.revoked_at', 'is', null)
		.where((eb) => eb.or([eb('api_tokens.expires_at', 'is', null), eb('api_tokens.expires_at', '>', sql<Date>`now()`)]))
		.where('users.disabled_at', 'is', null)
		.where((eb) => eb.or([eb('api_tokens.audience', 'is', null), eb('api_tokens.audience', 'in', ['all', call.via])]))
		.executeTakeFirst()
}

/**
 * One token request: the token (active, its user not disabled), the scope, the per-token rate limit
 * (atomic in Postgres; its quota goes on the principal), its last use and the minute's 'api' entry in
 * the user's activity log.
 */
export async function authorizeApiToken(db: Db, secret: string, scope: ApiScope, call: ApiCall): Promise<ApiAuthorization> {
	const row = await findTokenRow(db, secret, call)
	if (!row) return { ok: false, error: 'unauthorized' }
	const scopes = row.scopes.filter(isApiScope)
	if (!scopes.includes(scope)) return { ok: false, error: 'forbidden', scope }
	// An OAuth app's access tokens share their grant's window: a refresh must not start a fresh one.
	const limitKey = row.grant_id ? `api:grant:${row.grant_id}` : `api:${row.token_id}`
	const limited = await hitRateLimit(db, limitKey, API_RATE_LIMIT.limit, API_RATE_LIMIT.windowSeconds)
	const quota = quotaOf(limited)
	if (!limited.allowed) return { ok: false, error: 'rate_limited', retryAfterSeconds: limited.retryAfterSeconds, quota }
	await db.transaction().execute(async (trx) => {
		await trx.updateTable('api_tokens').set({ last_used_at: sql`now()` }).where('id', '=', row.token_id).execute()
		// One entry per token, minute and kind of call counts them (ADR 0073).
		await countApiCall(trx, { userId: row.id, tokenId: row.token_id, tokenName: row.token_name, via: call.via, method: call.method, path: call.path })
	})
	const user = toCurrentUser(row)
	return { ok: true, principal: { user, tokenId: row.token_id, tokenName: row.token_name, scopes, quota } }
}
