// The local (offline) German summary of a news item: the first sentences of the feed's own
// summary, cut at a sentence or word boundary. Extractive: it never adds a word the source lacks.

export const SUMMARY_MAX = 320

const danglingEnd = /[\s,;:\-–—]+$/u

/** The trimmed text in at most `max` characters, cut at a word boundary with an ellipsis. */
export function cutAtWord(text: string, max: number): string {
	const trimmed = text.trim()
	if (trimmed.length <= max) return trimmed
	const head = trimmed.slice(0, max - 1)
	const space = head.lastIndexOf(' ')
	const cut = (/\s/.test(trimmed.charAt(max - 1)) ? head : space > 0 ? head.slice(0, space) : head).replace(danglingEnd, '')
	return `${cut}…`
}

/** Sentences of a plain text (a full stop after an abbreviation such as 'z.B.' or '3.' does not end one). */
export function sentences(text: string): Array<string> {
	const clean = text.replace(/\s+/g, ' ').trim()
	if (!clean) return []
	const parts: Array<string> = []
	const re = /[.!?…]+["'»«“”)\]]*(?=\s+(?:["'„»«“(]?[\p{Lu}\p{N}]))/gu
	let start = 0
	for (const match of clean.matchAll(re)) {
		const end = match.index + match[0].length
		const candidate = clean.slice(start, end)
		// "z.B." / "Nr." / "3." / single letters: not an end of sentence.
		const lastWord = candidate.split(' ').at(-1) ?? ''
		if (/^(?:\p{L}\.){1,3}$|^(?:bzw|ca|Dr|Nr|Prof|St|usw|vgl|etc|Mio|Mrd|inkl|evtl|ggf|z\.B|u\.a)\.$|^\d+\.$/u.test(lastWord)) continue
		parts.push(candidate.trim())
		start = end
	}
	const rest = clean.slice(start).trim()
	if (rest) parts.push(rest)
	return parts
}

/**
 * Up to `max` characters of whole sentences from the start of `text`; a first sentence longer than
 * that is cut at a word. Feed teasers ending in '[...]', 'mehr' or 'Weiterlesen' lose that tail.
 */
export function extractiveSummary(text: string, max = SUMMARY_MAX): string {
	const cleaned = text
		.replace(/\s*(?:\[(?:\.\.\.|…)\]|\(mehr[^)]*\)|»?\s*(?:weiterlesen|mehr lesen|read more)\s*«?\s*(?:…|\.\.\.)?)\s*$/iu, '')
		.replace(/\s+/g, ' ')
		.trim()
	const all = sentences(cleaned)
	if (all.length === 0) return ''
	let summary = ''
	for (const sentence of all) {
		const next = summary ? `${summary} ${sentence}` : sentence
		if (next.length > max) break
		summary = next
		if (summary.length >= max * 0.6) break
	}
	return summary || cutAtWord(all[0]!, max)
}
