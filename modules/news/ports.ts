// The news module's port to the open web: reading one RSS or Atom feed. The adapter
// (adapters/web/feed.ts) fetches only through the SSRF-safe fetcher and parses the XML.

export type FeedEntry = {
	title: string
	/** The article's address (absolute http(s) URL), or null when the feed gives none. */
	link: string | null
	/** Plain text: HTML removed, entities decoded, whitespace collapsed. */
	summary: string
	/** ISO timestamp, or null when the feed gives no (valid) date. */
	published: string | null
}

export type FeedContent = { title: string; items: Array<FeedEntry> }

export interface FeedReader {
	/** Fetches and parses one feed; throws FeedError. */
	read(url: string, signal?: AbortSignal): Promise<FeedContent>
}

export type FeedErrorCode = 'invalid_url' | 'blocked_address' | 'unreachable' | 'timeout' | 'too_large' | 'not_a_feed'

/** Why a feed could not be read; `message` is German and may be shown to the user. */
export class FeedError extends Error {
	readonly code: FeedErrorCode
	constructor(code: FeedErrorCode, message: string, options?: { cause?: unknown }) {
		super(message, options)
		this.name = 'FeedError'
		this.code = code
	}
}
