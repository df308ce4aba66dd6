// The news module's FeedReader: one RSS or Atom feed, fetched only through the SSRF-safe fetcher
// and parsed with htmlparser2's parseFeed. Summaries and titles come out as plain text (HTML
// removed, entities decoded); links are absolute http(s) URLs or null.
import { DomUtils, parseDocument, parseFeed } from 'htmlparser2'
import { WebReadError } from '#modules/media/web-reader.ts'
import { FeedError, type FeedContent, type FeedEntry, type FeedReader } from '#modules/news/ports.ts'
import { createSafeFetch, type Lookup, type SafeFetch } from './safe-fetch.ts'

export type FeedReaderOptions = {
	/** Exact 'host:port' pairs the fetcher may reach on loopback (WEB_FETCH_ALLOW_HOSTS; tests and e2e only). */
	allowHosts?: ReadonlyArray<string>
	/** See SafeFetchOptions.onlyAllowHosts. */
	onlyAllowHosts?: boolean
	lookup?: Lookup
	/** Per feed, including redirects and the body. Default 10 s (the news module sets its own, shorter deadline). */
	timeoutMs?: number
	/** Default 2 MB. */
	maxBytes?: number
	/** Injected in tests instead of the real safe fetcher. */
	fetch?: SafeFetch
}

export const FEED_MAX_BYTES = 2 * 1024 * 1024
export const FEED_MAX_ITEMS = 100
const SUMMARY_SOURCE_MAX = 4000

const feedTypes = new Set(['application/rss+xml', 'application/atom+xml', 'application/rdf+xml', 'application/xml', 'text/xml', 'application/x-rss+xml', 'application/feed+xml'])

export function createFeedReader(options: FeedReaderOptions = {}): FeedReader {
	const safeFetch =
		options.fetch ?? createSafeFetch({ allowHosts: options.allowHosts, onlyAllowHosts: options.onlyAllowHosts, lookup: options.lookup, timeoutMs: options.timeoutMs, maxBytes: options.maxBytes ?? FEED_MAX_BYTES })
	return {
		async read(url, signal) {
			let response
			try {
				response = await safeFetch(url, { accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1', signal })
			} catch (error) {
				if (signal?.aborted) throw new FeedError('timeout', 'Der Feed hat nicht rechtzeitig geantwortet.', { cause: error })
				throw feedErrorOf(error)
			}
			const xml = decodeXml(response.body, response.contentType)
			const type = response.contentType?.split(';')[0]?.trim().toLowerCase() ?? ''
			if (!feedTypes.has(type) && !looksLikeFeed(xml)) throw new FeedError('not_a_feed', 'Die Adresse führt nicht zu einem RSS- oder Atom-Feed.')
			const feed = parseFeedXml(xml, response.url)
			if (!feed) throw new FeedError('not_a_feed', 'Die Adresse führt nicht zu einem RSS- oder Atom-Feed.')
			return feed
		},
	}
}

function feedErrorOf(error: unknown): FeedError {
	if (error instanceof WebReadError) {
		switch (error.code) {
			case 'invalid_url':
				return new FeedError('invalid_url', `Ungültige Feed-Adresse: ${error.message}`, { cause: error })
			case 'blocked_address':
				return new FeedError('blocked_address', 'Diese Feed-Adresse ist nicht erlaubt.', { cause: error })
			case 'timeout':
				return new FeedError('timeout', 'Der Feed hat nicht rechtzeitig geantwortet.', { cause: error })
			case 'too_large':
				return new FeedError('too_large', 'Der Feed ist zu gross.', { cause: error })
			default:
				return new FeedError('unreachable', `Der Feed ist nicht erreichbar (${error.message})`, { cause: error })
		}
	}
	return new FeedError('unreachable', 'Der Feed ist nicht erreichbar.', { cause: error })
}

function looksLikeFeed(xml: string) {
	const head = xml.slice(0, 2000).replace(/^\uFEFF/, '').trimStart()
	return /^<\?xml\b/i.test(head) || /<(rss|feed|rdf:RDF)\b/.test(head)
}

/** BOM, then the Content-Type charset, then the XML declaration's encoding, else UTF-8. */
export function decodeXml(bytes: Uint8Array, contentType: string | null): string {
	let label = 'utf-8'
	if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be'
	else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le'
	else if (!(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)) {
		const declared = /charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(contentType ?? '')?.[1]
		const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, 200))
		label = (declared ?? /<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1] ?? 'utf-8').toLowerCase()
	}
	try {
		return new TextDecoder(label).decode(bytes)
	} catch {
		return new TextDecoder('utf-8').decode(bytes)
	}
}

type AnyNode = ReturnType<typeof parseDocument>['children'][number]

const blockTags = new Set(['p', 'br', 'div', 'li', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'tr', 'td', 'th', 'figcaption', 'section', 'article', 'hr'])
const skippedTags = new Set(['script', 'style', 'noscript', 'iframe', 'object', 'svg', 'figure', 'img', 'picture', 'video', 'audio'])

/** Plain text of an HTML fragment: tags removed (block elements become spaces), entities decoded. */
export function htmlToText(html: string): string {
	if (!/[<&]/.test(html)) return html.replace(/\s+/g, ' ').trim()
	const doc = parseDocument(html, { decodeEntities: true })
	const parts: Array<string> = []
	const walk = (nodes: Array<AnyNode>) => {
		for (const node of nodes) {
			if (node.type === 'text') parts.push(node.data)
			else if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
				if (skippedTags.has(node.name)) continue
				const block = blockTags.has(node.name)
				if (block) parts.push(' ')
				walk(node.children)
				if (block) parts.push(' ')
			} else if (node.type === 'cdata') walk(node.children)
		}
	}
	walk(doc.children)
	return parts.join('').replace(/\s+/g, ' ').trim()
}

function absoluteHttp(link: string | undefined, base: string): string | null {
	if (!link?.trim()) return null
	try {
		const url = new URL(link.trim(), base)
		return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
	} catch {
		return null
	}
}

function isoOrNull(date: Date | undefined): string | null {
	return date && Number.isFinite(date.getTime()) ? date.toISOString() : null
}

/** The feed of an RSS (0.9x, 1.0, 2.0) or Atom document; null when it is none. */
export function parseFeedXml(xml: string, baseUrl: string): FeedContent | null {
	const feed = parseFeed(xml, { xmlMode: true, decodeEntities: true })
	if (!feed) return null
	// parseFeed takes an Atom entry's first <link> (possibly rel="replies") and only <updated>:
	// the entry's alternate link and <published> date are read here where present.
	const atom = feed.type === 'atom' ? DomUtils.getElementsByTagName('entry', parseDocument(xml, { xmlMode: true }).children) : []
	const items: Array<FeedEntry> = feed.items.slice(0, FEED_MAX_ITEMS).flatMap((item, index) => {
		const title = htmlToText(item.title ?? '')
		if (!title) return []
		let link = item.link
		let published = item.pubDate
		const entry = atom[index]
		if (entry) {
			const links = DomUtils.getElementsByTagName('link', entry.children, false)
			const alternate = links.find((l) => !l.attribs.rel || l.attribs.rel === 'alternate')
			if (alternate?.attribs.href) link = alternate.attribs.href
			const publishedText = DomUtils.getElementsByTagName('published', entry.children, false)[0]
			if (publishedText) published = new Date(DomUtils.textContent(publishedText).trim())
		}
		return [
			{
				title: title.slice(0, 500),
				link: absoluteHttp(link, baseUrl),
				summary: htmlToText(item.description ?? '').slice(0, SUMMARY_SOURCE_MAX),
				published: isoOrNull(published),
			},
		]
	})
	return { title: htmlToText(feed.title ?? '').slice(0, 200), items }
}
