import { countText, localMentions, URL_CHARACTERS } from '#modules/publishing/counting.ts'

// Mastodon's StatusLengthValidator: every URL counts as characters_reserved_per_url (23 by default)
// and a mention '@anna@chaos.social' only as '@anna'; everything else in graphemes.

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/giu

/** The length of `text` as an instance counts it (`urlLength`: its characters_reserved_per_url). */
export function mastodonLength(text: string, urlLength: number = URL_CHARACTERS) {
	const urls = localMentions(text).match(URL_PATTERN)?.length ?? 0
	return countText('urls-23-local-mentions', text) + urls * (urlLength - URL_CHARACTERS)
}
