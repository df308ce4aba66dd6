import type { Platform } from '#modules/content/platforms.ts'
import type { ConnectionView } from '#modules/publishing/index.ts'

/** What the /accounts loader returns (also read by the connect flow's check after a closed popup). */
export type AccountsData = { connections: Array<ConnectionView>; sandboxPlatforms: Array<Platform> }

/** The answer of the action's intent "connect": the provider's authorization URL. */
export type ConnectReply = { ok: true; url: string } | { ok: false; message: string }

/** The answer of the intent "sign-in" (handle and app password): connected, or the German reason. */
export type SignInReply = { ok: true } | { ok: false; message: string }

/** The answer of the other intents: the toast to show (spec section 8 texts). */
export type ActionToast = { type: 'success' | 'error'; title: string; description?: string }
export type ToastReply = { ok: boolean; toast: ActionToast }

export type Connection = ConnectionView
export type ConnectedPage = ConnectionView['pages'][number]

export function isActive(data: AccountsData | undefined, platform: Platform) {
	return Boolean(data?.connections.some((c) => c.platform === platform && c.status === 'active'))
}
