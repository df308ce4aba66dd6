/** The activity log's bounds of an entry's title and description (see boundedEntry). */
export const TITLE_MAX = 500
export const DESCRIPTION_MAX = 2000

/**
 * `text` in at most `max` characters: whole when it fits, else cut at the last word boundary
 * (a cut mid-word only for a single word longer than most of `max`) with an ellipsis.
 * Line breaks are kept: the activity page shows descriptions as written.
 */
export function clipAtWord(text: string, max: number): string {
	const trimmed = text.trim()
	if (trimmed.length <= max) return trimmed
	const head = trimmed.slice(0, max - 1)
	const boundary = /\s/.test(trimmed.charAt(max - 1)) ? head.length : head.search(/\s\S*$/)
	const cut = boundary > max * 0.6 ? head.slice(0, boundary) : head
	return `${cut.replace(/[\s,;:\-–—]+$/u, '')}…`
}

/**
 * An activity entry with its title and description as the activity log stores them: clipped at a word
 * to TITLE_MAX and DESCRIPTION_MAX (a missing description as ''). For entries worded ahead of their
 * insert, e.g. a publication's in publishing's outbox.
 */
export function boundedEntry<Entry extends { title: string; description?: string }>(entry: Entry): Entry {
	return { ...entry, title: clipAtWord(entry.title, TITLE_MAX), description: clipAtWord(entry.description ?? '', DESCRIPTION_MAX) }
}
