import { inflateSync } from 'node:zlib'
import { PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib'
import sharp from 'sharp'
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, test } from 'vitest'
import { sniff } from '../sniff.ts'
import { drawableText } from './fonts.server.ts'
import { PAGE_SIZE, renderSlidesPdf, SlideTooLongError } from './render.server.ts'
import { splitIntoSlides, type Slide } from './split.ts'
import { slideThemeOf } from './theme.ts'

const post = `Größer denken, mutiger handeln 🚀

Drei Gewohnheiten, die Führungskräfte wirklich weiterbringen:

✅ Zuhören, bevor man urteilt
✅ Entscheidungen begründen – auch unbequeme
✅ Fehler offen ansprechen 👩‍💻

Was würdet ihr ergänzen? 👇

#Führung #Leadership`

const theme = slideThemeOf({ name: 'Muster AG', colors: ['#0f172a', '#f8fafc'], accentColor: '#f59e0b', useBranding: true })

/** Each page's text, its line breaks as spaces. */
async function pagesText(pdf: Uint8Array) {
	const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false })
	return text.map((page) => page.replace(/\s+/g, ' '))
}

/** The fill colours (rg operators) a page's content streams set, as #rrggbb. */
function fillColours(pdf: PDFDocument, index: number) {
	const contents = pdf.getPage(index).node.Contents()
	const parts = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents]
	const text = parts
		.filter((part): part is PDFRawStream => part instanceof PDFRawStream)
		.map((stream) => inflateSync(stream.contents).toString('latin1'))
		.join('\n')
	const hex = (v: string) => Math.round(Number(v) * 255).toString(16).padStart(2, '0')
	return new Set([...text.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) rg/g)].map(([, r, g, b]) => `#${hex(r!)}${hex(g!)}${hex(b!)}`))
}

describe('renderSlidesPdf', () => {
	test('one square 1080 pt page per slide, loadable again, the text extractable with its umlauts and without emoji', async () => {
		const slides = splitIntoSlides(post)
		const pdf = await renderSlidesPdf(slides, theme)
		expect(sniff(pdf)).toBe('pdf')
		const loaded = await PDFDocument.load(pdf)
		expect(loaded.getPageCount()).toBe(slides.length)
		for (const page of loaded.getPages()) expect(page.getSize()).toEqual({ width: PAGE_SIZE, height: PAGE_SIZE })
		expect(loaded.getTitle()).toBe('Größer denken, mutiger handeln 🚀')
		const text = await pagesText(pdf)
		expect(text[0]).toContain('Größer denken, mutiger handeln')
		expect(text[0]).toContain('1 / 3')
		expect(text[0]).toContain('Muster AG')
		expect(text[1]).toContain('Drei Gewohnheiten, die Führungskräfte wirklich weiterbringen:')
		expect(text[1]).toContain('Entscheidungen begründen – auch unbequeme')
		expect(text[2]).toContain('Was würdet ihr ergänzen?')
		expect(text.join('\n')).not.toMatch(/\p{Extended_Pictographic}|\u{FFFD}/u)
		// The fonts are subset to the glyphs used: a deck stays small.
		expect(pdf.byteLength).toBeLessThan(120_000)
	})

	test("the theme's colours: background, text and accent on a content slide; the accent as background of the closing slide", async () => {
		const pdf = await PDFDocument.load(await renderSlidesPdf(splitIntoSlides(post), theme))
		const content = fillColours(pdf, 1)
		for (const colour of ['#0f172a', '#f8fafc', '#f59e0b']) expect(content).toContain(colour)
		const closing = fillColours(pdf, 2)
		expect(closing).toContain('#f59e0b')
		expect(closing).not.toContain('#0f172a')
		// Dark ink reads better than white on amber.
		expect(closing).toContain('#111827')
	})

	test('the logo on every page, converted from WebP and scaled down; an unreadable logo is left out', async () => {
		const webp = await sharp({ create: { width: 2000, height: 500, channels: 4, background: '#ff6600' } }).webp().toBuffer()
		const slides = splitIntoSlides(post)
		const pdf = await PDFDocument.load(await renderSlidesPdf(slides, { ...theme, logo: webp }))
		for (const page of pdf.getPages()) {
			const xObjects = page.node.Resources()?.lookup(PDFName.of('XObject'))
			expect(xObjects?.toString()).toMatch(/\/Image-\d+/)
		}
		const withBadLogo = await renderSlidesPdf(slides, { ...theme, logo: new Uint8Array([1, 2, 3]) })
		expect((await PDFDocument.load(withBadLogo)).getPageCount()).toBe(slides.length)
	})

	test('twenty slides of a long post all render; a slide with more text than fits is refused by its index', async () => {
		const paragraph = 'Übung macht den Meister, heißt es. Doch ohne Rückmeldung üben wir oft nur unsere Fehler ein. '
		const text = ['Zwanzig Folien', ...Array.from({ length: 25 }, (_, i) => `Gedanke ${i + 1}. ${paragraph.repeat(2)}`)].join('\n\n')
		const slides = splitIntoSlides(text, { maxSlides: 20 })
		expect(slides).toHaveLength(20)
		expect((await PDFDocument.load(await renderSlidesPdf(slides, theme))).getPageCount()).toBe(20)

		const tooLong: Array<Slide> = [slides[0]!, { kind: 'content', heading: '', body: [paragraph.repeat(40)], list: null }]
		const refusal = await renderSlidesPdf(tooLong, theme).catch((error: unknown) => error)
		expect(refusal).toBeInstanceOf(SlideTooLongError)
		expect((refusal as SlideTooLongError).index).toBe(1)
	})

	test('a URL longer than a line is broken at its slashes, not lost', async () => {
		const url = 'https://www.beispiel.de/blog/2026/12/ein-sehr-langer-artikel-ueber-gute-gewohnheiten-im-team-und-warum-sie-zaehlen'
		const text = (await pagesText(await renderSlidesPdf([{ kind: 'content', heading: 'Mehr dazu:', body: [url], list: null }], theme)))[0]!
		expect(text.replace(/ /g, '')).toContain(url)
	})
})

test('characters without a glyph go with the space they leave; everything else stays as written', () => {
	const noEmoji = (codePoint: number) => codePoint < 0x1f000 && codePoint !== 0x2705
	const cases: Array<[string, string]> = [
		['Toll 🚀!', 'Toll!'],
		['🚀 Start', 'Start'],
		['Team 👩‍💻 und Kunden', 'Team und Kunden'],
		['✅ Erledigt, 1️⃣ Punkt', 'Erledigt, 1 Punkt'],
		['Kommentare 👇', 'Kommentare'],
		['Preis : 5 € – „Straße“ → Größe', 'Preis : 5 € – „Straße“ → Größe'],
	]
	for (const [text, drawable] of cases) expect([text, drawableText(text, noEmoji)]).toEqual([text, drawable])
})
