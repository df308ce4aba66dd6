import type { ConnectionDeps } from './connection-deps.ts'
import type { Platform } from './ports.ts'
import { channelUsage } from './channel-usage.server.ts'
import { setDefaultPage } from './default-channels.server.ts'
import { disconnect } from './disconnect-account.server.ts'
import { completeConnect } from './finish-connect.server.ts'
import { listConnections } from './list-connections.server.ts'
import { signIn } from './sign-in-account.server.ts'
import { startConnect, startReconnect } from './start-connect.server.ts'

export type { ConnectionDeps } from './connection-deps.ts'
export type { ConnectionView } from './list-connections.server.ts'

/** The connection use cases, each bound to `deps` (every function's comment says what it does). */
export function createConnections(deps: ConnectionDeps) {
	return {
		startConnect: (userId: string, platform: Platform, options?: { server?: string }) => startConnect(deps, userId, platform, options),
		startReconnect: (userId: string, accountId: string) => startReconnect(deps, userId, accountId),
		completeConnect: (userId: string, platform: Platform, input: { state: string; code: string }) => completeConnect(deps, userId, platform, input),
		signIn: (userId: string, platform: Platform, input: { identifier: string; password: string }) => signIn(deps, userId, platform, input),
		disconnect: (userId: string, accountId: string) => disconnect(deps, userId, accountId),
		channelUsage: (userId: string) => channelUsage(deps, userId),
		setDefaultPage: (userId: string, pageId: string) => setDefaultPage(deps, userId, pageId),
		listConnections: (userId: string) => listConnections(deps, userId),
	}
}

export type Connections = ReturnType<typeof createConnections>
