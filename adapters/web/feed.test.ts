import { describe, expect, it } from 'vitest'
import { FeedError } from '#modules/news/ports.ts'
import { FAKE_ATOM_TITLE, FAKE_FEED_TITLES, FAKE_RSS_TITLE, fakeAtomFeed, fakeRssFeed } from '#tests/fakes/web.ts'
import { createFeedReader, decodeXml, htmlToText, parseFeedXml } from './feed.ts'
import type { SafeFetch } from './safe-fetch.ts'

const base = 'https://feeds.beispiel.ch'

describe('parseFeedXml', () => {
	it('reads an RSS 2.0 feed: plain-text titles and summaries, absolute links, ISO dates', () => {
		const feed = parseFeedXml(fakeRssFeed(base), `${base}/feeds/wirtschaft.rss`)!
		expect(feed.title).toBe(FAKE_RSS_TITLE)
		expect(feed.items.map((i) => i.title)).toEqual([FAKE_FEED_TITLES.kiAutomation, FAKE_FEED_TITLES.wasserstoff, FAKE_FEED_TITLES.unrelated[0], FAKE_FEED_TITLES.automation])
		const [ki, wasserstoff] = feed.items
		expect(ki!.link).toBe(`${base}/artikel/ki-assistenten-mittelstand`)
		expect(ki!.summary).toBe(
			'Immer mehr Firmen setzen auf KI & Automation. Eine Umfrage des Branchenverbands zeigt: Jedes dritte Unternehmen nutzt bereits KI-Werkzeuge im Alltag. Besonders gefragt sind Assistenten für Angebote und Kundenservice. Die Details im Überblick.',
		)
		expect(ki!.summary).not.toMatch(/[<>]|&amp;/)
		expect(new Date(ki!.published!).toISOString()).toBe(ki!.published)
		// CDATA with HTML entities.
		expect(wasserstoff!.summary).toContain('200 Millionen Euro für junge Firmen')
		expect(wasserstoff!.summary).toContain('ab März möglich')
		expect(wasserstoff!.summary).not.toContain('<')
	})

	it('reads an Atom feed: the alternate link, <published>, HTML titles and content without scripts', () => {
		const feed = parseFeedXml(fakeAtomFeed(base), `${base}/feeds/technik.atom`)!
		expect(feed.title).toBe(FAKE_ATOM_TITLE)
		expect(feed.items).toHaveLength(4)
		const [ki, , buchhaltung] = feed.items
		expect(ki!.link).toBe(`${base}/technik/ki-assistenten`)
		expect(ki!.summary).toBe('Kleine und mittlere Unternehmen entdecken KI-Assistenten.')
		expect(buchhaltung!.title).toBe(FAKE_FEED_TITLES.kiBuchhaltung)
		expect(buchhaltung!.summary).toContain('Rechnungen prüfen')
		expect(buchhaltung!.summary).not.toContain('tracking')
		expect(buchhaltung!.published).not.toBeNull()
	})

	it('resolves relative links, drops non-http links and invalid dates', () => {
		const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title>
			<item><title>Eins</title><link>/a/eins</link><pubDate>kein Datum</pubDate></item>
			<item><title>Zwei</title><link>javascript:alert(1)</link></item>
			<item><title></title><link>/leer</link></item></channel></rss>`
		const feed = parseFeedXml(xml, 'https://x.example/feed')!
		expect(feed.items).toEqual([
			{ title: 'Eins', link: 'https://x.example/a/eins', summary: '', published: null },
			{ title: 'Zwei', link: null, summary: '', published: null },
		])
	})

	it('returns null for something that is no feed', () => {
		expect(parseFeedXml('<!doctype html><html><body><p>Hallo</p></body></html>', base)).toBeNull()
	})
})

describe('htmlToText and decodeXml', () => {
	it('removes tags, keeps words apart at block ends and decodes entities', () => {
		expect(htmlToText('<p>Erster&nbsp;Absatz.</p><p>Zweiter &amp; letzter &#8211; mit <em>Betonung</em>.</p><style>p{}</style>')).toBe('Erster Absatz. Zweiter & letzter – mit Betonung.')
	})

	it('honours the XML declaration when the header names no charset', () => {
		const bytes = Uint8Array.from([...'<?xml version="1.0" encoding="ISO-8859-1"?><rss>'].map((c) => c.charCodeAt(0)).concat([0xfc]))
		expect(decodeXml(bytes, 'application/xml')).toMatch(/ü$/)
	})
})

describe('createFeedReader', () => {
	const fetchWith = (contentType: string | null, body: string): SafeFetch => async (url) => ({ url, status: 200, contentType, body: new TextEncoder().encode(body) })

	it('accepts a feed served as text/xml or without a type', async () => {
		const reader = createFeedReader({ fetch: fetchWith(null, fakeRssFeed(base)) })
		expect((await reader.read(`${base}/rss`)).items).toHaveLength(4)
	})

	it('refuses an HTML page with a German message', async () => {
		const reader = createFeedReader({ fetch: fetchWith('text/html', '<!doctype html><p>Hallo</p>') })
		await expect(reader.read(`${base}/seite`)).rejects.toMatchObject({ code: 'not_a_feed', message: 'Die Adresse führt nicht zu einem RSS- oder Atom-Feed.' })
	})

	it('turns fetch failures into FeedErrors', async () => {
		const reader = createFeedReader({ allowHosts: [] })
		const error = await reader.read('http://127.0.0.1:9/feed.xml').catch((e: unknown) => e)
		expect(error).toBeInstanceOf(FeedError)
		expect(error).toMatchObject({ code: 'blocked_address', message: 'Diese Feed-Adresse ist nicht erlaubt.' })
	})
})
