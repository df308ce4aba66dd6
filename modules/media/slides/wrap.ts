// Pure: text broken into lines that fit a width, given a measure. Lines break between words; a single
// word wider than the line (a long URL) breaks after '/', '-', '.', '?', '&', '=' or '_', and only
// when none of those is left, between characters.

export type Measure = (text: string) => number

export function wrap(text: string, maxWidth: number, measure: Measure): Array<string> {
	const lines: Array<string> = []
	let line = ''
	for (const word of text.split(' ').filter(Boolean)) {
		const candidate = line ? `${line} ${word}` : word
		if (measure(candidate) <= maxWidth) {
			line = candidate
			continue
		}
		if (line) lines.push(line)
		const parts = measure(word) <= maxWidth ? [word] : breakWord(word, maxWidth, measure)
		lines.push(...parts.slice(0, -1))
		line = parts.at(-1) ?? ''
	}
	if (line) lines.push(line)
	return lines
}

function breakWord(word: string, maxWidth: number, measure: Measure): Array<string> {
	const chunks = word.split(/(?<=[/\-.?&=_])/u)
	const out: Array<string> = []
	let line = ''
	for (const chunk of chunks) {
		if (measure(line + chunk) <= maxWidth) {
			line += chunk
			continue
		}
		if (line) out.push(line)
		line = ''
		for (const char of chunk) {
			if (line && measure(line + char) > maxWidth) {
				out.push(line)
				line = ''
			}
			line += char
		}
	}
	if (line) out.push(line)
	return out
}
