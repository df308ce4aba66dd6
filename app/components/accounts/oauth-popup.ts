import type { Platform } from '#modules/content/platforms.ts'
import { isAck, OAUTH_CHANNEL, readOAuthResult, type OAuthAck, type OAuthResult } from './oauth-messages.ts'

// Spec section 9: popup 600x700, close check every 1 s, refetch 2 s after, timeout 5 minutes.
export const POPUP_FEATURES = 'width=600,height=700'
const CLOSE_CHECK_MS = 1000
const CLOSED_REFETCH_MS = 2000
export const OAUTH_TIMEOUT_MS = 300_000

/** Opens the named popup at once (inside the click, so popup blockers allow it); null when blocked. */
export function openOAuthPopup(platform: Platform) {
	return window.open('about:blank', `oauth-${platform}`, POPUP_FEATURES)
}

type Handlers = {
	onResult: (result: OAuthResult) => void
	/** The popup was closed without a result (called 2 s after noticing). */
	onClosed: () => void
	onTimeout: () => void
}

/**
 * Waits for the callback page's result for `platform` (window message or channel) and acknowledges
 * it, watches whether the popup was closed and gives up after the timeout. A result that arrives
 * after the popup seemed closed still counts. Returns the function that stops everything.
 */
export function watchOAuth(platform: Platform, popup: Window | null, handlers: Handlers) {
	const channel = new BroadcastChannel(OAUTH_CHANNEL)
	const ack: OAuthAck = { type: 'oauth_ack', platform }
	let closedTimer: number | undefined

	function receive(data: unknown, reply: () => void) {
		const result = readOAuthResult(data)
		if (!result || result.platform !== platform) return
		reply()
		stop()
		handlers.onResult(result)
	}
	function onMessage(event: MessageEvent) {
		if (event.origin !== window.location.origin || isAck(event.data, platform)) return
		receive(event.data, () => (event.source as Window | null)?.postMessage(ack, { targetOrigin: window.location.origin }))
	}
	channel.onmessage = (event: MessageEvent) => receive(event.data, () => channel.postMessage(ack))
	window.addEventListener('message', onMessage)

	const poll = window.setInterval(() => {
		if (!popup?.closed) return
		window.clearInterval(poll)
		closedTimer = window.setTimeout(() => {
			window.clearTimeout(timeout)
			handlers.onClosed()
		}, CLOSED_REFETCH_MS)
	}, CLOSE_CHECK_MS)
	const timeout = window.setTimeout(() => {
		stop()
		popup?.close()
		handlers.onTimeout()
	}, OAUTH_TIMEOUT_MS)

	function stop() {
		window.clearInterval(poll)
		window.clearTimeout(closedTimer)
		window.clearTimeout(timeout)
		window.removeEventListener('message', onMessage)
		channel.close()
	}
	return stop
}
