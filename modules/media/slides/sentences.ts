// Pure: German text cut into sentences and, where one is too long for a slide, into pieces at clause
// and word boundaries. A word is never cut.

// Words that end in a period without ending the sentence (single letters such as 'z. B.' and
// ordinals such as '3. Mai' are recognised by their form).
const ABBREVIATIONS = new Set(
	'bzw ca dr prof nr usw etc vgl ggf inkl evtl bspw sog mio mrd hr fr st jh abs tel zzgl ebd ff mind max min bsp allg gem ca usf od u.a z.b d.h o.ä u.ä s.o s.u i.d.r'.split(' '),
)

/** Sentences of one line of text, each trimmed; the text's characters are kept (only spaces between sentences go). */
export function sentences(text: string): Array<string> {
	const result: Array<string> = []
	// A candidate end: . ! ? or … (repeated), closing quotes or brackets, then whitespace.
	const end = /[.!?…]+["'»«“”‘’)\]]*(?=\s+)/gu
	let start = 0
	for (let match = end.exec(text); match; match = end.exec(text)) {
		const stop = match.index + match[0].length
		const before = text.slice(start, stop)
		const rest = text.slice(stop).trimStart()
		if (match[0].startsWith('.') && !match[0].startsWith('...') && isAbbreviation(before, rest)) continue
		// A sentence goes on when the next word starts in lower case ('… ist es. und' is a typo, not two ideas).
		if (/^\p{Ll}/u.test(rest)) continue
		result.push(before.trim())
		start = stop
	}
	const last = text.slice(start).trim()
	if (last) result.push(last)
	return result.filter(Boolean)
}

function isAbbreviation(before: string, rest: string) {
	const word = /(\S+)\.$/u.exec(before.replace(/["'»«“”‘’)\]]+$/u, ''))?.[1] ?? ''
	const bare = word.replace(/^["'»«“”‘’([]+/u, '').toLowerCase()
	if (/^\p{L}$/u.test(bare)) return true
	if (ABBREVIATIONS.has(bare)) return true
	// An ordinal ('am 3. Mai', 'zum 5. Mal') when a word follows, not the end of a number sentence ('… 2024. Danach').
	return /^\d{1,2}$/.test(bare) && /^\p{L}/u.test(rest)
}

/**
 * Pieces of at most `max` characters, cut after a clause mark (', ' '; ' ': ' ' – ') where one is
 * near the end, else between words. A single word longer than `max` stays whole.
 */
export function pieces(text: string, max: number): Array<string> {
	const out: Array<string> = []
	let rest = text.trim()
	while (rest.length > max) {
		const cut = clauseCut(rest, max) ?? wordCut(rest, max)
		if (cut === null) break
		out.push(rest.slice(0, cut).trim())
		rest = rest.slice(cut).trim()
	}
	if (rest) out.push(rest)
	return out
}

/** The end of the last clause that ends within `max` and after its first half (shorter pieces look broken). */
function clauseCut(text: string, max: number): number | null {
	const clause = /[,;:](?=\s)|\s[–—-](?=\s)/gu
	let best: number | null = null
	for (let match = clause.exec(text); match && match.index < max; match = clause.exec(text)) {
		const end = match[0].startsWith(' ') ? match.index : match.index + 1
		if (end >= max / 2) best = end
	}
	return best
}

/** The last space at or before `max`, or the first space after it when the first word is longer. */
function wordCut(text: string, max: number): number | null {
	const before = text.lastIndexOf(' ', max)
	if (before > 0) return before
	const after = text.indexOf(' ', max)
	return after > 0 ? after : null
}
