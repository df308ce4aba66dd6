import { IMAGE_MAX_BYTES } from '#modules/media/kinds.ts'
import { WebReadError, type WebReader } from '#modules/media/web-reader.ts'
import { decodeHtml, extractArticle } from './article.ts'
import { createSafeFetch, type Lookup } from './safe-fetch.ts'
import { createYoutubeClient } from './youtube.ts'

export { createSafeFetch, createSafeHttp, createSafeStream, isInternalName, isPublicAddress } from './safe-fetch.ts'
export type { Lookup, SafeFetch, SafeFetchInit, SafeFetchOptions, SafeFetchResult, SafeStream, SafeStreamResult } from './safe-fetch.ts'

export type WebReaderOptions = {
	/** Exact 'host:port' pairs the fetcher may reach on loopback (WEB_FETCH_ALLOW_HOSTS; tests and e2e only). */
	allowHosts?: ReadonlyArray<string>
	/** See SafeFetchOptions.onlyAllowHosts. */
	onlyAllowHosts?: boolean
	youtube: { apiKey?: string; apiBase: string; oembedUrl: string; transcriptBase: string }
	/** For the fixed YouTube hosts only; user URLs always go through the safe fetcher. */
	fetch?: typeof fetch
	lookup?: Lookup
	timeoutMs?: number
}

const htmlTypes = new Set(['text/html', 'application/xhtml+xml'])

export function createWebReader(options: WebReaderOptions): WebReader {
	const safeFetch = createSafeFetch({ allowHosts: options.allowHosts, onlyAllowHosts: options.onlyAllowHosts, lookup: options.lookup, timeoutMs: options.timeoutMs })
	const imageFetch = createSafeFetch({ allowHosts: options.allowHosts, onlyAllowHosts: options.onlyAllowHosts, lookup: options.lookup, timeoutMs: options.timeoutMs, maxBytes: IMAGE_MAX_BYTES })
	const youtube = createYoutubeClient({ ...options.youtube, fetch: options.fetch, timeoutMs: options.timeoutMs })
	return {
		async article(url, signal) {
			const response = await safeFetch(url, { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1', signal })
			const type = response.contentType?.split(';')[0]?.trim().toLowerCase() ?? ''
			if (!htmlTypes.has(type)) throw new WebReadError('not_html', 'Die Adresse führt nicht zu einer Webseite.')
			const article = extractArticle(decodeHtml(response.body, response.contentType), response.url)
			if (!article) throw new WebReadError('no_content', 'Auf der Seite wurde kein lesbarer Text gefunden.')
			return article
		},
		youtube: (videoId, signal) => youtube.video(videoId, signal),
		async image(url, signal) {
			const response = await imageFetch(url, { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8', signal })
			return { bytes: response.body, contentType: response.contentType }
		},
	}
}

export { createFeedReader, htmlToText, parseFeedXml, type FeedReaderOptions } from './feed.ts'
