import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebReadError } from '#modules/media/web-reader.ts'
import {
	FAKE_ARTICLE,
	FAKE_ARTICLE_BOILERPLATE,
	FAKE_ARTICLE_PATH,
	FAKE_LATIN1_PATH,
	fakeArticleHtml,
	fakeLatin1ArticleBytes,
	fakeWebEnv,
	startWebFake,
	type WebFake,
} from '#tests/fakes/web.ts'
import { ARTICLE_TEXT_MAX, decodeHtml, extractArticle } from './article.ts'
import { createWebReader } from './index.ts'

const pageUrl = 'https://wirtschaftsblick.example/artikel/ki-im-mittelstand'
const sentence = 'Dies ist ein ganz gewöhnlicher Satz mit genug Wörtern, damit er als Absatz zählt. '

describe('extractArticle', () => {
	it('reads the metadata and the paragraphs of the fake article', () => {
		const article = extractArticle(fakeArticleHtml(), pageUrl)
		expect(article).not.toBeNull()
		expect(article!.url).toBe(pageUrl)
		expect(article!.title).toBe(FAKE_ARTICLE.title)
		expect(article!.siteName).toBe(FAKE_ARTICLE.siteName)
		expect(article!.publishedAt).toBe(FAKE_ARTICLE.publishedAt)
		expect(article!.imageUrl).toBe(`https://wirtschaftsblick.example${FAKE_ARTICLE.imagePath}`)
		for (const paragraph of FAKE_ARTICLE.paragraphs) expect(article!.text).toContain(paragraph)
		for (const item of FAKE_ARTICLE.listItems) expect(article!.text).toContain(item)
		expect(article!.text).toContain(`\n\n${FAKE_ARTICLE.heading}\n\n`)
		// Entities are decoded, paragraphs separated by blank lines, whitespace collapsed.
		expect(article!.text).toContain('Datenschutz, fehlendes Fachwissen & die Frage')
		expect(article!.text).toContain(`${FAKE_ARTICLE.paragraphs[0]}\n\n${FAKE_ARTICLE.paragraphs[1]}`)
		expect(article!.text).not.toMatch(/[ \t]{2,}|\n{3,}/)
		expect(article!.text.startsWith(FAKE_ARTICLE.paragraphs[0])).toBe(true)
	})

	it('leaves out navigation, cookie banner, share buttons, teasers, comments, ads and the footer', () => {
		const { text } = extractArticle(fakeArticleHtml(), pageUrl)!
		for (const boilerplate of FAKE_ARTICLE_BOILERPLATE) expect(text).not.toContain(boilerplate)
		expect(text).not.toContain('Jetzt teilen')
		expect(text).not.toMatch(/^Anzeige$/m)
		expect(text).not.toContain('Toller Artikel')
	})

	it('falls back to <main>, then <body>, and takes the title from <h1>, then <title>', () => {
		const body = `<p>${sentence.repeat(4)}</p><p>${sentence.repeat(2)}</p>`
		const inMain = extractArticle(`<html><head><title>Seitentitel</title></head><body><div class="menu"><p>${sentence}</p></div><main><h1>Überschrift</h1>${body}</main><p>${sentence} außerhalb</p></body></html>`, pageUrl)!
		expect(inMain.title).toBe('Überschrift')
		expect(inMain.text).not.toContain('außerhalb')
		expect(inMain.text.split('\n\n')).toHaveLength(2)

		const inBody = extractArticle(`<html><head><title> Seitentitel  – Blog </title></head><body><div>${body}</div></body></html>`, pageUrl)!
		expect(inBody.title).toBe('Seitentitel – Blog')
		expect(inBody.siteName).toBeNull()
		expect(inBody.publishedAt).toBeNull()
		expect(inBody.imageUrl).toBeNull()
	})

	it('takes the date from <time datetime> when there is no meta tag', () => {
		const article = extractArticle(`<article><h1>Titel</h1><time datetime="2025-01-31T12:00:00+01:00">31. Januar</time><p>${sentence.repeat(4)}</p></article>`, pageUrl)!
		expect(article.publishedAt).toBe('2025-01-31T11:00:00.000Z')
	})

	it('ignores hidden elements and javascript: images', () => {
		const article = extractArticle(
			`<head><meta property="og:image" content="javascript:alert(1)"></head><article><p>${sentence.repeat(4)}</p><p hidden>${sentence}Versteckt.</p><div style="display: none"><p>${sentence}Unsichtbar.</p></div></article>`,
			pageUrl,
		)!
		expect(article.imageUrl).toBeNull()
		expect(article.text).not.toMatch(/Versteckt|Unsichtbar/)
	})

	it('returns null when there is too little text', () => {
		expect(extractArticle('<html><body><nav><ul><li>Start</li></ul></nav><p>Kurz und knapp.</p></body></html>', pageUrl)).toBeNull()
		expect(extractArticle('', pageUrl)).toBeNull()
	})

	it('cuts the text to 20 000 characters', () => {
		const paragraphs = Array.from({ length: 400 }, (_, index) => `<p>Absatz ${index}: ${sentence}</p>`).join('')
		const article = extractArticle(`<article>${paragraphs}</article>`, pageUrl)!
		expect(article.text.length).toBeLessThanOrEqual(ARTICLE_TEXT_MAX)
		expect(article.text.length).toBeGreaterThan(ARTICLE_TEXT_MAX - 200)
	})
})

describe('decodeHtml', () => {
	it('reads a windows-1252 page declared by <meta charset>', () => {
		const bytes = fakeLatin1ArticleBytes()
		expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow()
		const html = decodeHtml(bytes, 'text/html')
		const article = extractArticle(html, 'https://koeln.example/strassenfest')!
		expect(article.title).toBe('Grüße aus Köln – Straßenfest')
		expect(article.text).toContain('„Größer als je zuvor“, sagte Organisatorin Jutta Müßig.')
		expect(article.text).toContain('Kölner Südstadt')
	})

	it('prefers the charset of the Content-Type header, and the byte order mark over both', () => {
		const latin1 = Uint8Array.from([0x3c, 0x70, 0x3e, 0x47, 0x72, 0xfc, 0xdf, 0x65]) // <p>Grüße
		expect(decodeHtml(latin1, 'text/html; charset=ISO-8859-1')).toBe('<p>Grüße')
		expect(decodeHtml(latin1, 'text/html; charset="windows-1252"')).toBe('<p>Grüße')
		const utf8 = new TextEncoder().encode('<meta charset="iso-8859-1"><p>Grüße')
		expect(decodeHtml(utf8, 'text/html; charset=utf-8')).toContain('Grüße')
		expect(decodeHtml(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]), 'text/html; charset=iso-8859-1')).toContain('Grüße')
	})

	it('falls back to UTF-8 for unknown or missing charsets', () => {
		const utf8 = new TextEncoder().encode('<p>Grüße</p>')
		expect(decodeHtml(utf8, null)).toBe('<p>Grüße</p>')
		expect(decodeHtml(utf8, 'text/html; charset=x-erfunden')).toBe('<p>Grüße</p>')
	})
})

describe('createWebReader().article against the fake web', () => {
	let web: WebFake
	let reader: ReturnType<typeof createWebReader>
	beforeAll(async () => {
		web = await startWebFake()
		const env = fakeWebEnv(web.url)
		reader = createWebReader({
			allowHosts: [web.host],
			youtube: { apiBase: env.YOUTUBE_API_BASE!, oembedUrl: env.YOUTUBE_OEMBED_URL!, transcriptBase: env.YOUTUBE_TRANSCRIPT_BASE! },
			lookup: async () => [{ address: '10.0.0.1', family: 4 }],
		})
	})
	afterAll(() => web?.close())

	const code = (promise: Promise<unknown>) =>
		promise.then(
			() => null,
			(error: unknown) => (error instanceof WebReadError ? error.code : error),
		)

	it('reads the article, also behind a redirect, with the final URL', async () => {
		const article = await reader.article(`${web.url}/weiter?to=${encodeURIComponent(FAKE_ARTICLE_PATH)}`)
		expect(article.url).toBe(`${web.url}${FAKE_ARTICLE_PATH}`)
		expect(article.title).toBe(FAKE_ARTICLE.title)
		expect(article.imageUrl).toBe(`${web.url}${FAKE_ARTICLE.imagePath}`)
		expect(article.text).toContain(FAKE_ARTICLE.paragraphs[2])
	})

	it('reads the windows-1252 page', async () => {
		const article = await reader.article(`${web.url}${FAKE_LATIN1_PATH}`)
		expect(article.title).toBe('Grüße aus Köln – Straßenfest')
	})

	it('refuses what is not HTML, has no text, or is not allowed', async () => {
		expect(await code(reader.article(`${web.url}/daten.json`))).toBe('not_html')
		expect(await code(reader.article(`${web.url}${FAKE_ARTICLE.imagePath}`))).toBe('not_html')
		expect(await code(reader.article(`${web.url}/leer`))).toBe('no_content')
		expect(await code(reader.article('http://127.0.0.1/'))).toBe('blocked_address')
		expect(await code(reader.article('https://intern.example/'))).toBe('blocked_address')
		expect(await code(reader.article('ftp://example.com/'))).toBe('invalid_url')
		expect(await code(reader.article(`${web.url}/fehlt`))).toBe('unreachable')
	})
})
