import { isAck, OAUTH_CHANNEL, type OAuthResult } from './oauth-messages.ts'

// How long the callback page waits for the accounts page to confirm it got the result.
const ACK_WAIT_MS = 800

/** window.opener when it is a page of this origin (a cross-origin opener gets nothing). */
export function sameOriginOpener(): Window | null {
	const opener = window.opener as Window | null
	if (!opener || opener === window) return null
	try {
		return opener.location.origin === window.location.origin ? opener : null
	} catch {
		return null
	}
}

/**
 * Sends the result to the waiting accounts page (opener and channel, both same-origin only) and
 * closes this popup once it confirms. Without a confirmation `onUnclaimed` runs: the caller then
 * goes on in this window. Returns the cleanup.
 */
export function deliverOAuthResult(result: OAuthResult, onUnclaimed: () => void) {
	const origin = window.location.origin
	const channel = new BroadcastChannel(OAUTH_CHANNEL)
	function onMessage(event: MessageEvent) {
		if (event.origin === origin && isAck(event.data, result.platform)) window.close()
	}
	channel.onmessage = (event: MessageEvent) => {
		if (isAck(event.data, result.platform)) window.close()
	}
	window.addEventListener('message', onMessage)
	sameOriginOpener()?.postMessage(result, origin)
	channel.postMessage(result)
	// Also runs when window.close() was refused (a tab the script did not open).
	const timer = window.setTimeout(onUnclaimed, ACK_WAIT_MS)
	return () => {
		window.clearTimeout(timer)
		window.removeEventListener('message', onMessage)
		channel.close()
	}
}
