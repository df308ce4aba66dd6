const danglingEnd = /[\s,;:\-–—]+$/u

/** The trimmed text in at most `max` characters, cut at a word boundary (never mid-word). */
export function cutAtWord(text: string, max: number): string {
	const trimmed = text.trim()
	if (trimmed.length <= max) return trimmed
	if (max <= 0) return ''
	if (/\s/.test(trimmed.charAt(max))) return trimmed.slice(0, max).replace(danglingEnd, '')
	const head = trimmed.slice(0, max)
	const space = Math.max(head.lastIndexOf(' '), head.lastIndexOf('\n'), head.lastIndexOf('\t'))
	if (space > 0) {
		const cut = head.slice(0, space).replace(danglingEnd, '')
		if (cut) return cut
	}
	// One word longer than the limit: a hard cut, but not between the halves of a surrogate pair.
	const code = trimmed.charCodeAt(max - 1)
	return trimmed.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max)
}

const sentenceEnd = /[.!?…]["'»«“”)\]]*(?=\s|$)/gu

/**
 * For a text the model stopped mid-way (finish_reason `length`): the complete sentences within
 * `max`, or the words within `max` when that would drop more than half of it.
 */
export function cutAtSentence(text: string, max: number): string {
	const words = cutAtWord(text, max)
	let end = -1
	for (const match of words.matchAll(sentenceEnd)) end = match.index + match[0].length
	return end >= words.length / 2 ? words.slice(0, end) : words
}
