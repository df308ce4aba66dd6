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

/** Graph's 2026-11-22T08:00:00+0000 as a Date (an offset without a colon is not ISO 8601 for every parser). */
export function graphDate(value: string | undefined) {
	if (!value) return new Date(0)
	const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'))
	return Number.isNaN(date.getTime()) ? new Date(0) : date
}
