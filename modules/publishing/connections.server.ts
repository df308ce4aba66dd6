import { sql } from 'kysely'
import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { randomToken, sha256, type SecretBox } from '#modules/core/crypto.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import { hitRateLimit } from '#modules/core/rate-limit.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { logActivity } from '#modules/activity/index.ts'
import { channelLimitOf } from '#modules/billing/index.ts'
import { platformName } from './messages.ts'
import { PlatformError, type BrandNames, type ConnectedAccount, type Platform, type PlatformAdapter, type ServerClient } from './ports.ts'
import { sealToken } from './tokens.server.ts'
import { adapterFor, type PlatformAdapters } from './registry.ts'

export type ConnectionDeps = {
	db: Db
	adapters: PlatformAdapters
	box: SecretBox
	logger: Logger
	/** The absolute URL of the OAuth callback route for a platform. */
	callbackUrl: (platform: Platform) => string
	brands: BrandNames
}

const STATE_TTL_MINUTES = 10
/** Sign-in attempts with a handle and app password per user, platform and hour. */
const SIGN_IN_LIMIT = 10

export type ConnectionView = {
	id: string
	platform: Platform
	accountName: string
	status: 'active' | 'reconnect_required' | 'revoked'
	reconnectReason: string | null
	sandbox: boolean
	expiresAt: string | null
	followerCount: number
	/** The instance an account of an instance network lives on (its reconnect needs no server field). */
	server: string | null
	pages: Array<{ id: string; pageId: string; name: string; type: string; followerCount: number; isDefault: boolean; pictureUrl: string | null; brandName: string }>
}

/** A stored account: how many of its channels did not fit the plan's limit; refused when none did. */
type SavedAccount = { ok: true; leftOut: number; limit: number } | { ok: false; error: 'channel_limit'; limit: number }

/** One default channel per network and brand: keep the existing one, else the first channel. */
async function electDefaults(trx: DbOrTrx, userId: string, platform: Platform) {
	await sql`
		update channels c set is_default = true
		where c.id in (
			select distinct on (brand_id) id from channels where user_id = ${userId} and platform = ${platform}
			order by brand_id, page_type, page_name
		)
		and not exists (select 1 from channels d where d.brand_id = c.brand_id and d.platform = ${platform} and d.is_default)`.execute(trx)
}

/**
 * Before an account's channels go, their deliveries lose the channel (the foreign key sets null; ADR
 * 0044). Those that went out keep their records; of those that have not, a post keeps one
 * channel-less delivery per network (a unique index over the open statuses): the oldest (ADR 0046).
 */
async function unassignDeliveries(trx: DbOrTrx, userId: string, accountId: string) {
	await sql`
		delete from post_deliveries d using (
			select id, row_number() over (partition by post_id, platform order by created_at, id) as rank
			from post_deliveries
			where user_id = ${userId} and status in ('pending', 'scheduled', 'failed', 'cancelled')
			and (channel_id is null or channel_id in (select id from channels where user_id = ${userId} and social_token_id = ${accountId}))
		) ranked
		where d.id = ranked.id and ranked.rank > 1`.execute(trx)
}

const isForgottenClient = (error: unknown) => error instanceof PlatformError && error.code === 'invalid_client'

export function createConnections({ db, adapters, box, logger, callbackUrl, brands }: ConnectionDeps) {
	/** The server the user named, checked by the adapter, and the client the app has there (registered on first use). */
	async function serverClient(platform: Platform, adapter: PlatformAdapter, url: string, redirectUri: string): Promise<ServerClient> {
		const known = await storedClient(platform, url, redirectUri).catch(() => null)
		if (known && (await stillKnown(adapter, known))) return known
		if (known) await forgetClient(platform, url, redirectUri)
		if (!adapter.registerClient) throw new PlatformError({ kind: 'invalid_request', code: 'registration_failed', message: 'the adapter cannot register itself' })
		const client = await adapter.registerClient({ server: url, redirectUri })
		// A parallel start may have registered first: keep one client per server and callback.
		await db
			.insertInto('platform_clients')
			.values({ platform, server: url, redirect_uri: redirectUri, client_id: client.clientId, client_secret_encrypted: box.seal(client.clientSecret) })
			.onConflict((oc) => oc.columns(['platform', 'server', 'redirect_uri']).doNothing())
			.execute()
		return storedClient(platform, url, redirectUri)
	}

	/** False only when the server says it forgot the registration (invalid_client); any other failure keeps it. */
	async function stillKnown(adapter: PlatformAdapter, client: ServerClient) {
		if (!adapter.checkClient) return true
		try {
			await adapter.checkClient(client)
			return true
		} catch (error) {
			return !isForgottenClient(error)
		}
	}

	async function forgetClient(platform: Platform, server: string, redirectUri: string) {
		logger.warn('platform_client_forgotten', { platform, server })
		await db.deleteFrom('platform_clients').where('platform', '=', platform).where('server', '=', server).where('redirect_uri', '=', redirectUri).execute()
	}

	async function storedClient(platform: Platform, server: string, redirectUri: string): Promise<ServerClient> {
		const row = await db
			.selectFrom('platform_clients')
			.select(['client_id', 'client_secret_encrypted'])
			.where('platform', '=', platform)
			.where('server', '=', server)
			.where('redirect_uri', '=', redirectUri)
			.executeTakeFirstOrThrow()
		return { url: server, clientId: row.client_id, clientSecret: box.open(row.client_secret_encrypted) }
	}

	/**
	 * Stores a connected account: its sealed token (with its server and limits) and its channels. Another
	 * account of the same network is added beside the ones before (ADR 0044); the same account again
	 * keeps its channels. New channels are added while the plan has room (counted under a per-user lock,
	 * so parallel connects cannot pass the limit); each network keeps one default channel per brand.
	 * Answers how many channels were left out for the plan's limit, or `refused` when none fit.
	 */
	async function saveAccount(userId: string, platform: Platform, sandbox: boolean, account: ConnectedAccount): Promise<SavedAccount> {
		return db.transaction().execute(async (trx) => {
			await sql`select pg_advisory_xact_lock(hashtextextended(${`channels:${userId}`}, 0))`.execute(trx)
			const limit = await channelLimitOf(trx, userId)
			const existing = await trx.selectFrom('channels').select(['page_id', 'platform']).where('user_id', '=', userId).execute()
			const known = new Set(existing.filter((c) => c.platform === platform).map((c) => c.page_id))
			// Channels connected before stay; new ones take the room the plan has left, in the network's order.
			const room = Math.max(0, limit - existing.length)
			const added = account.pages.filter((page) => !known.has(page.pageId)).slice(0, room)
			const kept = account.pages.filter((page) => known.has(page.pageId) || added.includes(page))
			const leftOut = account.pages.length - kept.length
			if (kept.length === 0 && account.pages.length > 0) return { ok: false, error: 'channel_limit', limit }
			const token = await trx
				.insertInto('social_tokens')
				.values({
					user_id: userId,
					platform,
					account_id: account.accountId,
					account_name: account.accountName.slice(0, 300),
					sandbox,
					status: 'active',
					server: account.token.server ?? null,
					limits: account.limits ? JSON.stringify(account.limits) : null,
					last_refreshed_at: new Date(),
					...sealToken(box, account.token),
				})
				.onConflict((oc) =>
					oc.columns(['user_id', 'platform', 'account_id']).doUpdateSet((eb) => ({
						account_name: eb.ref('excluded.account_name'),
						access_token_encrypted: eb.ref('excluded.access_token_encrypted'),
						refresh_token_encrypted: eb.ref('excluded.refresh_token_encrypted'),
						expires_at: eb.ref('excluded.expires_at'),
						scopes: eb.ref('excluded.scopes'),
						sandbox: eb.ref('excluded.sandbox'),
						server: eb.ref('excluded.server'),
						limits: eb.ref('excluded.limits'),
						status: 'active',
						reconnect_reason: null,
						last_refreshed_at: new Date(),
					})),
				)
				.returning('id')
				.executeTakeFirstOrThrow()
			for (const page of kept) {
				await trx
					.insertInto('channels')
					.values({
						user_id: userId,
						social_token_id: token.id,
						platform,
						page_id: page.pageId,
						page_name: page.name.slice(0, 300),
						real_name: account.accountName.slice(0, 300),
						page_type: page.type,
						follower_count: page.followerCount ?? 0,
						profile_picture_url: page.pictureUrl,
						access_token_encrypted: page.accessToken ? box.seal(page.accessToken) : null,
					})
					.onConflict((oc) =>
						oc.columns(['user_id', 'platform', 'page_id']).doUpdateSet((eb) => ({
							social_token_id: eb.ref('excluded.social_token_id'),
							page_name: eb.ref('excluded.page_name'),
							real_name: eb.ref('excluded.real_name'),
							page_type: eb.ref('excluded.page_type'),
							follower_count: eb.ref('excluded.follower_count'),
							profile_picture_url: eb.ref('excluded.profile_picture_url'),
							access_token_encrypted: eb.ref('excluded.access_token_encrypted'),
						})),
					)
					.execute()
			}
			await electDefaults(trx, userId, platform)
			await logActivity(trx, {
				userId,
				logType: 'social_connection',
				title: `${platformName(platform)} verbunden`,
				description: account.accountName,
				status: 'success',
				metadata: { platform, sandbox, leftOut },
			})
			await notifyChange(trx, { userId, topic: 'connections' })
			return { ok: true, leftOut, limit }
		})
	}

	/** A single-use state bound to the user (with the PKCE verifier sealed) and the network's consent URL. */
	async function startFlow(userId: string, platform: Platform, serverUrl: string | undefined) {
		const adapter = adapterFor(adapters, platform)
		const redirectUri = callbackUrl(platform)
		const server = serverUrl === undefined ? undefined : await serverClient(platform, adapter, serverUrl, redirectUri)
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

	return {
		/**
		 * Starts the OAuth flow: a single-use state bound to the user, the PKCE verifier sealed in the
		 * database. Instance networks first check the server the user named and register the app there
		 * (once per server); the state remembers the server.
		 */
		async startConnect(userId: string, platform: Platform, options: { server?: string } = {}) {
			const adapter = adapterFor(adapters, platform)
			const serverUrl = adapter.resolveServer ? await adapter.resolveServer(options.server ?? '') : undefined
			return startFlow(userId, platform, serverUrl)
		},

		/**
		 * 'Verbindung erneuern' of one of the user's accounts: the same flow on the account's network
		 * (and server); the network answers with the same account, whose channels are kept. Null when
		 * the account is not this user's.
		 */
		async startReconnect(userId: string, accountId: string) {
			const account = await db.selectFrom('social_tokens').select(['platform', 'server']).where('user_id', '=', userId).where('id', '=', accountId).executeTakeFirst()
			if (!account) return null
			const platform = account.platform as Platform
			const adapter = adapterFor(adapters, platform)
			const serverUrl = adapter.resolveServer ? (account.server ?? (await adapter.resolveServer(''))) : undefined
			return { platform, ...(await startFlow(userId, platform, serverUrl)) }
		},

		/**
		 * The callback: the state must be this user's, unused and fresh. Tokens are sealed; pages are
		 * upserted and each platform keeps exactly one default page.
		 */
		async completeConnect(userId: string, platform: Platform, input: { state: string; code: string }) {
			const saved = await db
				.deleteFrom('oauth_states')
				.where('state_hash', '=', sha256(input.state))
				.where('user_id', '=', userId)
				.where('platform', '=', platform)
				.where('expires_at', '>', sql<Date>`now()`)
				.returning(['code_verifier_encrypted', 'server'])
				.executeTakeFirst()
			if (!saved) return { ok: false as const, error: 'invalid_state' as const }
			const adapter = adapterFor(adapters, platform)
			const redirectUri = callbackUrl(platform)
			let account
			try {
				const server = saved.server ? await storedClient(platform, saved.server, redirectUri) : undefined
				account = await adapter.exchangeCode({ code: input.code, codeVerifier: box.open(saved.code_verifier_encrypted), redirectUri, server })
			} catch (error) {
				logger.warn('connect_failed', { platform, error: error instanceof Error ? error.message : String(error) })
				// Forgotten between the consent and the exchange: the next start registers again.
				if (saved.server && isForgottenClient(error)) await forgetClient(platform, saved.server, redirectUri)
				return { ok: false as const, error: error instanceof PlatformError && error.kind === 'permission_missing' ? ('permission_missing' as const) : ('exchange_failed' as const) }
			}
			const stored = await saveAccount(userId, platform, adapter.sandbox, account)
			return stored.ok ? { ok: true as const, platform, leftOut: stored.leftOut, limit: stored.limit } : stored
		},

		/**
		 * Handle networks: signs in with the user's handle and an app password (the password is never
		 * stored; only the session tokens the network hands out, sealed). At most SIGN_IN_LIMIT tries
		 * per hour, user and platform, so the app cannot be used to guess someone's password.
		 */
		async signIn(userId: string, platform: Platform, input: { identifier: string; password: string }) {
			const adapter = adapterFor(adapters, platform)
			if (!adapter.signIn) return { ok: false as const, error: 'connect_kind' }
			const limit = await hitRateLimit(db, `platform-sign-in:${platform}:${userId}`, SIGN_IN_LIMIT, 3600)
			if (!limit.allowed) return { ok: false as const, error: 'too_many_attempts' }
			let account
			try {
				account = await adapter.signIn(input)
			} catch (error) {
				logger.warn('sign_in_failed', { platform, error: error instanceof PlatformError ? error.code : error instanceof Error ? error.message : String(error) })
				return { ok: false as const, error: error instanceof PlatformError ? error.code : 'sign_in_failed' }
			}
			const stored = await saveAccount(userId, platform, adapter.sandbox, account)
			return stored.ok ? { ok: true as const, platform, leftOut: stored.leftOut, limit: stored.limit } : stored
		},

		/**
		 * Disconnects one of the user's accounts: its token and its channels go (their deliveries keep
		 * no channel, see unassignDeliveries); the user's other accounts of the network stay, and one
		 * of their channels becomes the default where the gone one was. Null when the account is not
		 * this user's.
		 */
		async disconnect(userId: string, accountId: string) {
			return db.transaction().execute(async (trx) => {
				const account = await trx
					.selectFrom('social_tokens')
					.select(['id', 'platform', 'account_name'])
					.where('user_id', '=', userId)
					.where('id', '=', accountId)
					.forUpdate()
					.executeTakeFirst()
				if (!account) return null
				const platform = account.platform as Platform
				await unassignDeliveries(trx, userId, account.id)
				await trx.deleteFrom('channels').where('user_id', '=', userId).where('social_token_id', '=', account.id).execute()
				await trx.deleteFrom('social_tokens').where('id', '=', account.id).execute()
				await electDefaults(trx, userId, platform)
				await logActivity(trx, { userId, logType: 'social_connection', title: `${platformName(platform)} getrennt`, description: account.account_name, status: 'info', metadata: { platform } })
				await notifyChange(trx, { userId, topic: 'connections' })
				return { platform, accountName: account.account_name }
			})
		},

		/** How many channels the user has and the plan allows ('N von M Kanälen'). */
		async channelUsage(userId: string) {
			const [used, limit] = await Promise.all([
				db.selectFrom('channels').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
				channelLimitOf(db, userId),
			])
			return { used: Number(used.n), limit }
		},

		/**
		 * Makes one channel its brand's default of the network: clear, then set, in one transaction (the
		 * partial unique index per brand and network guards); the other brands keep theirs.
		 */
		async setDefaultPage(userId: string, pageId: string) {
			return db.transaction().execute(async (trx) => {
				const page = await trx.selectFrom('channels').select(['id', 'platform', 'brand_id']).where('user_id', '=', userId).where('id', '=', pageId).executeTakeFirst()
				if (!page) return false
				await trx.updateTable('channels').set({ is_default: false }).where('user_id', '=', userId).where('brand_id', '=', page.brand_id).where('platform', '=', page.platform).where('is_default', '=', true).execute()
				await trx.updateTable('channels').set({ is_default: true }).where('id', '=', page.id).execute()
				await notifyChange(trx, { userId, topic: 'connections' })
				return true
			})
		},

		/** The user's connections with their pages, in two queries. */
		async listConnections(userId: string): Promise<Array<ConnectionView>> {
			const [tokens, pages] = await Promise.all([
				db
					.selectFrom('social_tokens')
					.select(['id', 'platform', 'account_name', 'status', 'reconnect_reason', 'sandbox', 'expires_at', 'follower_count', 'server'])
					.where('user_id', '=', userId)
					.orderBy('platform')
					.orderBy('created_at')
					.execute(),
				// The brand's name in the same statement, as brands reads it (its port).
				db
					.selectFrom('channels')
					.select(['channels.id', 'channels.social_token_id', 'channels.page_id', 'channels.page_name', 'channels.page_type', 'channels.follower_count', 'channels.is_default', 'channels.profile_picture_url'])
					.select(brands.brandNameSql(sql.ref('channels.brand_id')).as('brand_name'))
					.where('channels.user_id', '=', userId)
					.orderBy('channels.page_type')
					.orderBy('channels.page_name')
					.execute(),
			])
			return tokens.map((t) => ({
				id: t.id,
				platform: t.platform as Platform,
				accountName: t.account_name,
				status: t.status as ConnectionView['status'],
				reconnectReason: t.reconnect_reason,
				sandbox: t.sandbox,
				expiresAt: t.expires_at?.toISOString() ?? null,
				followerCount: t.follower_count,
				server: t.server,
				pages: pages
					.filter((p) => p.social_token_id === t.id)
					.map((p) => ({ id: p.id, pageId: p.page_id, name: p.page_name, type: p.page_type, followerCount: p.follower_count, isDefault: p.is_default, pictureUrl: p.profile_picture_url, brandName: p.brand_name })),
			}))
		},
	}
}

export type Connections = ReturnType<typeof createConnections>
