import type { Platform } from '#modules/content/platforms.ts'
import type { ConnectionView } from '#modules/publishing/index.ts'

/** What the /accounts loader returns (also read by the connect flow's check after a closed popup). */
export type AccountsData = { connections: Array<ConnectionView>; sandboxPlatforms: Array<Platform> }

/** The answer of the action's intent "connect": the provider's authorization URL. */
export type ConnectReply = { ok: true; url: string } | { ok: false; message: string }

export type Connection = ConnectionView
export type ConnectedPage = ConnectionView['pages'][number]

export function isActive(data: AccountsData | undefined, platform: Platform) {
	return Boolean(data?.connections.some((c) => c.platform === platform && c.status === 'active'))
}
