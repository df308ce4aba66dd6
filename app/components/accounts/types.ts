import type { Platform } from '#modules/content/platforms.ts'
import type { ConnectionView } from '#modules/publishing/index.ts'

/** What the /accounts loader returns (also read by the connect flow's check after a closed popup). */
export type AccountsData = { connections: Array<ConnectionView>; usage: ChannelUsage; sandboxPlatforms: Array<Platform> }

/** The user's channels against the plan's limit ('N von M Kanälen'). */
export type ChannelUsage = { used: number; limit: number }

/** The answer of the action's intent "connect": the provider's authorization URL. */
export type ConnectReply = { ok: true; url: string } | { ok: false; message: string }

/** The answer of the intent "sign-in" (handle and app password): connected, or the German reason. */
export type SignInReply = { ok: true; notice?: string } | { ok: false; message: string }

/** The answer of the other intents: the toast to show (spec section 8 texts). */
export type ActionToast = { type: 'success' | 'error'; title: string; description?: string }
export type ToastReply = { ok: boolean; toast: ActionToast }

export type Connection = ConnectionView
export type ConnectedPage = ConnectionView['pages'][number]

/** Whether the flow's account is connected now: the named account active again, else any active account of the network. */
export function isActive(data: AccountsData | undefined, platform: Platform, accountId?: string) {
	return Boolean(data?.connections.some((c) => c.platform === platform && c.status === 'active' && (accountId === undefined || c.id === accountId)))
}

export const needsReconnect = (connection: Connection) => connection.status === 'reconnect_required' || connection.status === 'revoked'
