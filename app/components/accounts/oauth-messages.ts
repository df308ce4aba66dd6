import { isPlatformId, type Platform } from '#modules/publishing/descriptor.ts'

// What the callback page tells the accounts page. It goes to window.opener when the popup still
// has it, and over a same-origin BroadcastChannel as well: a Cross-Origin-Opener-Policy switch
// on the way through the provider's pages severs the opener, but not the channel.
export const OAUTH_CHANNEL = 'postwerk-oauth'

/** `notice`: channels of the account that did not fit the plan ("2 Seiten wurden nicht verbunden: …"). */
export type OAuthResult = { type: 'oauth_success'; platform: Platform; notice?: string } | { type: 'oauth_error'; platform: Platform; message: string }

/** The accounts page received the result: the popup may close itself. */
export type OAuthAck = { type: 'oauth_ack'; platform: Platform }

export function readOAuthResult(data: unknown): OAuthResult | null {
	if (typeof data !== 'object' || data === null) return null
	const { type, platform, message, notice } = data as Record<string, unknown>
	// The shape only: the accounts page takes the result of the registered platform it waits for.
	if (!isPlatformId(platform)) return null
	if (type === 'oauth_success') return typeof notice === 'string' && notice ? { type, platform, notice: notice.slice(0, 300) } : { type, platform }
	if (type === 'oauth_error') return { type, platform, message: typeof message === 'string' ? message.slice(0, 300) : '' }
	return null
}

export function isAck(data: unknown, platform: Platform) {
	return typeof data === 'object' && data !== null && (data as OAuthAck).type === 'oauth_ack' && (data as OAuthAck).platform === platform
}
