import { setImmediate } from 'node:timers/promises'
import { PDFDocument, rgb, type PDFImage, type PDFPage } from 'pdf-lib'
import sharp from 'sharp'
import { embedSlideFont, type SlideFont } from './fonts.server.ts'
import { layoutSlide, type Box, type SlideLayout } from './layout.ts'
import type { Slide } from './split.ts'
import { channels, readableInk, type SlideTheme } from './theme.ts'

// A deck of slides as a PDF for LinkedIn's document posts: square 1080 x 1080 pt pages in the brand's
// colours, the logo (or the brand's name) and the page number in the footer, text wrapped and sized to
// fit. The closing slide takes the accent colour as its background. Bytes, not a stream: a deck of 20
// slides is a few hundred KB at most (the fonts are subset to the glyphs used).

export const PAGE_SIZE = 1080
const MARGIN = 96
const BAR = { width: 120, height: 14 }
const FOOTER = { logoHeight: 72, logoWidth: 300, baseline: 96, textSize: 26 }
const TEXT_BOX: Box = { x: MARGIN, top: MARGIN + BAR.height + 56, width: PAGE_SIZE - 2 * MARGIN, height: PAGE_SIZE - 2 * MARGIN - BAR.height - 56 - 110 }
const LOGO_PIXELS = { width: 600, height: 144 }
const SWIPE_HINT = 'Weiterblättern →'

/** A slide holds more text than fits at the smallest size; `index` is 0-based. */
export class SlideTooLongError extends Error {
	readonly index: number
	constructor(index: number) {
		super(`slide ${index + 1} holds too much text`)
		this.name = 'SlideTooLongError'
		this.index = index
	}
}

export type RenderOptions = { title?: string }

export async function renderSlidesPdf(slides: ReadonlyArray<Slide>, theme: SlideTheme, options: RenderOptions = {}): Promise<Uint8Array> {
	const pdf = await PDFDocument.create()
	pdf.setTitle(options.title ?? slides[0]?.heading ?? 'Postwerk', { showInWindowTitleBar: true })
	pdf.setLanguage('de-DE')
	pdf.setProducer('Postwerk')
	pdf.setCreator('Postwerk')
	const [regular, bold] = await Promise.all([embedSlideFont(pdf, 'regular'), embedSlideFont(pdf, 'bold')])
	const logo = await embedLogo(pdf, theme.logo)
	const fonts = { width: (text: string, size: number, isBold: boolean) => (isBold ? bold : regular).width(text, size) }
	for (const [index, slide] of slides.entries()) {
		const layout = layoutSlide(drawableSlide(slide, regular), TEXT_BOX, fonts)
		if (!layout) throw new SlideTooLongError(index)
		const page = pdf.addPage([PAGE_SIZE, PAGE_SIZE])
		const colours = slide.kind === 'closing' ? { background: theme.accent, text: readableInk(theme.accent), accent: readableInk(theme.accent) } : theme
		drawSlide(page, layout, colours, { regular, bold })
		drawFooter(page, { index, count: slides.length, colours, logo, name: theme.name, bold, regular })
		// A few milliseconds per slide; other requests go first between slides.
		await setImmediate()
	}
	return pdf.save()
}

/** The slide with only what the font can draw (emoji go); lines that were nothing but emoji are dropped. */
function drawableSlide(slide: Slide, font: SlideFont): Slide {
	return { ...slide, heading: font.drawable(slide.heading), body: slide.body.map(font.drawable).filter(Boolean) }
}

type Colours = { background: string; text: string; accent: string }
const colour = (hex: string) => {
	const { r, g, b } = channels(hex)
	return rgb(r, g, b)
}

function drawSlide(page: PDFPage, layout: SlideLayout, colours: Colours, fonts: { regular: SlideFont; bold: SlideFont }) {
	page.drawRectangle({ x: 0, y: 0, width: PAGE_SIZE, height: PAGE_SIZE, color: colour(colours.background) })
	page.drawRectangle({ x: MARGIN, y: PAGE_SIZE - MARGIN - BAR.height, width: BAR.width, height: BAR.height, color: colour(colours.accent) })
	for (const line of layout.lines) {
		page.drawText(line.text, {
			x: line.x,
			y: PAGE_SIZE - line.y,
			size: line.size,
			font: (line.bold ? fonts.bold : fonts.regular).pdfFont,
			color: colour(line.accent ? colours.accent : colours.text),
		})
	}
	for (const bullet of layout.bullets) {
		page.drawCircle({ x: bullet.x + bullet.radius, y: PAGE_SIZE - bullet.y, size: bullet.radius, color: colour(colours.accent) })
	}
}

type Footer = { index: number; count: number; colours: Colours; logo: { image: PDFImage; width: number; height: number } | null; name: string; bold: SlideFont; regular: SlideFont }

function drawFooter(page: PDFPage, { index, count, colours, logo, name, bold, regular }: Footer) {
	const size = FOOTER.textSize
	if (logo) page.drawImage(logo.image, { x: MARGIN, y: FOOTER.baseline - size * 0.3, width: logo.width, height: logo.height })
	else if (bold.drawable(name)) page.drawText(bold.drawable(name), { x: MARGIN, y: FOOTER.baseline, size, font: bold.pdfFont, color: colour(colours.text) })
	if (count < 2) return
	const number = `${index + 1} / ${count}`
	page.drawText(number, { x: PAGE_SIZE - MARGIN - regular.width(number, size), y: FOOTER.baseline, size, font: regular.pdfFont, color: colour(colours.text), opacity: 0.75 })
	if (index === 0) {
		const hintSize = size * 1.1
		const x = PAGE_SIZE - MARGIN - bold.width(SWIPE_HINT, hintSize)
		page.drawText(SWIPE_HINT, { x, y: FOOTER.baseline + size * 2.2, size: hintSize, font: bold.pdfFont, color: colour(colours.accent) })
	}
}

/** The logo as a PNG no larger than the footer needs (sharp works off the event loop); an unreadable one is left out. */
async function embedLogo(pdf: PDFDocument, bytes: Uint8Array | null) {
	if (!bytes || bytes.byteLength === 0) return null
	let png: Buffer
	try {
		png = await sharp(bytes, { limitInputPixels: 40_000_000 }).resize({ ...LOGO_PIXELS, fit: 'inside', withoutEnlargement: true }).png().toBuffer()
	} catch {
		// A logo that cannot be read must not cost the user the document.
		return null
	}
	const image = await pdf.embedPng(png)
	const scale = Math.min(FOOTER.logoHeight / image.height, FOOTER.logoWidth / image.width)
	return { image, width: image.width * scale, height: image.height * scale }
}
