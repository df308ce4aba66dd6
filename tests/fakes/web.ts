// A local stand-in for the open web and YouTube's endpoints, on 127.0.0.1: a German news article
// with the usual boilerplate, redirects, an oversized and a never-ending page, the YouTube
// Data API, oEmbed and timedtext routes for one video (FAKE_VIDEO.id), and an RSS and an Atom
// news feed (FAKE_RSS_PATH, FAKE_ATOM_PATH).
//
// In tests:   await using web = await startWebFake()
//             createSafeFetch({ allowHosts: [web.host] }) ... web.url + '/artikel/ki-im-mittelstand'
// For e2e:    node tests/fakes/web.ts   (env: FAKE_WEB_PORT=3198); point the app at it with fakeWebEnv(url).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export type FakePage = { status?: number; contentType?: string; body: string | Uint8Array; headers?: Record<string, string> }

export type WebFake = {
	url: string
	/** '127.0.0.1:port', the entry for allowHosts / WEB_FETCH_ALLOW_HOSTS. */
	host: string
	/** Serves `page` at `pathname` (the query is ignored); replaces a default page or route. */
	setPage: (pathname: string, page: FakePage) => void
	/** TCP connections accepted so far (SSRF tests assert that a refused URL never connected). */
	connections: () => number
	/** 'GET /path?query' of every request, in order. */
	requests: Array<string>
	close: () => Promise<void>
	[Symbol.asyncDispose]: () => Promise<void>
}

export const FAKE_VIDEO = {
	id: 'dQw4w9WgXcQ',
	title: 'Wie KI den Mittelstand verändert',
	description:
		'Drei Unternehmer aus Baden-Württemberg erzählen, wie sie künstliche Intelligenz im Alltag einsetzen: ' +
		'vom automatisierten Angebot bis zur vorausschauenden Wartung. Mit Tipps für den Einstieg ohne großes Budget.',
	channel: 'Mittelstand Digital',
	transcript: [
		'Herzlich willkommen zu unserer neuen Folge über künstliche Intelligenz im Mittelstand.',
		'Heute sprechen wir mit Anna Keller, Geschäftsführerin eines Maschinenbauers aus Reutlingen.',
		'Sie sagt: „Wir haben klein angefangen – mit der Auswertung unserer Serviceberichte.“',
		'Inzwischen erkennt das System Verschleiß, bevor eine Maschine ausfällt & spart Zeit.',
		'Ihr wichtigster Tipp: erst das Problem verstehen, dann das Werkzeug auswählen.',
	],
} as const

export const FAKE_ARTICLE_PATH = '/artikel/ki-im-mittelstand'

export const FAKE_ARTICLE = {
	title: 'KI im Mittelstand: Wie kleine Firmen von künstlicher Intelligenz profitieren',
	siteName: 'Wirtschaftsblick',
	publishedAt: '2025-03-14T08:30:00.000Z',
	imagePath: '/bilder/ki-mittelstand.jpg',
	paragraphs: [
		'Künstliche Intelligenz ist längst nicht mehr nur ein Thema für Konzerne. Immer mehr mittelständische Unternehmen in Deutschland setzen KI-Werkzeuge ein, um Angebote schneller zu schreiben, Lieferketten zu planen und Kunden besser zu beraten.',
		'Laut einer aktuellen Umfrage des Branchenverbands nutzt inzwischen jedes dritte Unternehmen mit 50 bis 500 Beschäftigten mindestens eine KI-Anwendung. Vor zwei Jahren war es noch jedes zehnte.',
		'„Wir haben mit einem ganz konkreten Problem angefangen“, sagt Anna Keller, Geschäftsführerin eines Maschinenbauers aus Reutlingen. Ihr Team wertet heute Serviceberichte automatisch aus und erkennt Verschleiß, bevor eine Maschine ausfällt.',
		'Die größten Hürden sind nach wie vor Datenschutz, fehlendes Fachwissen & die Frage, welche Daten überhaupt brauchbar sind. Experten raten deshalb zu kleinen Pilotprojekten mit klar messbarem Nutzen.',
	],
	heading: 'Worauf es beim Einstieg ankommt',
	listItems: ['Ein konkretes Problem auswählen, das täglich Zeit kostet.', 'Die Mitarbeitenden früh einbinden und schulen.'],
} as const

/** Text that must not appear in the extracted article (navigation, cookie banner, footer, teasers). */
export const FAKE_ARTICLE_BOILERPLATE = [
	'Wir verwenden Cookies',
	'Alle akzeptieren',
	'Startseite',
	'Impressum',
	'Newsletter abonnieren',
	'Das könnte Sie auch interessieren',
	'Kommentare',
	'tracking()',
] as const

export function fakeArticleHtml(base = 'https://wirtschaftsblick.example') {
	const a = FAKE_ARTICLE
	return `<!doctype html>
<html lang="de">
<head>
	<meta charset="utf-8">
	<title>${a.title} | ${a.siteName}</title>
	<meta property="og:title" content="${a.title}">
	<meta property="og:site_name" content="${a.siteName}">
	<meta property="og:image" content="${a.imagePath}">
	<meta property="article:published_time" content="${a.publishedAt}">
	<style>.cookie-banner { position: fixed; }</style>
	<script>window.dataLayer = []; function tracking() { return 1 }</script>
</head>
<body class="page artikel">
	<div id="cookie-banner" class="cookie-banner">
		<p>Wir verwenden Cookies, um Ihnen das beste Nutzererlebnis zu bieten. Mit einem Klick auf „Alle akzeptieren“ stimmen Sie zu.</p>
		<button>Alle akzeptieren</button>
	</div>
	<header class="site-header">
		<a href="${base}/"><img src="/logo.svg" alt="${a.siteName}"></a>
		<nav><ul><li><a href="/">Startseite</a></li><li><a href="/wirtschaft">Wirtschaft</a></li><li><a href="/technik">Technik</a></li></ul></nav>
	</header>
	<main>
		<article>
			<header>
				<h1>${a.title}</h1>
				<p class="meta">Von Jana Berger, <time datetime="${a.publishedAt}">14. März 2025</time></p>
			</header>
			${a.paragraphs
				.slice(0, 2)
				.map((p) => `<p>${escapeHtml(p)}</p>`)
				.join('\n\t\t\t')}
			<div class="share-buttons"><p>Jetzt teilen auf LinkedIn, Facebook und per E-Mail, damit es alle wissen.</p></div>
			${a.paragraphs
				.slice(2)
				.map((p) => `<p>${escapeHtml(p)}</p>`)
				.join('\n\t\t\t')}
			<h2>${a.heading}</h2>
			<ul>${a.listItems.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>
			<p>Anzeige</p>
			<aside class="related"><h3>Das könnte Sie auch interessieren</h3><ul><li><a href="/a">Digitalisierung im Handwerk: Fünf Beispiele aus der Praxis</a></li></ul></aside>
			<section id="comments"><h3>Kommentare</h3><p>Toller Artikel, vielen Dank für die ausführliche Darstellung der Lage!</p></section>
		</article>
		<div class="newsletter-box"><p>Newsletter abonnieren und jeden Morgen die wichtigsten Wirtschaftsnachrichten erhalten.</p></div>
	</main>
	<footer><p>© 2025 ${a.siteName} · Impressum · Datenschutz · Kontakt – alle Rechte vorbehalten.</p></footer>
</body>
</html>`
}

/** The same kind of page in windows-1252, declared only by <meta charset> (no charset in Content-Type). */
export function fakeLatin1ArticleBytes(): Uint8Array {
	const html = `<!doctype html><html><head><meta charset="windows-1252"><title>Grüße aus Köln – Straßenfest</title></head>
<body><article><h1>Grüße aus Köln – Straßenfest</h1>
<p>Am Wochenende feierten über zehntausend Menschen das große Straßenfest in der Kölner Südstadt. Die Veranstalter zeigten sich äußerst zufrieden.</p>
<p>„Größer als je zuvor“, sagte Organisatorin Jutta Müßig. Zahlreiche Händler boten regionale Spezialitäten an; der Erlös geht an gemeinnützige Vereine.</p>
</article></body></html>`
	return encodeWindows1252(html)
}

export const FAKE_LATIN1_PATH = '/artikel/strassenfest'

// Two German news feeds for the news feed (modules/news): an RSS 2.0 and an Atom feed, with HTML
// in the descriptions, entities and CDATA; some items mention 'ki', 'automation' or the test
// keyword 'wasserstoff', some nothing of it. One story is in both feeds (trending).
export const FAKE_RSS_PATH = '/feeds/wirtschaft.rss'
export const FAKE_ATOM_PATH = '/feeds/technik.atom'
/** Answers with an HTML page: not a feed. */
export const FAKE_NOT_A_FEED_PATH = '/feeds/keine-feed.xml'

export const FAKE_RSS_TITLE = 'Wirtschaftsblick – Wirtschaft'
export const FAKE_ATOM_TITLE = 'Technikwelt'

/** Titles as they read after parsing, by what they match. */
export const FAKE_FEED_TITLES = {
	kiAutomation: 'KI-Assistenten erobern den Mittelstand',
	wasserstoff: 'Wasserstoff-Offensive: „Neue Förderung“ für Start-ups',
	automation: 'Automation in der Logistik: Roboter packen mit an',
	kiBuchhaltung: 'Wie KI die Buchhaltung verändert',
	unrelated: ['Bäckereien kämpfen mit hohen Energiepreisen', 'Neue Smartphones im Test', 'Fussball: Derby endet unentschieden'],
} as const

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000)

export function fakeRssFeed(base: string) {
	return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
	<title>Wirtschaftsblick &#8211; Wirtschaft</title>
	<link>${base}/</link>
	<description>Nachrichten aus der Wirtschaft</description>
	<language>de-de</language>
	<item>
		<title>KI-Assistenten erobern den Mittelstand</title>
		<link>${base}/artikel/ki-assistenten-mittelstand</link>
		<guid>${base}/artikel/ki-assistenten-mittelstand</guid>
		<pubDate>${hoursAgo(3).toUTCString()}</pubDate>
		<description>&lt;p&gt;Immer mehr Firmen setzen auf &lt;b&gt;KI&lt;/b&gt; &amp;amp; Automation. Eine Umfrage des Branchenverbands zeigt: Jedes dritte Unternehmen nutzt bereits KI-Werkzeuge im Alltag.&lt;/p&gt;&lt;p&gt;Besonders gefragt sind Assistenten für Angebote und Kundenservice. Die Details im Überblick.&lt;/p&gt;&lt;img src="/bild.jpg" alt="Symbolbild"&gt;</description>
	</item>
	<item>
		<title>Wasserstoff-Offensive: &#8222;Neue F&#246;rderung&#8220; f&#252;r Start-ups</title>
		<link>${base}/artikel/wasserstoff-foerderung</link>
		<pubDate>${hoursAgo(5).toUTCString()}</pubDate>
		<description><![CDATA[<p>Der Bund stellt 200 Millionen Euro f&uuml;r junge Firmen bereit, die Wasserstoff-Technik entwickeln. Anträge sind ab M&auml;rz möglich.</p><p>Kritiker bemängeln die lange Bearbeitungszeit. <a href="/mehr">Weiterlesen</a></p>]]></description>
	</item>
	<item>
		<title>Bäckereien kämpfen mit hohen Energiepreisen</title>
		<link>${base}/artikel/baeckereien-energie</link>
		<pubDate>${hoursAgo(2).toUTCString()}</pubDate>
		<description>Viele Betriebe erhöhen die Preise für Brot und Brötchen.</description>
	</item>
	<item>
		<title>Automation in der Logistik: Roboter packen mit an</title>
		<link>${base}/artikel/logistik-roboter</link>
		<pubDate>${hoursAgo(30).toUTCString()}</pubDate>
		<description>&lt;p&gt;In den Lagern grosser Händler übernehmen Roboter das Kommissionieren. Die Beschäftigten werden umgeschult.&lt;/p&gt;</description>
	</item>
</channel>
</rss>`
}

export function fakeAtomFeed(base: string) {
	return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="de">
	<title>Technikwelt</title>
	<link rel="alternate" href="${base}/technik"/>
	<link rel="self" href="${base}${FAKE_ATOM_PATH}"/>
	<id>urn:technikwelt:feed</id>
	<updated>${hoursAgo(1).toISOString()}</updated>
	<entry>
		<title>KI-Assistenten erobern den Mittelstand</title>
		<link rel="replies" href="${base}/technik/ki-assistenten#kommentare"/>
		<link rel="alternate" type="text/html" href="${base}/technik/ki-assistenten"/>
		<id>urn:technikwelt:1</id>
		<published>${hoursAgo(4).toISOString()}</published>
		<updated>${hoursAgo(1).toISOString()}</updated>
		<summary type="html">&lt;p&gt;Kleine und mittlere Unternehmen entdecken KI-Assistenten.&lt;/p&gt;</summary>
	</entry>
	<entry>
		<title>Neue Smartphones im Test</title>
		<link href="${base}/technik/smartphones"/>
		<id>urn:technikwelt:2</id>
		<updated>${hoursAgo(2).toISOString()}</updated>
		<summary>Fünf Geräte der Mittelklasse im Vergleich.</summary>
	</entry>
	<entry>
		<title type="html">Wie KI die Buchhaltung ver&amp;auml;ndert</title>
		<link href="${base}/technik/ki-buchhaltung"/>
		<id>urn:technikwelt:3</id>
		<updated>${hoursAgo(8).toISOString()}</updated>
		<content type="html">&lt;p&gt;Belege erfassen, Rechnungen pr&amp;uuml;fen, Zahlungen zuordnen: Software mit künstlicher Intelligenz nimmt Treuhändern Routinearbeit ab. Fachleute sehen darin eine Chance f&amp;uuml;r kleine Büros.&lt;/p&gt;&lt;script&gt;tracking()&lt;/script&gt;</content>
	</entry>
	<entry>
		<title>Fussball: Derby endet unentschieden</title>
		<link href="${base}/sport/derby"/>
		<id>urn:technikwelt:4</id>
		<updated>${hoursAgo(6).toISOString()}</updated>
		<summary>Ein spätes Tor sichert den Punkt.</summary>
	</entry>
</feed>`
}

/** The settings that point the app's web reader at a fake at `url` (usable before it runs). */
export function fakeWebEnv(url: string): Record<string, string> {
	return {
		YOUTUBE_API_BASE: `${url}/youtube/v3`,
		YOUTUBE_OEMBED_URL: `${url}/oembed`,
		YOUTUBE_TRANSCRIPT_BASE: url,
		WEB_FETCH_ALLOW_HOSTS: new URL(url).host,
	}
}

export async function startWebFake(options: { port?: number; host?: string } = {}): Promise<WebFake> {
	const pages = new Map<string, FakePage>()
	const requests: Array<string> = []
	let connections = 0
	let base = ''

	// No keep-alive timeout: the client ends idle connections. A request on a kept-alive connection this
	// server is just closing fails (ECONNRESET) when a loaded machine holds the event loop past 5 s.
	const server = http.createServer({ keepAliveTimeout: 0 }, (req, res) => {
		requests.push(`${req.method} ${req.url}`)
		try {
			handle(req, res)
		} catch (error) {
			console.error('fake web:', error)
			if (!res.headersSent) send(res, { status: 500, contentType: 'text/plain', body: 'error' })
			else res.destroy()
		}
	})
	server.on('connection', () => connections++)

	function handle(req: http.IncomingMessage, res: http.ServerResponse) {
		const url = new URL(req.url ?? '/', base)
		const page = pages.get(url.pathname)
		if (page) return send(res, page)
		switch (url.pathname) {
			case '/weiter': {
				const to = url.searchParams.get('to')
				if (!to) return send(res, { status: 400, contentType: 'text/plain', body: 'to fehlt' })
				return send(res, { status: 302, contentType: 'text/plain', body: '', headers: { location: to } })
			}
			case '/kette': {
				// /kette?n=3 redirects three times, then lands on the article.
				const n = Number(url.searchParams.get('n') ?? 0)
				const location = n > 1 ? `/kette?n=${n - 1}` : FAKE_ARTICLE_PATH
				return send(res, { status: 302, contentType: 'text/plain', body: '', headers: { location } })
			}
			case '/gross':
				return sendLarge(res, 6 * 1024 * 1024)
			case '/langsam':
				// Headers and a first chunk, then nothing: the reader's timeout must end it.
				res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
				res.write('<!doctype html><html><body><p>Einen Moment bitte')
				return
			case '/youtube/v3/videos':
				return youtubeVideos(res, url.searchParams)
			case '/oembed':
				return oembed(res, url.searchParams)
			case '/api/timedtext':
				return timedText(res, url.searchParams)
			default:
				return send(res, { status: 404, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Nicht gefunden</title><h1>404</h1>' })
		}
	}

	function setDefaults() {
		pages.set(FAKE_ARTICLE_PATH, { contentType: 'text/html; charset=utf-8', body: fakeArticleHtml(base) })
		pages.set(FAKE_LATIN1_PATH, { contentType: 'text/html', body: fakeLatin1ArticleBytes() })
		pages.set('/leer', { contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Leer</title><body><nav>Menü</nav><p>Kurz.</p></body>' })
		pages.set('/daten.json', { contentType: 'application/json', body: JSON.stringify({ hinweis: 'keine Webseite' }) })
		pages.set(FAKE_ARTICLE.imagePath, { contentType: 'image/jpeg', body: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]) })
		pages.set(FAKE_RSS_PATH, { contentType: 'application/rss+xml; charset=utf-8', body: fakeRssFeed(base) })
		pages.set(FAKE_ATOM_PATH, { contentType: 'application/atom+xml; charset=utf-8', body: fakeAtomFeed(base) })
		pages.set(FAKE_NOT_A_FEED_PATH, { contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Kein Feed</title><p>Hier gibt es keinen Feed.</p>' })
	}

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
	})
	const address = server.address() as AddressInfo
	const host = `${address.address}:${address.port}`
	base = `http://${host}`
	setDefaults()

	const close = () =>
		new Promise<void>((resolve) => {
			server.closeAllConnections()
			server.close(() => resolve())
		})
	return {
		url: base,
		host,
		setPage: (pathname, page) => void pages.set(pathname, page),
		connections: () => connections,
		requests,
		close,
		[Symbol.asyncDispose]: close,
	}
}

function send(res: http.ServerResponse, page: FakePage) {
	const body = typeof page.body === 'string' ? Buffer.from(page.body, 'utf8') : page.body
	res.writeHead(page.status ?? 200, { 'content-type': page.contentType ?? 'text/html; charset=utf-8', 'content-length': String(body.byteLength), ...page.headers })
	res.end(body)
}

/** A page of `size` bytes, sent chunked (no Content-Length): only counting while streaming catches it. */
function sendLarge(res: http.ServerResponse, size: number) {
	res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
	const chunk = Buffer.alloc(64 * 1024, '<p>Sehr viel Text. </p>\n')
	let sent = 0
	const pump = () => {
		while (sent < size) {
			sent += chunk.byteLength
			if (!res.write(chunk)) return void res.once('drain', pump)
		}
		res.end()
	}
	res.on('close', () => (sent = size))
	pump()
}

function sendJson(res: http.ServerResponse, status: number, value: unknown) {
	send(res, { status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(value) })
}

function youtubeVideos(res: http.ServerResponse, params: URLSearchParams) {
	if (!params.get('key')) {
		return sendJson(res, 403, { error: { code: 403, message: 'The request is missing a valid API key.', status: 'PERMISSION_DENIED' } })
	}
	const items =
		params.get('id') === FAKE_VIDEO.id
			? [
					{
						kind: 'youtube#video',
						id: FAKE_VIDEO.id,
						snippet: {
							publishedAt: '2025-02-20T10:00:00Z',
							channelId: 'UCmittelstanddigital00000',
							title: FAKE_VIDEO.title,
							description: FAKE_VIDEO.description,
							channelTitle: FAKE_VIDEO.channel,
							defaultLanguage: 'de',
						},
					},
				]
			: []
	sendJson(res, 200, { kind: 'youtube#videoListResponse', items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } })
}

function oembed(res: http.ServerResponse, params: URLSearchParams) {
	const target = params.get('url') ?? ''
	if (target !== `https://www.youtube.com/watch?v=${FAKE_VIDEO.id}`) return send(res, { status: 404, contentType: 'text/html', body: 'Not Found' })
	sendJson(res, 200, {
		title: FAKE_VIDEO.title,
		author_name: FAKE_VIDEO.channel,
		author_url: 'https://www.youtube.com/@mittelstanddigital',
		type: 'video',
		height: 113,
		width: 200,
		version: '1.0',
		provider_name: 'YouTube',
		provider_url: 'https://www.youtube.com/',
		thumbnail_url: `https://i.ytimg.com/vi/${FAKE_VIDEO.id}/hqdefault.jpg`,
	})
}

function timedText(res: http.ServerResponse, params: URLSearchParams) {
	// Like YouTube: an empty 200 when there is no track in that language.
	if (params.get('v') !== FAKE_VIDEO.id || params.get('lang') !== 'de') return send(res, { contentType: 'text/xml; charset=UTF-8', body: '' })
	const lines = FAKE_VIDEO.transcript.map((line, index) => `<text start="${index * 4}.5" dur="4.1">${escapeHtml(line)}</text>`)
	send(res, { contentType: 'text/xml; charset=UTF-8', body: `<?xml version="1.0" encoding="utf-8" ?><transcript>${lines.join('')}</transcript>` })
}

function escapeHtml(text: string) {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

const windows1252Extras: Record<string, number> = { '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '–': 0x96, '—': 0x97, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94 }

function encodeWindows1252(text: string): Uint8Array {
	return Uint8Array.from(Array.from(text), (char) => {
		const code = char.codePointAt(0)!
		if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code
		const extra = windows1252Extras[char]
		if (extra === undefined) throw new Error(`not in windows-1252: ${char}`)
		return extra
	})
}

// Run as a script (a Playwright webServer for the e2e tests).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const fake = await startWebFake({ port: Number(process.env.FAKE_WEB_PORT ?? 3198) })
	console.log(`Fake web listening on ${fake.url}`)
	const stop = () => void fake.close().then(() => process.exit(0))
	process.on('SIGTERM', stop)
	process.on('SIGINT', stop)
}
