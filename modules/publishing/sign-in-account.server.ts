import { hitRateLimit } from '#modules/core/rate-limit.server.ts'
import type { ConnectionDeps } from './connection-deps.ts'
import { PlatformError, type Platform } from './ports.ts'
import { adapterFor } from './registry.ts'
import { saveAccount } from './save-account.server.ts'

/** Sign-in attempts with a handle and app password per user, platform and hour. */
const SIGN_IN_LIMIT = 10

/**
 * Handle networks: signs in with the user's handle and an app password (the password is never
 * stored; only the session tokens the network hands out, sealed). At most SIGN_IN_LIMIT tries
 * per hour, user and platform, so the app cannot be used to guess someone's password.
 */
export async function signIn(deps: Pick<ConnectionDeps, 'db' | 'adapters' | 'box' | 'logger'>, userId: string, platform: Platform, input: { identifier: string; password: string }) {
	const adapter = adapterFor(deps.adapters, platform)
	if (!adapter.signIn) return { ok: false as const, error: 'connect_kind' }
	const limit = await hitRateLimit(deps.db, `platform-sign-in:${platform}:${userId}`, SIGN_IN_LIMIT, 3600)
	if (!limit.allowed) return { ok: false as const, error: 'too_many_attempts' }
	let account
	try {
		account = await adapter.signIn(input)
	} catch (error) {
		deps.logger.warn('sign_in_failed', { platform, error: error instanceof PlatformError ? error.code : error instanceof Error ? error.message : String(error) })
		return { ok: false as const, error: error instanceof PlatformError ? error.code : 'sign_in_failed' }
	}
	const stored = await saveAccount(deps, userId, platform, adapter.sandbox, account)
	return stored.ok ? { ok: true as const, platform, leftOut: stored.leftOut, limit: stored.limit } : stored
}
