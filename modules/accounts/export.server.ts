import type { Db } from '#modules/core/db.server.ts'
import { exportLedger } from '#modules/credits/index.ts'

/**
 * The accounts module's part of the user's data export: profile, settings, roles, sign-in methods,
 * sessions, personal API tokens and the credit ledger (read through the credits module). One query per table.
 *
 * Left out on purpose (secrets): users.password_hash; sessions.id (the SHA-256 of the session
 * cookie); user_identities.subject (the Google account's sign-in key); the table email_tokens
 * (single-use token hashes of confirmation and reset links, short-lived); rate_limits (no user_id,
 * only counters of failed attempts). null when the user does not exist.
 */
export async function exportAccountData(db: Db, userId: string) {
	const [user, roles, identities, sessions, apiTokens, connectedApps, ledger] = await Promise.all([
		db
			.selectFrom('users')
			.innerJoin('profiles', 'profiles.id', 'users.id')
			.select([
				'users.email',
				'users.email_verified_at',
				'users.time_zone',
				'users.notify_failed_posts',
				'users.require_alt_text',
				'users.created_at',
				'profiles.full_name',
				'profiles.subscription_type',
				'profiles.subscription_tier',
				'profiles.plan',
				'profiles.credits_remaining',
				'profiles.credits_total',
			])
			.where('users.id', '=', userId)
			.executeTakeFirst(),
		db.selectFrom('user_roles').select(['role', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute(),
		db.selectFrom('user_identities').select(['provider', 'email', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute(),
		db
			.selectFrom('sessions')
			.select(['created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent'])
			.where('user_id', '=', userId)
			.orderBy('created_at')
			.execute(),
		// API tokens without token_hash (the SHA-256 of the secret).
		db
			.selectFrom('api_tokens')
			.select(['id', 'name', 'token_hint', 'scopes', 'expires_at', 'last_used_at', 'revoked_at', 'created_at'])
			.where('user_id', '=', userId)
			.orderBy('created_at')
			.execute(),
		// Apps granted access by OAuth (ADR 0071): the app's name, scopes and resource; no secrets.
		db
			.selectFrom('oauth_grants')
			.innerJoin('oauth_clients', 'oauth_clients.id', 'oauth_grants.client_id')
			.select(['oauth_grants.id', 'oauth_clients.client_name', 'oauth_grants.scopes', 'oauth_grants.audience', 'oauth_grants.resource', 'oauth_grants.revoked_at', 'oauth_grants.created_at'])
			.where('oauth_grants.user_id', '=', userId)
			.orderBy('oauth_grants.created_at')
			.execute(),
		exportLedger(db, userId),
	])
	if (!user) return null
	return {
		profile: {
			id: userId,
			email: user.email,
			emailVerifiedAt: user.email_verified_at,
			fullName: user.full_name,
			subscriptionType: user.subscription_type,
			subscriptionTier: user.subscription_tier,
			plan: user.plan,
			creditsRemaining: user.credits_remaining,
			creditsTotal: user.credits_total,
			createdAt: user.created_at,
		},
		settings: { timeZone: user.time_zone, notifyFailedPosts: user.notify_failed_posts, requireAltText: user.require_alt_text },
		roles,
		signInMethods: identities,
		sessions,
		apiTokens,
		connectedApps,
		ledger,
	}
}
