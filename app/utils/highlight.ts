// Pure and shared with the browser: ts_headline's <mark>…</mark> markers turned into parts that
// React renders as text and <mark> elements (never as HTML).

export type MarkedPart = { text: string; mark: boolean }

export function markedParts(marked: string): Array<MarkedPart> {
	const parts: Array<MarkedPart> = []
	let mark = false
	for (const piece of marked.split(/(<mark>|<\/mark>)/)) {
		if (piece === '<mark>') mark = true
		else if (piece === '</mark>') mark = false
		else if (piece) parts.push({ text: piece, mark })
	}
	return parts
}

/** The text without the markers (for labels). */
export function unmarked(marked: string) {
	return marked.replace(/<\/?mark>/g, '')
}

/** Where a hit opens: posts and drafts in the creator, ideas and news in the news feed. */
export function searchHref(hit: { kind: 'post' | 'draft' | 'idea' | 'news'; id: string }) {
	if (hit.kind === 'post') return `/create-post?post=${encodeURIComponent(hit.id)}`
	if (hit.kind === 'draft') return `/create-post?draft=${encodeURIComponent(hit.id)}`
	return '/news'
}
