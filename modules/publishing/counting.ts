// Pure and shared with the browser: how a network counts a post's length. A platform descriptor
// names one of these kinds (functions cannot travel in the root loader's data, names can), and the
// editor's counter, the over-limit warning and the generator's trimming all count through here.
// See docs/decisions/0010-platform-descriptors.md.

export const COUNTING_KINDS = ['graphemes', 'utf8-bytes', 'utf8-bytes-emoji', 'urls-23', 'urls-23-local-mentions', 'little-escaped'] as const
export type CountingKind = (typeof COUNTING_KINDS)[number]

const segmenter = new Intl.Segmenter('de', { granularity: 'grapheme' })
const encoder = new TextEncoder()
const PICTOGRAPHIC = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u

/** Below U+0300 (Latin with its accented letters) every character but CR is a grapheme of its own: no segmenter needed. */
function singleUnits(text: string) {
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i)
		if (code >= 0x300 || code === 13) return false
	}
	return true
}

function graphemes(text: string) {
	if (singleUnits(text)) return text.length
	let count = 0
	for (const _ of segmenter.segment(text)) count++
	return count
}

/** Characters as a reader sees them, but every emoji as many as its UTF-8 bytes (Threads: "emoji count as their UTF-8 byte length"). */
function utf8BytesForEmoji(text: string) {
	let count = 0
	for (const { segment } of segmenter.segment(text)) count += PICTOGRAPHIC.test(segment) ? encoder.encode(segment).length : 1
	return count
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/giu
/** Mastodon's default `characters_reserved_per_url`: every link counts this many characters, whatever its length. */
export const URL_CHARACTERS = 23

function urlsAs23(text: string) {
	let count = 0
	let last = 0
	for (const match of text.matchAll(URL_PATTERN)) {
		count += graphemes(text.slice(last, match.index)) + URL_CHARACTERS
		last = match.index + match[0].length
	}
	return count + graphemes(text.slice(last))
}

// A mention of an account on another server, '@anna@chaos.social', counts only as its local part
// '@anna' (Mastodon's StatusLengthValidator rewrites each mention to '@' + the username before counting).
const REMOTE_MENTION = /(^|[^/\p{L}\p{N}_])@([\p{L}\p{N}_]+(?:[\p{L}\p{N}_.-]*[\p{L}\p{N}_])?)@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu

/** '@anna@chaos.social' as the fediverse shows (and counts) it: '@anna'. */
export function localMentions(text: string) {
	return text.replace(REMOTE_MENTION, '$1@$2')
}

// LinkedIn's "little" text format: a reserved character is sent with a backslash before it, and the
// limit applies to what is sent. Mentions `@[Name](urn:li:…)` and hashtags `#tag` (at the start or after
// whitespace) stay unescaped. The adapter's escapeCommentary is the reference (its test compares both).
const RESERVED = new Set(['\\', '|', '{', '}', '@', '[', ']', '(', ')', '<', '>', '#', '*', '_', '~'])
const MENTION = /@\[[^\\|{}@[\]()<>#*_~\n]+\]\(urn:li:(?:person|organization):[A-Za-z0-9_-]+\)/y
const HASHTAG = /#[\p{L}\p{N}]*\p{L}[\p{L}\p{N}]*/uy

function escapesOf(text: string) {
	let escapes = 0
	let i = 0
	while (i < text.length) {
		const char = text[i]!
		const kept = char === '@' ? sticky(MENTION, text, i) : char === '#' && (i === 0 || /\s/u.test(text[i - 1]!)) ? sticky(HASHTAG, text, i) : null
		if (kept) {
			i += kept.length
			continue
		}
		if (RESERVED.has(char)) escapes++
		i += 1
	}
	return escapes
}

function sticky(pattern: RegExp, text: string, at: number) {
	pattern.lastIndex = at
	return pattern.exec(text)?.[0] ?? null
}

/** The length of `text` in the network's own counting. */
export function countText(kind: CountingKind, text: string): number {
	switch (kind) {
		case 'graphemes':
			return graphemes(text)
		case 'utf8-bytes':
			return encoder.encode(text).length
		case 'utf8-bytes-emoji':
			return utf8BytesForEmoji(text)
		case 'urls-23':
			return urlsAs23(text)
		case 'urls-23-local-mentions':
			return urlsAs23(localMentions(text))
		case 'little-escaped':
			return graphemes(text) + escapesOf(text)
	}
}

export function isCountingKind(value: unknown): value is CountingKind {
	return typeof value === 'string' && (COUNTING_KINDS as ReadonlyArray<string>).includes(value)
}
