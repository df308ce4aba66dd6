import { sql } from 'kysely'
import { randomToken, sha256 } from '#modules/core/crypto.server.ts'
import type { ConnectionDeps } from './connection-deps.ts'
import type { Platform } from './ports.ts'
import { adapterFor } from './registry.ts'
import { serverClient } from './server-clients.server.ts'

type StartDeps = Pick<ConnectionDeps, 'db' | 'adapters' | 'box' | 'logger' | 'callbackUrl'>

const STATE_TTL_MINUTES = 10

/**
 * Starts the OAuth flow: a single-use state bound to the user, the PKCE verifier sealed in the
 * database. Instance networks first check the server the user named and register the app there
 * (once per server); the state remembers the server.
 */
export async function startConnect(deps: StartDeps, userId: string, platform: Platform, options: { server?: string } = {}) {
	const adapter = adapterFor(deps.adapters, platform)
	const serverUrl = adapter.resolveServer ? await adapter.resolveServer(options.server ?? '') : undefined
	return startFlow(deps, userId, platform, serverUrl)
}

/**
 * 'Verbindung erneuern' of one of the user's accounts: the same flow on the account's network
 * (and server); the network answers with the same account, whose channels are kept. Null when
 * the account is not this user's.
 */
export async function startReconnect(deps: StartDeps, userId: string, accountId: string) {
	const account = await deps.db.selectFrom('social_tokens').select(['platform', 'server']).where('user_id', '=', userId).where('id', '=', accountId).executeTakeFirst()
	if (!account) return null
	const platform = account.platform as Platform
	const adapter = adapterFor(deps.adapters, platform)
	const serverUrl = adapter.resolveServer ? (account.server ?? (await adapter.resolveServer(''))) : undefined
	return { platform, ...(await startFlow(deps, userId, platform, serverUrl)) }
}

/** A single-use state bound to the user (with the PKCE verifier sealed) and the network's consent URL. */
async function startFlow(deps: StartDeps, userId: string, platform: Platform, serverUrl: string | undefined) {
	const { db, box } = deps
	const adapter = adapterFor(deps.adapters, platform)
	const redirectUri = deps.callbackUrl(platform)
	const server = serverUrl === undefined ? undefined : await serverClient(deps, platform, adapter, serverUrl, redirectUri)
	const state = randomToken(24)
	const codeVerifier = randomToken(48)
	await db
		.insertInto('oauth_states')
		.values({
			state_hash: sha256(state),
			user_id: userId,
			platform,
			code_verifier_encrypted: box.seal(codeVerifier),
			server: server?.url ?? null,
			expires_at: sql`now() + ${`${STATE_TTL_MINUTES} minutes`}::interval`,
		})
		.execute()
	await db.deleteFrom('oauth_states').where('expires_at', '<', sql<Date>`now()`).execute()
	return { url: adapter.authorizationUrl({ state, codeVerifier, redirectUri, server }) }
}
