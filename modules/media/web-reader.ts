// Reading the open web (adapters/web): YouTube metadata and web articles. Adapters never fetch a
// user-supplied URL except through the SSRF-safe fetcher.

export type Article = { url: string; title: string; text: string; siteName: string | null; publishedAt: string | null; imageUrl: string | null }

export type YoutubeVideo = { id: string; title: string; description: string; channel: string | null; transcript: string | null }

export interface WebReader {
	/** Fetches and extracts a readable article; throws WebReadError. */
	article(url: string, signal?: AbortSignal): Promise<Article>
	/** Metadata and (where available) the transcript of a video, from a fixed API host. */
	youtube(videoId: string, signal?: AbortSignal): Promise<YoutubeVideo>
	/** The bytes behind a user-given image URL (CSV import), through the SSRF-safe fetcher; the caller judges them by content. Throws WebReadError. */
	image(url: string, signal?: AbortSignal): Promise<{ bytes: Uint8Array; contentType: string | null }>
}

export type WebReadErrorCode =
	| 'invalid_url' // not http(s), unparsable, credentials in URL, bad port
	| 'blocked_address' // resolves to loopback/private/link-local/metadata (also after a redirect)
	| 'too_large' // body over the size limit
	| 'timeout'
	| 'unreachable' // DNS failure, connection refused, 4xx/5xx
	| 'not_html' // content type not text/html or application/xhtml+xml
	| 'no_content' // nothing readable found
	| 'too_many_redirects'

export class WebReadError extends Error {
	readonly code: WebReadErrorCode
	constructor(code: WebReadErrorCode, message?: string, options?: { cause?: unknown }) {
		super(message ?? code, options)
		this.name = 'WebReadError'
		this.code = code
	}
}
