// LinkedIn's "little" text format for post commentary. The reserved characters \ | { } @ [ ] ( ) < > # * _ ~
// must be backslash-escaped; LinkedIn silently cuts the post at the first one left unescaped (and still
// answers 201). Two constructs stay unescaped on purpose, because LinkedIn parses them into elements:
//   - mentions `@[Name](urn:li:person:…)` / `@[Name](urn:li:organization:…)`, with a Name free of reserved characters
//   - hashtags `#tag` at the start of the text or after whitespace, tag = Unicode letters and digits with at least one letter
// Everything else that looks similar (`C#`, `#1`, `(#tag)`, `#tag_x`, `@name`) is escaped. The rule is "when in
// doubt, escape": an escaped character shows literally, an unescaped one the parser does not expect loses the rest
// of the post. So a doubtful hashtag merely stops being clickable.

const RESERVED = new Set(['\\', '|', '{', '}', '@', '[', ']', '(', ')', '<', '>', '#', '*', '_', '~'])
const MENTION = /@\[[^\\|{}@[\]()<>#*_~\n]+\]\(urn:li:(?:person|organization):[A-Za-z0-9_-]+\)/y
const HASHTAG = /#[\p{L}\p{N}]*\p{L}[\p{L}\p{N}]*/uy
// How LinkedIn itself writes a hashtag when it returns a post's commentary.
const HASHTAG_TEMPLATE = /\{hashtag\|\\#\|([\p{L}\p{N}]+)\}/uy

export function escapeCommentary(text: string) {
	let out = ''
	let i = 0
	while (i < text.length) {
		const token = keptToken(text, i)
		if (token) {
			out += token
			i += token.length
			continue
		}
		const char = text[i]!
		out += RESERVED.has(char) ? `\\${char}` : char
		i += 1
	}
	return out
}

/**
 * Reads commentary the way LinkedIn does: escapes resolved, mentions and hashtags kept as written, and the
 * text cut at the first reserved character that is neither escaped nor part of a mention or hashtag.
 */
export function parseCommentary(commentary: string): { text: string; truncatedAt: number | null } {
	let text = ''
	let i = 0
	while (i < commentary.length) {
		const char = commentary[i]!
		if (char === '\\') {
			const next = commentary[i + 1]
			if (next === undefined) return { text, truncatedAt: i }
			text += next
			i += 2
			continue
		}
		const template = sticky(HASHTAG_TEMPLATE, commentary, i)
		if (template) {
			text += `#${template[1]}`
			i += template[0].length
			continue
		}
		const token = keptToken(commentary, i)
		if (token) {
			text += token
			i += token.length
			continue
		}
		if (RESERVED.has(char)) return { text, truncatedAt: i }
		text += char
		i += 1
	}
	return { text, truncatedAt: null }
}

/** The text a reader sees for a commentary (LinkedIn returns commentary in the little format). */
export function unescapeCommentary(commentary: string) {
	return parseCommentary(commentary).text
}

function keptToken(text: string, i: number): string | null {
	const char = text[i]
	if (char === '@') return sticky(MENTION, text, i)?.[0] ?? null
	if (char === '#' && (i === 0 || /\s/u.test(text[i - 1]!))) return sticky(HASHTAG, text, i)?.[0] ?? null
	return null
}

function sticky(pattern: RegExp, text: string, at: number) {
	pattern.lastIndex = at
	return pattern.exec(text)
}
