import { countText, URL_CHARACTERS } from '#modules/publishing/counting.ts'

// Mastodon's StatusLengthValidator: every URL counts as characters_reserved_per_url (23 by default)
// and a mention '@anna@chaos.social' only as '@anna'; everything else in graphemes.

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/giu
const REMOTE_MENTION = /(^|[^/\p{L}\p{N}_])@([\p{L}\p{N}_]+(?:[\p{L}\p{N}_.-]*[\p{L}\p{N}_])?)@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu

/** The length of `text` as an instance counts it (`urlLength`: its characters_reserved_per_url). */
export function mastodonLength(text: string, urlLength: number = URL_CHARACTERS) {
	const local = text.replace(REMOTE_MENTION, (_, before: string, user: string) => `${before}@${user}`)
	const urls = local.match(URL_PATTERN)?.length ?? 0
	return countText('urls-23', local) + urls * (urlLength - URL_CHARACTERS)
}
