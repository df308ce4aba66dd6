// Reconciliation after an unknown outcome looks for the post by its text among recent posts.

const normalize = (text: string) => text.normalize('NFC').replace(/\r\n?/g, '\n').trim()

/** Whether a post's text on the network is the text we sent (networks trim and normalise line ends). */
export function sameText(onNetwork: string | null | undefined, sent: string) {
	return typeof onNetwork === 'string' && normalize(onNetwork) === normalize(sent)
}

/** Graph's `since` (unix seconds), a few minutes early: our clock and Meta's need not agree. */
export function sinceParam(since: Date) {
	return Math.floor(since.getTime() / 1000) - 300
}
