import { sql } from 'kysely'
import { sha256 } from '#modules/core/crypto.server.ts'
import type { ConnectionDeps } from './connection-deps.ts'
import { PlatformError, type Platform } from './ports.ts'
import { adapterFor } from './registry.ts'
import { saveAccount } from './save-account.server.ts'
import { forgetClient, isForgottenClient, storedClient } from './server-clients.server.ts'

type FinishDeps = Pick<ConnectionDeps, 'db' | 'adapters' | 'box' | 'logger' | 'callbackUrl'>

/**
 * The callback: the state must be this user's, unused and fresh. Tokens are sealed; pages are
 * upserted and each platform keeps exactly one default page.
 */
export async function completeConnect(deps: FinishDeps, userId: string, platform: Platform, input: { state: string; code: string }) {
	const saved = await deps.db
		.deleteFrom('oauth_states')
		.where('state_hash', '=', sha256(input.state))
		.where('user_id', '=', userId)
		.where('platform', '=', platform)
		.where('expires_at', '>', sql<Date>`now()`)
		.returning(['code_verifier_encrypted', 'server'])
		.executeTakeFirst()
	if (!saved) return { ok: false as const, error: 'invalid_state' as const }
	const adapter = adapterFor(deps.adapters, platform)
	const redirectUri = deps.callbackUrl(platform)
	let account
	try {
		const server = saved.server ? await storedClient(deps, platform, saved.server, redirectUri) : undefined
		account = await adapter.exchangeCode({ code: input.code, codeVerifier: deps.box.open(saved.code_verifier_encrypted), redirectUri, server })
	} catch (error) {
		deps.logger.warn('connect_failed', { platform, error: error instanceof Error ? error.message : String(error) })
		// Forgotten between the consent and the exchange: the next start registers again.
		if (saved.server && isForgottenClient(error)) await forgetClient(deps, platform, saved.server, redirectUri)
		return { ok: false as const, error: error instanceof PlatformError && error.kind === 'permission_missing' ? ('permission_missing' as const) : ('exchange_failed' as const) }
	}
	const stored = await saveAccount(deps, userId, platform, adapter.sandbox, account)
	return stored.ok ? { ok: true as const, platform, leftOut: stored.leftOut, limit: stored.limit } : stored
}
