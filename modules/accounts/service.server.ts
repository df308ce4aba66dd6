import { isUniqueViolation, type Db } from '#modules/core/db.server.ts'
import { isDatabaseUnavailable } from '#modules/core/db-errors.ts'
import { isSpelling, type Spelling } from '#modules/core/spelling.ts'
import { enqueue } from '#modules/core/jobs.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { giveBackRateLimit, hitRateLimit } from '#modules/core/rate-limit.server.ts'
import { creditBalance, grantSignupCredits, ledgerPage, listLedger, type LedgerPosition } from '#modules/credits/index.ts'
import { consumeEmailToken, isEmailTokenUsable, issueEmailToken, voidEmailTokens, type TokenPurpose } from './email-tokens.server.ts'
import type { AccountMailKind } from './mails.server.ts'
import { hashPassword, verifyPassword } from './passwords.server.ts'
import { createSession, getSessionUser, revokeAllSessions, revokeSession, type SessionMeta } from './sessions.server.ts'
import { exportAccountData } from './export.server.ts'
import type { ApiScope } from './api-scopes.ts'
import { authorizeApiToken, createApiToken, listApiTokens, revokeApiToken, type ApiCall, type NewApiToken } from './api-tokens.server.ts'
import * as oauth from './oauth.server.ts'
import { changePassword, deleteAccount, getAccountSettings, signOutOtherSessions, updatePreferences, updateProfileName, type PreferencesInput } from './settings.server.ts'
import { sendAccountMail } from './tasks/send-account-mail.ts'
import type { GoogleIdentity } from './ports.ts'
import type { Result } from './types.ts'

export type AccountsDeps = { db: Db; logger: Logger; appUrl: string }

// Login throttling (documented in README "Sicherheit"): failures per e-mail, attempts per IP.
export const SIGNIN_LIMITS = {
	failuresPerEmail: { limit: 10, windowSeconds: 15 * 60 },
	failuresPerIp: { limit: 50, windowSeconds: 15 * 60 },
	mailsPerEmail: { limit: 5, windowSeconds: 60 * 60 },
} as const

export const SIGNUP_CREDITS = 50

const MAIL_LINKS = {
	confirm: { path: '/auth/confirm', purpose: 'confirm_email', event: 'confirmation_resent' },
	reset: { path: '/auth/reset-password', purpose: 'reset_password', event: 'password_reset_requested' },
	signin: { path: '/auth/link', purpose: 'signin_link', event: 'signin_link_requested' },
} as const satisfies Record<AccountMailKind, { path: string; purpose: TokenPurpose; event: string }>

export function createAccountsService({ db, logger, appUrl }: AccountsDeps) {
	// The mail's spelling (ADR 0013): the user's choice, else the spelling of the browser that asked.
	async function enqueueMail(trx: Db, kind: AccountMailKind, to: string, name: string, token: string, spelling: Spelling) {
		await enqueue(trx, sendAccountMail, { kind, to, name, link: `${appUrl}${MAIL_LINKS[kind].path}?token=${token}`, spelling })
	}

	/**
	 * Mails a new single-use link (confirmation: only to unconfirmed accounts; reset: to active ones;
	 * sign-in: to active, confirmed ones). Silent for unknown addresses and beyond the per-address mail
	 * limit, so callers learn nothing.
	 */
	async function mailTokenLink(email: string, kind: AccountMailKind, browserSpelling: Spelling = 'de') {
		const { limit, windowSeconds } = SIGNIN_LIMITS.mailsPerEmail
		if (!(await hitRateLimit(db, `mail:${email}`, limit, windowSeconds)).allowed) return
		await db.transaction().execute(async (trx) => {
			const user = await trx
				.selectFrom('users')
				.innerJoin('profiles', 'profiles.id', 'users.id')
				.select(['users.id', 'users.spelling', 'profiles.full_name'])
				.where('users.email', '=', email)
				.where('users.disabled_at', 'is', null)
				.$if(kind === 'confirm', (q) => q.where('users.email_verified_at', 'is', null))
				.$if(kind === 'signin', (q) => q.where('users.email_verified_at', 'is not', null))
				.executeTakeFirst()
			if (!user) return
			const token = await issueEmailToken(trx, user.id, MAIL_LINKS[kind].purpose)
			await enqueueMail(trx, kind, email, user.full_name, token, isSpelling(user.spelling) ? user.spelling : browserSpelling)
			logger.info(MAIL_LINKS[kind].event, { userId: user.id })
		})
	}

	return {
		getSessionUser: (token: string) => getSessionUser(db, token),

		/**
		 * The request's user for the session middleware: the user, null for no valid session, or
		 * 'unavailable' when the database cannot be reached (restarting, failing over), so the web
		 * layer answers 503 without knowing what a database error looks like.
		 */
		async resolveSession(token: string): Promise<Awaited<ReturnType<typeof getSessionUser>> | 'unavailable'> {
			try {
				return await getSessionUser(db, token)
			} catch (error) {
				if (isDatabaseUnavailable(error)) return 'unavailable'
				throw error
			}
		},

		/** Personal API tokens (Settings › API & Integrationen); the secret only in createApiToken's answer. */
		apiTokens: {
			/** A new token and its secret (scripts, tests). */
			async create(userId: string, input: NewApiToken) {
				const result = await createApiToken(db, userId, crypto.randomUUID(), input)
				return result.ok ? { ...result, secret: result.secret! } : result
			},
			/** The settings form's: once per request id (a repeat answers the first token without its secret). */
			createOnce: (userId: string, requestId: string, input: NewApiToken) => createApiToken(db, userId, requestId, input),
			list: (userId: string) => listApiTokens(db, userId),
			revoke: (userId: string, tokenId: string) => revokeApiToken(db, userId, tokenId),
			/** A REST or MCP request's bearer token: user, scope, rate limit, last use, activity entry. */
			authorize: (secret: string, scope: ApiScope, call: ApiCall) => authorizeApiToken(db, secret, scope, call),
		},

		/** OAuth 2.1 for MCP clients and programs (ADR 0071): clients, consent, codes, grants, tokens. */
		oauth: {
			/** The resource (RFC 8707) a URL names on this server, or null. */
			audienceOf: (resource: string) => oauth.audienceOf(appUrl, resource),
			/** Where a client learns how to get a token for /mcp or /api/v1 (RFC 9728, the path-specific metadata). */
			resourceMetadataUrl: (via: 'mcp' | 'api') => `${appUrl}/.well-known/oauth-protected-resource${via === 'mcp' ? '/mcp' : '/api/v1'}`,
			register: (input: oauth.NewOAuthClient) => oauth.registerOAuthClient(db, input),
			client: (clientId: string) => oauth.findOAuthClient(db, clientId),
			start: (input: oauth.AuthorizationStart) => oauth.startAuthorization(db, input),
			pending: (requestId: string) => oauth.pendingAuthorization(db, requestId),
			approve: (userId: string, requestId: string) => oauth.approveAuthorization(db, userId, requestId),
			deny: (requestId: string) => oauth.denyAuthorization(db, requestId),
			challenge: (clientId: string, code: string) => oauth.challengeForCode(db, clientId, code),
			exchangeCode: (input: Parameters<typeof oauth.exchangeCode>[1]) => oauth.exchangeCode(db, input),
			exchangeRefreshToken: (input: Parameters<typeof oauth.exchangeRefreshToken>[1]) => oauth.exchangeRefreshToken(db, input),
			revokeToken: (clientId: string, token: string) => oauth.revokeOAuthToken(db, clientId, token),
			grants: (userId: string) => oauth.listOAuthGrants(db, userId),
			revokeGrant: (userId: string, grantId: string) => oauth.revokeOAuthGrant(db, userId, grantId),
			/** One hit on a per-IP limit of the OAuth endpoints (in Postgres: it holds across the web processes). */
			hitLimit: (key: string, limit: { limit: number; windowSeconds: number }) => hitRateLimit(db, `oauth:${key}`, limit.limit, limit.windowSeconds),
		},

		async signUp(input: { fullName: string; email: string; password: string }, spelling: Spelling = 'de'): Promise<Result<{ userId: string }>> {
			const existing = await db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst()
			if (existing) return { ok: false, error: 'email_taken' }
			const passwordHash = await hashPassword(input.password)
			try {
				const userId = await db.transaction().execute(async (trx) => {
					const user = await trx
						.insertInto('users')
						.values({ email: input.email, password_hash: passwordHash })
						.returning('id')
						.executeTakeFirstOrThrow()
					await trx.insertInto('profiles').values({ id: user.id, email: input.email, full_name: input.fullName }).execute()
					await grantSignupCredits(trx, user.id, SIGNUP_CREDITS)
					const token = await issueEmailToken(trx, user.id, 'confirm_email')
					await enqueueMail(trx, 'confirm', input.email, input.fullName, token, spelling)
					return user.id
				})
				logger.info('signup', { userId })
				return { ok: true, userId }
			} catch (error) {
				// Two sign-ups racing for one e-mail: the unique index decides.
				if (isUniqueViolation(error)) return { ok: false, error: 'email_taken' }
				throw error
			}
		},

		/**
		 * Every attempt is counted before the password is checked (one atomic upsert per key: the IP first,
		 * then the e-mail), so parallel requests cannot all pass a check made before any of them failed:
		 * at most the budget of each key is ever verified. An attempt that succeeds is given back.
		 */
		async signIn(input: { email: string; password: string }, meta: SessionMeta): Promise<Result<{ token: string; userId: string }>> {
			const ipLimit = SIGNIN_LIMITS.failuresPerIp
			const emailLimit = SIGNIN_LIMITS.failuresPerEmail
			const ipKey = `signin-fail-ip:${meta.ip}`
			const emailKey = `signin-fail:${input.email}`
			const byIp = await hitRateLimit(db, ipKey, ipLimit.limit, ipLimit.windowSeconds)
			const byEmail = byIp.allowed ? await hitRateLimit(db, emailKey, emailLimit.limit, emailLimit.windowSeconds) : null
			if (!byEmail?.allowed) {
				// Refused by the e-mail's lock: nothing was tried, so the address's budget is not spent on it.
				if (byEmail) await giveBackRateLimit(db, ipKey, ipLimit.windowSeconds)
				logger.warn('signin_rate_limited', { ip: meta.ip, by: byEmail ? 'email' : 'ip' })
				return { ok: false, error: 'rate_limited', retryAfterSeconds: (byEmail ?? byIp).retryAfterSeconds }
			}
			const user = await db
				.selectFrom('users')
				.select(['id', 'password_hash', 'email_verified_at', 'disabled_at'])
				.where('email', '=', input.email)
				.executeTakeFirst()
			const valid = await verifyPassword(user?.password_hash ?? null, input.password)
			if (!user || !valid || user.disabled_at) {
				logger.info('signin_failed', { ip: meta.ip })
				return { ok: false, error: 'invalid_credentials' }
			}
			await giveBackRateLimit(db, emailKey, emailLimit.windowSeconds)
			await giveBackRateLimit(db, ipKey, ipLimit.windowSeconds)
			if (!user.email_verified_at) return { ok: false, error: 'email_not_confirmed' }
			const token = await createSession(db, user.id, meta)
			logger.info('signin', { userId: user.id, ip: meta.ip })
			return { ok: true, token, userId: user.id }
		},

		signOut: (token: string) => revokeSession(db, token),

		/** Sends a fresh confirmation link; silent for unknown or already confirmed addresses. */
		resendConfirmation: (email: string, spelling?: Spelling) => mailTokenLink(email, 'confirm', spelling),

		isConfirmTokenUsable: (token: string) => isEmailTokenUsable(db, token, 'confirm_email'),

		async confirmEmail(token: string): Promise<Result<{ userId: string }>> {
			return db.transaction().execute(async (trx) => {
				const userId = await consumeEmailToken(trx, token, 'confirm_email')
				if (!userId) return { ok: false as const, error: 'invalid_token' as const }
				await trx.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', userId).where('email_verified_at', 'is', null).execute()
				logger.info('email_confirmed', { userId })
				return { ok: true as const, userId }
			})
		},

		/** Always behaves the same to the caller, whether or not the account exists. */
		requestPasswordReset: (email: string, spelling?: Spelling) => mailTokenLink(email, 'reset', spelling),

		isResetTokenUsable: (token: string) => isEmailTokenUsable(db, token, 'reset_password'),

		/** Sets the new password and ends every session of the account; no automatic sign-in. */
		async resetPassword(token: string, password: string): Promise<Result<{ userId: string }>> {
			const passwordHash = await hashPassword(password)
			return db.transaction().execute(async (trx) => {
				const userId = await consumeEmailToken(trx, token, 'reset_password')
				if (!userId) return { ok: false as const, error: 'invalid_token' as const }
				// The link came by e-mail, so it also proves the address.
				await trx.updateTable('users').set({ password_hash: passwordHash, email_verified_at: new Date() }).where('id', '=', userId).execute()
				await revokeAllSessions(trx, userId)
				logger.info('password_reset_completed', { userId })
				return { ok: true as const, userId }
			})
		},

		/**
		 * 'Anmeldelink per E-Mail senden' (offered when sign-in is locked): lets the owner in while the
		 * password stays refused for the rest of the window. Same answer for every address.
		 */
		requestSignInLink: (email: string, spelling?: Spelling) => mailTokenLink(email, 'signin', spelling),

		isSignInLinkUsable: (token: string) => isEmailTokenUsable(db, token, 'signin_link'),

		/** Consumes a sign-in link (single use, 15 minutes) and opens a new session; active, confirmed accounts only. */
		async signInWithLink(token: string, meta: SessionMeta): Promise<Result<{ token: string; userId: string }>> {
			const userId = await db.transaction().execute(async (trx) => {
				const owner = await consumeEmailToken(trx, token, 'signin_link')
				if (!owner) return null
				const user = await trx
					.selectFrom('users')
					.select('id')
					.where('id', '=', owner)
					.where('disabled_at', 'is', null)
					.where('email_verified_at', 'is not', null)
					.executeTakeFirst()
				return user?.id ?? null
			})
			if (!userId) return { ok: false, error: 'invalid_token' }
			const session = await createSession(db, userId, meta)
			logger.info('signin_link', { userId, ip: meta.ip })
			return { ok: true, token: session, userId }
		},

		/**
		 * Google identities are keyed by (provider, subject). A Google login whose e-mail matches an
		 * existing password account is refused unless Google verified the address, and is then linked;
		 * an unconfirmed account loses its password, sessions and pending links first (issue 17, item 10).
		 */
		async signInWithGoogle(identity: GoogleIdentity, meta: SessionMeta): Promise<Result<{ token: string; userId: string; created: boolean }>> {
			const email = identity.email.trim().toLowerCase()
			const result = await db.transaction().execute(async (trx) => {
				const linked = await trx
					.selectFrom('user_identities')
					.innerJoin('users', 'users.id', 'user_identities.user_id')
					.select(['users.id', 'users.disabled_at'])
					.where('provider', '=', 'google')
					.where('subject', '=', identity.subject)
					.executeTakeFirst()
				if (linked) return linked.disabled_at ? null : { userId: linked.id, created: false }
				if (!identity.emailVerified) return 'unverified' as const
				const existing = await trx.selectFrom('users').select(['id', 'disabled_at']).where('email', '=', email).executeTakeFirst()
				if (existing?.disabled_at) return null
				let userId = existing?.id
				if (!userId) {
					const user = await trx.insertInto('users').values({ email, email_verified_at: new Date() }).returning('id').executeTakeFirstOrThrow()
					await trx.insertInto('profiles').values({ id: user.id, email, full_name: identity.name.slice(0, 200) }).execute()
					await grantSignupCredits(trx, user.id, SIGNUP_CREDITS)
					userId = user.id
				} else {
					// Nobody has proven this address before Google did: whoever registered it may not own it, so
					// the account is taken over as fresh (no password, no sessions, no pending links, Google's name).
					const unconfirmed = await trx
						.updateTable('users')
						.set({ email_verified_at: new Date(), password_hash: null })
						.where('id', '=', userId)
						.where('email_verified_at', 'is', null)
						.returning('id')
						.executeTakeFirst()
					if (unconfirmed) {
						await revokeAllSessions(trx, userId)
						const voided = await voidEmailTokens(trx, userId)
						await trx.updateTable('profiles').set({ full_name: identity.name.slice(0, 200) }).where('id', '=', userId).execute()
						logger.warn('google_linked_unconfirmed_account', { userId, voidedTokens: voided })
					}
				}
				await trx.insertInto('user_identities').values({ user_id: userId, provider: 'google', subject: identity.subject, email }).execute()
				return { userId, created: !existing }
			})
			if (result === 'unverified') return { ok: false, error: 'google_email_unverified' }
			if (!result) return { ok: false, error: 'invalid_credentials' }
			const token = await createSession(db, result.userId, meta)
			logger.info('signin_google', { userId: result.userId, created: result.created })
			return { ok: true, token, ...result }
		},

		async getProfile(userId: string) {
			return db
				.selectFrom('profiles')
				.select(['id', 'email', 'full_name', 'subscription_type', 'credits_remaining', 'credits_total', 'created_at'])
				.where('id', '=', userId)
				.executeTakeFirst()
		},

		/** The settings page: profile, plan and balance, time zone and notification preference. */
		getAccountSettings: (userId: string) => getAccountSettings(db, userId),
		updateProfileName: (userId: string, fullName: string) => updateProfileName(db, userId, fullName),
		updatePreferences: (userId: string, input: PreferencesInput) => updatePreferences(db, userId, input),
		/** The credit ledger (newest first) for 'Abo & Credits'. */
		listLedger: (userId: string, limit: number) => listLedger(db, userId, limit),
		/** The ledger page by page (REST API): newest first, after a position of the previous page. */
		ledgerPage: (userId: string, limit: number, after: LedgerPosition | null) => ledgerPage(db, userId, limit, after),
		/** The user's credit balance. */
		creditBalance: (userId: string) => creditBalance(db, userId),

		/** Verifies the current password, stores the new one and signs out every other session. */
		async changePassword(userId: string, sessionToken: string, input: { currentPassword: string; newPassword: string }) {
			const result = await changePassword(db, userId, sessionToken, input)
			if (result.ok) logger.info('password_changed', { userId, signedOut: result.signedOut })
			return result
		},

		/** 'Von allen anderen Geräten abmelden': every session but the asking one ends. */
		async revokeOtherSessions(userId: string, sessionToken: string) {
			const count = await signOutOtherSessions(db, userId, sessionToken)
			logger.info('other_sessions_revoked', { userId, count })
			return count
		},

		/** The accounts part of 'Daten exportieren' (profile, settings, roles, sessions, ledger; no secrets); null: no such user. */
		exportData: (userId: string) => exportAccountData(db, userId),

		/** Deletes the account and all its rows when `confirmEmail` matches the account's e-mail. */
		async deleteAccount(userId: string, confirmEmail: string) {
			const deleted = await deleteAccount(db, userId, confirmEmail)
			if (deleted) logger.info('account_deleted', { userId })
			return deleted
		},

		/** Grants a role by e-mail (CLI); returns false when no such user exists. */
		async grantRole(email: string, role: 'admin' | 'user') {
			const user = await db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst()
			if (!user) return false
			await db.insertInto('user_roles').values({ user_id: user.id, role }).onConflict((oc) => oc.columns(['user_id', 'role']).doNothing()).execute()
			return true
		},

		/** Revokes a role by e-mail; returns false when no such user exists. */
		async revokeRole(email: string, role: 'admin' | 'user') {
			const user = await db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst()
			if (!user) return false
			await db.deleteFrom('user_roles').where('user_id', '=', user.id).where('role', '=', role).execute()
			return true
		},

		async userExists(email: string) {
			const row = await db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst()
			return Boolean(row)
		},

		/** For seeds and tests: a ready, confirmed account. */
		async createConfirmedUser(input: { email: string; password: string; fullName: string }) {
			const email = input.email.trim().toLowerCase()
			const passwordHash = await hashPassword(input.password)
			return db.transaction().execute(async (trx) => {
				const user = await trx
					.insertInto('users')
					.values({ email, password_hash: passwordHash, email_verified_at: new Date() })
					.returning('id')
					.executeTakeFirstOrThrow()
				await trx.insertInto('profiles').values({ id: user.id, email, full_name: input.fullName }).execute()
				await grantSignupCredits(trx, user.id, SIGNUP_CREDITS)
				return user.id
			})
		},
	}
}

export type AccountsService = ReturnType<typeof createAccountsService>
