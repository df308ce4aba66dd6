import { localMentions } from '#modules/publishing/counting.ts'

// Mastodon answers a status's `content` as HTML (paragraphs, <br />, links with the scheme in an
// invisible span, mentions and hashtags as links). Finding our own post again compares texts, so
// both sides are brought to the same plain form here.

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** What a reader sees of a status's HTML content: paragraphs as blank lines, <br> as line breaks, entities decoded. */
export function plainText(html: string): string {
	const text = html
		.replace(/<br\s*\/?>/gi, '\n')
		.replace(/<\/p>\s*<p(?:\s[^>]*)?>/gi, '\n\n')
		.replace(/<[^>]*>/g, '')
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
		if (name[0] === '#') {
			const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
			return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity
		}
		return NAMED[name.toLowerCase()] ?? entity
	})
}

/** Line endings, trailing spaces and runs of blank lines as Mastodon's formatter folds them. */
export function normalizeText(text: string) {
	return text
		.replace(/\r\n?/g, '\n')
		.replace(/[ \t]+\n/g, '\n')
		.replace(/\n\s*\n/g, '\n\n')
		.trim()
}

/** Without the mentions a reply starts with (Mastodon shows '@anna@chaos.social' as '@anna'). */
export function withoutLeadingMentions(text: string) {
	return text.replace(/^(?:@[\p{L}\p{N}_.-]+(?:@[\p{L}\p{N}.-]+)?\s+)+/u, '')
}

// '@anna@chaos.social' as Mastodon shows (and counts) it, '@anna': one rule with the descriptor's counting.
export { localMentions }

/** A text as it can be compared with a status's content. */
export function comparable(text: string) {
	return localMentions(normalizeText(text))
}

/** Whether the status's HTML `content` shows `text`. */
export function sameText(html: unknown, text: string) {
	return typeof html === 'string' && comparable(plainText(html)) === comparable(text)
}
