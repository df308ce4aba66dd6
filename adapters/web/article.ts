// Readable text of a web page, read in one streaming pass with htmlparser2 (no DOM): metadata from
// <meta>, paragraphs from the article body, boilerplate (navigation, banners, comments) left out.
import { Parser } from 'htmlparser2'
import type { Article } from '#modules/media/web-reader.ts'

export const ARTICLE_TEXT_MAX = 20_000
export const ARTICLE_TEXT_MIN = 200

const skippedTags = new Set([
	'script',
	'style',
	'noscript',
	'nav',
	'header',
	'footer',
	'aside',
	'form',
	'svg',
	'iframe',
	'button',
	'template',
	'select',
	'textarea',
	'dialog',
	'object',
])
const blockTags = new Set(['p', 'h2', 'h3', 'h4', 'li', 'blockquote'])
const headingTags = new Set(['h2', 'h3', 'h4'])
const inlineTags = new Set(['a', 'abbr', 'b', 'cite', 'code', 'em', 'i', 'mark', 'q', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u'])
// The filter on class and id never applies to these: a class like "article comments-open" on the
// container itself would otherwise drop the whole text.
const neverFiltered = new Set(['html', 'body', 'main', 'article'])
const boilerplateAttribute =
	/cookie|consent|gdpr|banner|menu|comment|share|sharing|social|related|newsletter|breadcrumb|paywall|promo|advert|sidebar|byline|(^|[\s_-])(ad|ads|nav|navbar|teaser|meta)($|[\s_-])/i
const boilerplateLine =
	/^(anzeige|werbung|teilen|jetzt teilen|share|mehr zum thema|lesen sie auch|auch interessant|weiterlesen|read more|zum artikel|foto|bild|©|copyright)\b/i

type Frame = { name: string; skip: boolean; block: boolean; article: boolean; main: boolean }
type Line = { text: string; heading: boolean; inArticle: boolean; inMain: boolean }

export function extractArticle(html: string, url: string): Article | null {
	const meta = new Map<string, string>()
	const stack: Array<Frame> = []
	const blocks: Array<string> = []
	const lines: Array<Line> = []
	let skipDepth = 0
	let articleDepth = 0
	let mainDepth = 0
	let buffer = ''
	let titleText = ''
	let h1Text: string | null = null
	let inH1 = false
	let timeValue: string | null = null

	const flush = () => {
		const text = collapse(buffer)
		buffer = ''
		const block = blocks.at(-1)
		if (text && block) lines.push({ text, heading: headingTags.has(block), inArticle: articleDepth > 0, inMain: mainDepth > 0 })
	}

	const parser = new Parser(
		{
			onopentag(name, attribs) {
				if (name === 'meta') {
					const key = (attribs.property ?? attribs.name ?? attribs.itemprop ?? '').toLowerCase()
					if (key && attribs.content && !meta.has(key)) meta.set(key, attribs.content)
				}
				const isSkipped =
					(skippedTags.has(name) && !(name === 'header' && articleDepth > 0)) ||
					(!neverFiltered.has(name) && boilerplateAttribute.test(`${attribs.class ?? ''} ${attribs.id ?? ''}`)) ||
					'hidden' in attribs ||
					attribs['aria-hidden'] === 'true' ||
					/display\s*:\s*none/i.test(attribs.style ?? '')
				const frame: Frame = { name, skip: isSkipped, block: false, article: name === 'article', main: name === 'main' }
				stack.push(frame)
				if (isSkipped) skipDepth++
				if (frame.article) articleDepth++
				if (frame.main) mainDepth++
				if (skipDepth > 0) return
				if (name === 'time' && attribs.datetime && !timeValue) timeValue = attribs.datetime
				if (name === 'h1' && h1Text === null) {
					inH1 = true
					h1Text = ''
				}
				if (blockTags.has(name)) {
					// Text before a nested block (an <li> holding a <p>) becomes its own line.
					flush()
					blocks.push(name)
					frame.block = true
				} else if (!inlineTags.has(name)) buffer += ' '
			},
			ontext(data) {
				if (stack.at(-1)?.name === 'title' && skipDepth === 0) titleText += data
				if (skipDepth > 0) return
				if (inH1) h1Text += data
				if (blocks.length > 0) buffer += data
			},
			onclosetag(name) {
				const frame = stack.pop()
				if (!frame) return
				if (frame.block) {
					flush()
					blocks.pop()
				} else if (!inlineTags.has(name) && skipDepth === 0) buffer += ' '
				if (name === 'h1') inH1 = false
				if (frame.skip) skipDepth--
				if (frame.article) articleDepth--
				if (frame.main) mainDepth--
			},
		},
		{ decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
	)
	parser.write(html)
	parser.end()

	const text = pickText(lines)
	if (text.length < ARTICLE_TEXT_MIN) return null
	const metaValue = (...keys: Array<string>) => {
		for (const key of keys) {
			const value = collapse(meta.get(key) ?? '')
			if (value) return value
		}
		return null
	}
	return {
		url,
		title: metaValue('og:title', 'twitter:title') || collapse(h1Text ?? '') || collapse(titleText) || hostnameOf(url),
		text,
		siteName: metaValue('og:site_name'),
		publishedAt: isoDate(metaValue('article:published_time', 'datepublished') ?? timeValue),
		imageUrl: absoluteHttpUrl(metaValue('og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image'), url),
	}
}

/** The article's lines if it has enough text, else those of <main>, else all of the page. */
function pickText(lines: Array<Line>) {
	const candidates = [lines.filter((line) => line.inArticle), lines.filter((line) => line.inMain), lines]
	let text = ''
	for (const candidate of candidates) {
		text = clean(candidate)
		if (text.length >= ARTICLE_TEXT_MIN) break
	}
	return text
}

function clean(lines: Array<Line>) {
	const kept: Array<string> = []
	for (const line of lines) {
		if (isBoilerplate(line)) continue
		if (kept.at(-1) === line.text) continue
		kept.push(line.text)
	}
	const text = kept.join('\n\n')
	return text.length > ARTICLE_TEXT_MAX ? text.slice(0, ARTICLE_TEXT_MAX).trimEnd() : text
}

function isBoilerplate(line: Line) {
	if (line.text.length < 80 && boilerplateLine.test(line.text)) return true
	if (line.heading) return line.text.length < 3
	// Short lines without a sentence ending are labels, menu entries and buttons.
	return line.text.length < 25 && !/[.!?:;"“”)]$/.test(line.text)
}

function collapse(text: string) {
	return text.replace(/\s+/g, ' ').trim()
}

function hostnameOf(url: string) {
	try {
		return new URL(url).hostname
	} catch {
		return url
	}
}

function isoDate(value: string | null) {
	if (!value) return null
	const time = Date.parse(value)
	return Number.isNaN(time) ? null : new Date(time).toISOString()
}

function absoluteHttpUrl(value: string | null, base: string) {
	if (!value) return null
	try {
		const url = new URL(value, base)
		return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
	} catch {
		return null
	}
}

// ---------------------------------------------------------------------------------------------
// Bytes to text: the byte order mark, else the charset of the Content-Type header, else a
// <meta charset> in the first bytes (the order of the HTML encoding sniffing algorithm), else UTF-8.

export function decodeHtml(bytes: Uint8Array, contentType: string | null): string {
	const label = bomCharset(bytes) ?? charsetOf(contentType ?? '') ?? metaCharset(bytes) ?? 'utf-8'
	try {
		return new TextDecoder(label).decode(bytes)
	} catch {
		return new TextDecoder('utf-8').decode(bytes)
	}
}

function bomCharset(bytes: Uint8Array) {
	if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8'
	if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
	if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
	return null
}

function charsetOf(text: string) {
	const match = /charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(text)
	return match ? match[1]!.toLowerCase() : null
}

function metaCharset(bytes: Uint8Array) {
	const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, 4096))
	for (const match of head.matchAll(/<meta\b[^>]*>/gi)) {
		const label = charsetOf(match[0])
		// A page that says it is UTF-16 in ASCII-compatible bytes cannot be: HTML treats it as UTF-8.
		if (label) return label.startsWith('utf-16') ? 'utf-8' : label
	}
	return null
}
