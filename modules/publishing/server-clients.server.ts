import type { ConnectionDeps } from './connection-deps.ts'
import { PlatformError, type Platform, type PlatformAdapter, type ServerClient } from './ports.ts'

type ClientDeps = Pick<ConnectionDeps, 'db' | 'box' | 'logger'>

export const isForgottenClient = (error: unknown) => error instanceof PlatformError && error.code === 'invalid_client'

/** The server the user named, checked by the adapter, and the client the app has there (registered on first use). */
export async function serverClient(deps: ClientDeps, platform: Platform, adapter: PlatformAdapter, url: string, redirectUri: string): Promise<ServerClient> {
	const known = await storedClient(deps, platform, url, redirectUri).catch(() => null)
	if (known && (await stillKnown(adapter, known))) return known
	if (known) await forgetClient(deps, platform, url, redirectUri)
	if (!adapter.registerClient) throw new PlatformError({ kind: 'invalid_request', code: 'registration_failed', message: 'the adapter cannot register itself' })
	const client = await adapter.registerClient({ server: url, redirectUri })
	// A parallel start may have registered first: keep one client per server and callback.
	await deps.db
		.insertInto('platform_clients')
		.values({ platform, server: url, redirect_uri: redirectUri, client_id: client.clientId, client_secret_encrypted: deps.box.seal(client.clientSecret) })
		.onConflict((oc) => oc.columns(['platform', 'server', 'redirect_uri']).doNothing())
		.execute()
	return storedClient(deps, platform, url, redirectUri)
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

export async function forgetClient({ db, logger }: ClientDeps, platform: Platform, server: string, redirectUri: string) {
	logger.warn('platform_client_forgotten', { platform, server })
	await db.deleteFrom('platform_clients').where('platform', '=', platform).where('server', '=', server).where('redirect_uri', '=', redirectUri).execute()
}

export async function storedClient({ db, box }: Pick<ConnectionDeps, 'db' | 'box'>, platform: Platform, server: string, redirectUri: string): Promise<ServerClient> {
	const row = await db
		.selectFrom('platform_clients')
		.select(['client_id', 'client_secret_encrypted'])
		.where('platform', '=', platform)
		.where('server', '=', server)
		.where('redirect_uri', '=', redirectUri)
		.executeTakeFirstOrThrow()
	return { url: server, clientId: row.client_id, clientSecret: box.open(row.client_secret_encrypted) }
}
