import { z } from 'zod'

// The news feed's sources: a default list of German-language tech and business feeds, editable
// per user (content_settings.news_feeds; null means "the defaults"). Pure, shared with the browser.

export type DefaultFeed = { url: string; name: string }

export const DEFAULT_FEEDS: ReadonlyArray<DefaultFeed> = [
	{ url: 'https://www.heise.de/rss/heise-atom.xml', name: 'heise online' },
	{ url: 'https://rss.golem.de/rss.php?feed=RSS2.0', name: 'Golem.de' },
	{ url: 'https://t3n.de/rss.xml', name: 't3n' },
	{ url: 'https://netzpolitik.org/feed/', name: 'netzpolitik.org' },
	{ url: 'https://www.spiegel.de/netzwelt/index.rss', name: 'DER SPIEGEL Netzwelt' },
	{ url: 'https://www.spiegel.de/wirtschaft/index.rss', name: 'DER SPIEGEL Wirtschaft' },
	{ url: 'https://www.tagesschau.de/wirtschaft/index~rss2.xml', name: 'tagesschau.de Wirtschaft' },
	{ url: 'https://www.nzz.ch/technologie.rss', name: 'NZZ Technologie' },
]

export const DEFAULT_FEED_URLS: ReadonlyArray<string> = DEFAULT_FEEDS.map((f) => f.url)

export const MAX_FEEDS = 20
export const MAX_FEED_URL_LENGTH = 2048

/** A feed address as stored: trimmed, parsed and re-serialised; null when it is no http(s) URL. */
export function normaliseFeedUrl(raw: string): string | null {
	const text = raw.trim()
	if (!text || text.length > MAX_FEED_URL_LENGTH) return null
	let url: URL
	try {
		url = new URL(text)
	} catch {
		return null
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
	if (url.username || url.password || !url.hostname) return null
	url.hash = ''
	return url.href
}

/** Messages are i18n keys of the `news` namespace. */
export const FeedUrlSchema = z
	.string({ error: 'sources.errors.invalidUrl' })
	.trim()
	.min(1, { error: 'sources.errors.required' })
	.max(MAX_FEED_URL_LENGTH, { error: 'sources.errors.tooLong' })
	.transform((value, ctx) => {
		const url = normaliseFeedUrl(value)
		if (!url) {
			ctx.addIssue({ code: 'custom', message: 'sources.errors.invalidUrl' })
			return z.NEVER
		}
		return url
	})

/** A user's list of feeds: at most MAX_FEEDS distinct http(s) URLs. */
export const FeedListSchema = z
	.array(FeedUrlSchema)
	.transform((urls) => [...new Set(urls)])
	.pipe(z.array(z.string()).max(MAX_FEEDS, { error: 'sources.errors.tooMany' }))

/** The feeds that apply: the user's list, or the defaults while they kept them. */
export function effectiveFeeds(saved: ReadonlyArray<string> | null | undefined): Array<string> {
	return saved ? [...saved] : [...DEFAULT_FEED_URLS]
}

/** The display name of a feed address before it was read: a default feed's name, else its host. */
export function feedLabel(url: string): string {
	const known = DEFAULT_FEEDS.find((f) => f.url === url)
	if (known) return known.name
	try {
		return new URL(url).host
	} catch {
		return url
	}
}
